/** What a faulty network or a struggling server answers, as the client's fetch would see it. */

export const networkFailure = (message: string, code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });

/** Our own `{code, result}` envelope with the HTTP status equal to code: the server did not act. */
export function envelope(code: number, result: string): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (code === 429) headers['retry-after'] = '1';
  return new Response(JSON.stringify({ code, result }), { status: code, headers });
}

/** A proxy's error page: HTML, not our envelope. */
export function proxyPage(status = 502): Response {
  const html = `<!DOCTYPE html><html><head><title>${status} Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The upstream server did not answer.</p><hr><address>nginx</address></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** The abort's reason (the client's TimeoutError, say), as the rejection of the pending fetch. */
const reasonOf = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError'));

/**
 * A request that never answers: it rejects with the signal's reason when the client's time-out (or
 * the caller) aborts it, when `release` is called (the scenario ends), or after `capMs` as a cut
 * connection, so a client without a time-out cannot stall a scenario for long (`onCap` counts it).
 */
export function hang(signal: AbortSignal | null | undefined, capMs: number, onCap: () => void, releases: Set<() => void>): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal?.aborted) return reject(reasonOf(signal));
    const done = (error: Error) => {
      clearTimeout(cap);
      signal?.removeEventListener('abort', onAbort);
      releases.delete(release);
      reject(error);
    };
    const onAbort = () => done(reasonOf(signal!));
    const release = () => done(networkFailure('connection closed at the end of the scenario', 'ECONNRESET'));
    const cap = setTimeout(() => {
      onCap();
      done(networkFailure(`no reply and no abort after ${capMs} ms`, 'ETIMEDOUT'));
    }, capMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    releases.add(release);
  });
}
