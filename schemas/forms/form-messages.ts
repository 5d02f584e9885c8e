/**
 * The form messages of SPEC §5, word for word. Browser forms and the server validate with the
 * same schemas, so a shopper reads the same sentence whichever side refuses the input.
 */
export const FORM_MESSAGES = {
  required: 'Field is required.',
  email: 'Please provide valid e-mail address.',
  name: 'Name must have at least 2 letters.',
  companyName: 'Company name must have at least 3 letters.',
  taxId: 'Tax identification number must have at least 3 letters.',
  zipCode: 'Zip-code must have at least 3 letters.',
  password: 'Password must have at least 8 letters.',
  passwordsIdentical: 'Passwords must be identical.',
  terms: 'You must accept the terms and conditions.',
  alphabet: 'Accepts only alphabet characters.',
  quantityAboveZero: 'Quantity must be above 0.',
  quantityInteger: 'Quantity must be positive integer.',
  greaterThanZero: 'Must be greater than 0.',
} as const;

/** Length caps are not in the spec; they keep stored rows and mails a sane size. */
export const tooLong = (max: number) => `Must have at most ${max} characters.`;
