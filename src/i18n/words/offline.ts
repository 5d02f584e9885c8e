/** English wording of the offline screens (merged into en.ts; SPEC §8 messages quoted exactly). */
export const offlineWords = {};
