/** The wait in words, rounded up to whole minutes past a minute (what a shopper can act on). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * A 429's message: the server's, and the device's when it answers a request held by the server's
 * Retry-After itself, so the wait it names is the one left, not the one first given.
 */
export const tooManyRequestsMessage = (seconds: number) => `Too many requests. Try again in ${waitInWords(seconds)}.`;
