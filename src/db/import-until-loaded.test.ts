import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importInSteps, importUntilLoaded } from './import-until-loaded';

/** A chunk that fails to arrive `failures` times, then arrives. */
function flakyChunk(failures: number) {
  const load = vi.fn(() => (load.mock.calls.length <= failures ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ loaded: true })));
  return load;
}

describe('a code chunk fetched again until it arrives', () => {
  let page: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers();
    page = new EventTarget();
    vi.stubGlobal('window', page);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('tries again after 1 s, then twice as long each time, and resolves with the chunk once it arrives', async () => {
    const load = flakyChunk(3);
    const loaded = importUntilLoaded(load, { random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    await expect(loaded).resolves.toEqual({ loaded: true });
    expect(load).toHaveBeenCalledTimes(4);
    // Warned once, not once per try.
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('waits at most 30 s between tries however long it has failed', async () => {
    const load = flakyChunk(100);
    void importUntilLoaded(load, { random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // 1+2+4+8+16 s, then every 30 s: 5 waits in 31 s, 18 more in the next 569 s, and the first try.
    expect(load).toHaveBeenCalledTimes(1 + 5 + 18);
  });

  it('tries at once when the browser is back online, and from the shortest wait again after that', async () => {
    const load = flakyChunk(5);
    const loaded = importUntilLoaded(load, { random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    expect(load).toHaveBeenCalledTimes(4);
    page.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(6);
    await expect(loaded).resolves.toEqual({ loaded: true });
  });

  it('stops trying when aborted (the page left) and rejects', async () => {
    const load = flakyChunk(100);
    const stop = new AbortController();
    const loaded = importUntilLoaded(load, { signal: stop.signal });
    const outcome = expect(loaded).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    stop.abort();
    await outcome;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not try twice at once when the browser comes online while a try is on its way', async () => {
    let arrive: (chunk: string) => void = () => undefined;
    const load = vi.fn(() => (load.mock.calls.length === 1 ? Promise.reject(new TypeError('Failed to fetch')) : new Promise<string>((resolve) => (arrive = resolve))));
    const loaded = importUntilLoaded(load, { random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    page.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
    arrive('chunk');
    await expect(loaded).resolves.toBe('chunk');
  });

  it('imports steps in order, each only once the one before has arrived, and resolves with the last', async () => {
    const order: string[] = [];
    const step = (name: string, failures = 0) => {
      let calls = 0;
      return () => {
        order.push(name);
        return ++calls <= failures ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ name });
      };
    };
    const loaded = importInSteps([step('react'), step('react-dom', 1)], step('app'));
    await vi.advanceTimersByTimeAsync(0);
    // The second step failed once: the last one waits for its retry.
    expect(order).toEqual(['react', 'react-dom']);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(loaded).resolves.toEqual({ name: 'app' });
    expect(order).toEqual(['react', 'react-dom', 'react-dom', 'app']);
  });

  it('stops between steps when aborted', async () => {
    const stop = new AbortController();
    const last = vi.fn(() => Promise.resolve('app'));
    const loaded = importInSteps([flakyChunk(100)], last, { signal: stop.signal });
    const outcome = expect(loaded).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    stop.abort();
    await outcome;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(last).not.toHaveBeenCalled();
  });
});
