import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './after-first-screen';

/** A page that has loaded, with an idle callback that runs on the next timer tick. */
function stubPage(online: boolean) {
  vi.stubGlobal('window', {
    requestIdleCallback: (run: () => void) => setTimeout(run, 0),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  vi.stubGlobal('document', { readyState: 'complete' });
  vi.stubGlobal('navigator', { onLine: online });
}

describe('opening the local database after the first screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits while the first screen reads from the server, then starts when they settle', async () => {
    stubPage(true);
    const client = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    void client.fetchQuery({ queryKey: ['banners'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    const start = vi.fn();
    afterFirstScreen(client, start);
    await vi.advanceTimersByTimeAsync(1000);
    expect(start).not.toHaveBeenCalled();
    answer('banners');
    await vi.advanceTimersByTimeAsync(100);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after three seconds, and does not wait at all offline', async () => {
    stubPage(true);
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>(() => undefined) });
    const start = vi.fn();
    afterFirstScreen(client, start);
    await vi.advanceTimersByTimeAsync(2900);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(start).toHaveBeenCalledTimes(1);

    stubPage(false);
    const offline = vi.fn();
    afterFirstScreen(client, offline);
    await vi.advanceTimersByTimeAsync(1);
    expect(offline).toHaveBeenCalledTimes(1);
  });

  it('never starts once cancelled (the provider unmounted)', async () => {
    stubPage(true);
    const start = vi.fn();
    afterFirstScreen(new QueryClient(), start)();
    await vi.advanceTimersByTimeAsync(5000);
    expect(start).not.toHaveBeenCalled();
  });
});
