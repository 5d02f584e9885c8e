/**
 * The loyalty card number of an account: "FD" and the customer id in 10 digits, then a Luhn check
 * digit so a mistyped number at the counter is caught before points go to the wrong card.
 */
export function loyaltyCardNumber(customerId: number): string {
  const digits = String(customerId).padStart(10, '0');
  return `FD${digits}${luhnDigit(digits)}`;
}

export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
