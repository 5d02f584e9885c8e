import { scaled } from './time-limits';

/** How often a state with no event to await is read again. */
const INTERVAL_MS = 20;

/**
 * Reads `read` again until `accept` holds for what it gives, and gives that: for a state with no event
 * to await (a database row, a delivery record, a server's log). `timeoutMs` is the limit on a quiet
 * machine, scaled with the load like every test limit (time-limits.ts); past it the error names `what`
 * and the last value seen.
 */
export async function until<T>(what: string, read: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const limit = scaled(timeoutMs);
  const deadline = Date.now() + limit;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limit} ms; last seen: ${JSON.stringify(value)?.slice(0, 1000)}`);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}

/** Waits until `test` holds (see `until`); gives the milliseconds it took. */
export async function waitUntil(test: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<number> {
  const started = Date.now();
  await until(what, test, (ok) => ok, timeoutMs);
  return Date.now() - started;
}
