/// <reference lib="webworker" />
/**
 * Makes this process's first string collator (see collation-warmup.ts) and says so. Compares two
 * strings the way RxDB's schema normalization does: `localeCompare` with no locale or options.
 */
export {};
declare const self: DedicatedWorkerGlobalScope;

'a'.localeCompare('b');
self.postMessage('ready');
