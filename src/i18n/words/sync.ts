/** English wording of the sync screens (merged into en.ts; SPEC §8 messages quoted exactly). */
export const syncWords = {};
