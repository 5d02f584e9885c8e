/**
 * Every request a page makes, with its bytes on the wire (CDP `Network.loadingFinished`
 * `encodedDataLength`, headers included), and a wait for the network to go quiet that ignores
 * long-lived streams (the catalogue's SSE connection never ends, so "networkidle" never comes).
 */
import type { CDPSession } from 'playwright-core';
import { sleep } from './stats';

export interface RequestRecord {
  url: string;
  type: string;
  /** Seconds after the first request of the page. */
  start: number;
  /** Seconds after the first request, when its last byte arrived (or it failed). */
  end: number | undefined;
  bytes: number;
  done: boolean;
}

export class NetworkLog {
  readonly requests = new Map<string, RequestRecord>();
  private firstAt: number | undefined;
  loadEventAt: number | undefined;

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.firstAt ??= e.timestamp;
      this.requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', start: e.timestamp - this.firstAt, end: undefined, bytes: 0, done: false });
    });
    const finish = (id: string, bytes: number, at: number) => {
      const record = this.requests.get(id);
      if (record) Object.assign(record, { bytes, done: true, end: at - (this.firstAt ?? at) });
    };
    cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.encodedDataLength, e.timestamp));
    cdp.on('Network.loadingFailed', (e) => finish(e.requestId, 0, e.timestamp));
    cdp.on('Page.loadEventFired', (e) => (this.loadEventAt = e.timestamp - (this.firstAt ?? e.timestamp)));
  }

  static async attach(cdp: CDPSession): Promise<NetworkLog> {
    const log = new NetworkLog(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Page.enable');
    return log;
  }

  list(): RequestRecord[] {
    return [...this.requests.values()];
  }

  /** Seconds within [from, to] when at least one of `requests` was in flight. */
  static busySeconds(requests: RequestRecord[]): number {
    const spans = requests.filter((r) => r.end !== undefined).map((r) => [r.start, r.end!] as const).sort((a, b) => a[0] - b[0]);
    let busy = 0;
    let reach = -Infinity;
    for (const [start, end] of spans) {
      if (end <= reach) continue;
      busy += end - Math.max(start, reach);
      reach = end;
    }
    return busy;
  }

  /** Until nothing but `ignore`d requests has been in flight for `quietMs`, or `maxMs` passed. */
  async quiet(ignore: RegExp, quietMs = 1000, maxMs = 20_000): Promise<void> {
    const started = performance.now();
    let quietSince = performance.now();
    while (performance.now() - started < maxMs) {
      const busy = this.list().some((r) => !r.done && !ignore.test(r.url));
      if (busy) quietSince = performance.now();
      else if (performance.now() - quietSince >= quietMs) return;
      await sleep(100);
    }
  }
}
