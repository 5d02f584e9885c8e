import * as v from 'valibot';
import { FORM_MESSAGES as M, tooLong } from './form-messages';

/** Field schemas shared by every form and API body, each carrying its SPEC §5 message. */

/** Required text, trimmed; empty after trimming is "Field is required.". */
export const requiredText = (max = 200) => v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(max, tooLong(max)));

/** Optional text: absent, null or blank all mean "not given" (browser forms send empty strings). */
export const optionalText = (max = 200) =>
  v.pipe(
    v.nullish(v.string(), ''),
    v.transform((s) => s.trim()),
    v.maxLength(max, tooLong(max)),
    v.transform((s) => (s === '' ? undefined : s)),
  );

/** An e-mail address as typed (trimmed). Accounts compare it lower-cased. */
export const emailField = v.pipe(
  v.string(M.required),
  v.trim(),
  v.nonEmpty(M.required),
  v.maxLength(254, M.email),
  v.email(M.email),
);

/** First and last names: at least 2 letters. */
export const personNameField = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.minLength(2, M.name), v.maxLength(100, tooLong(100)));

export const companyNameField = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.minLength(3, M.companyName), v.maxLength(200, tooLong(200)));

export const taxIdField = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.minLength(3, M.taxId), v.maxLength(40, tooLong(40)));

export const zipCodeField = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.minLength(3, M.zipCode), v.maxLength(20, tooLong(20)));

/** Passwords are never trimmed: every character counts. The cap bounds the hashing work. */
export const passwordField = v.pipe(v.string(M.required), v.minLength(8, M.password), v.maxLength(256, tooLong(256)));

/** Two-letter ISO country code, upper-cased ("gb" → "GB"). */
export const countryField = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'Must be a two-letter country code.'));

/** A postal address from the street to the country, as every form that posts something asks for it. */
export const postalAddressFields = {
  streetAddress: requiredText(200),
  apartmentNumber: optionalText(100),
  city: requiredText(100),
  zipCode: zipCodeField,
  country: countryField,
};

export const phoneField = v.pipe(
  optionalText(40),
  v.check((s) => s === undefined || /^[0-9+()\-. ]{5,40}$/.test(s), 'Must be a phone number.'),
);

/** A tick box that must be ticked. */
export const acceptTermsField = v.literal(true, M.terms);

/** Whole quantities from 1; text such as "3" is converted, as cart quantities are. */
export const quantityField = v.pipe(
  v.union([v.number(M.quantityInteger), v.pipe(v.string(M.quantityInteger), v.regex(/^\s*-?\d+(\.\d+)?\s*$/, M.quantityInteger), v.transform(Number))], M.quantityInteger),
  v.minValue(1, M.quantityAboveZero),
  v.integer(M.quantityInteger),
  v.maxValue(99_999, 'Quantity must be below 100000.'),
);
