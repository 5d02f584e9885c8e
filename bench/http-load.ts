/**
 * One autocannon run against a route, with latencies taken per response so p95 can be read
 * (autocannon's own summary jumps from p90 to p97.5).
 */
import autocannon, { type Request } from 'autocannon';
import { processCpuMs } from './process-cpu';
import { percentile, round } from './stats';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  /** JSON bodies, each connection cycles through them in order. */
  bodies?: readonly unknown[];
  /** Instead of `bodies`: each request's JSON body, drawn when it is sent (a query stream). */
  nextBody?: () => unknown;
  seconds: number;
  connections: number;
  /**
   * Requests a second over all connections (autocannon's `overallRate`); unset, each connection sends
   * its next request as soon as the last is answered, so the server is saturated and latency is mostly
   * queueing. A rate below the server's capacity gives latency as a shopper would meet it.
   */
  rate?: number;
  headers?: Record<string, string>;
  /** The server's process id, to count the CPU time it spends per response. */
  serverPid?: number;
}

export interface LoadFigures {
  p50: number;
  p95: number;
  /** The tail the uncached-search target is read on (one request in 40 slower). */
  p975: number;
  p99: number;
  rps: number;
  responses: number;
  /** Socket errors, timeouts and non-2xx answers: a run with any is not a clean figure. */
  failures: number;
  /** Server CPU milliseconds per successful response (NaN without `serverPid`). */
  cpuMs: number;
}

export async function runLoad(spec: LoadSpec): Promise<LoadFigures> {
  const headers = { ...spec.headers, ...(spec.bodies || spec.nextBody ? { 'content-type': 'application/json' } : {}) };
  const next = spec.nextBody;
  const requests = next
    ? [{ method: spec.method, path: spec.path, headers, setupRequest: (request: Request) => ({ ...request, body: JSON.stringify(next()) }) }]
    : (spec.bodies ?? [undefined]).map((body) => ({
        method: spec.method,
        path: spec.path,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }));
  const latencies: number[] = [];
  const cpuBefore = spec.serverPid ? await processCpuMs(spec.serverPid) : NaN;
  const instance = autocannon({ url: spec.url, connections: spec.connections, duration: spec.seconds, requests, timeout: 10, ...(spec.rate ? { overallRate: spec.rate } : {}) });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  const cpuUsed = spec.serverPid ? (await processCpuMs(spec.serverPid)) - cpuBefore : NaN;
  return {
    p50: round(percentile(latencies, 50), 2),
    p95: round(percentile(latencies, 95), 2),
    p975: round(percentile(latencies, 97.5), 2),
    p99: round(percentile(latencies, 99), 2),
    rps: round(latencies.length / result.duration, 0),
    responses: latencies.length,
    failures: result.errors + result.timeouts + result.non2xx,
    cpuMs: round(cpuUsed / latencies.length, 3),
  };
}
