import * as v from 'valibot';

/**
 * EAN-13, the barcode on a product's box (GS1 General Specifications §7.9): 12 digits and a check
 * digit. The check digit makes a misread or mistyped code fail instead of naming another product.
 */

/** The GS1 check digit of the 12 digits before it: weights 1 and 3 from the left, to the next ten. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

const THIRTEEN_DIGITS = /^\d{13}$/;

/** The code with its check digit put right (the first 12 digits kept). */
export const withCheckDigit = (value: string): string => `${value.slice(0, 12)}${ean13CheckDigit(value.slice(0, 12))}`;

export const isEan13 = (value: string): boolean => THIRTEEN_DIGITS.test(value) && withCheckDigit(value) === value;

/** An EAN-13 as a string of digits (a number would lose leading zeros); a wrong check digit names the right one. */
export const eanSchema = v.pipe(
  v.string(),
  v.regex(THIRTEEN_DIGITS, 'EAN must be 13 digits'),
  v.check(
    (value) => !THIRTEEN_DIGITS.test(value) || isEan13(value),
    (issue) => `EAN check digit is wrong: ${withCheckDigit(String(issue.input))} would be valid`,
  ),
);
