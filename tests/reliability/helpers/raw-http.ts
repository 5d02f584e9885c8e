import http from 'node:http';
import zlib from 'node:zlib';

/** What came back, before any interpretation: the suites judge it. */
export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The decoded body text ('' for a stream, which is closed once its headers arrived). */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  streamed: boolean;
}

export interface RawRequest {
  method: string;
  /** Path with its query string, sent as is (so malformed escapes reach the server). */
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

const TIMEOUT_MS = 20_000;

function decode(buffer: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(buffer);
  if (encoding === 'br') return zlib.brotliDecompressSync(buffer);
  if (encoding === 'deflate') return zlib.inflateSync(buffer);
  return buffer;
}

/**
 * A request through node:http rather than fetch: any method may carry a body, headers go out
 * exactly as given and the path is not normalised. Each request has its own connection, so a
 * connection the server dropped after a broken request never fails the next one. Server-Sent
 * Event streams are cut after the headers.
 */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawReply> {
  const url = new URL(baseUrl);
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
  // Node frames a GET or DELETE body only when its length is given; without it the bytes would
  // reach the server as a second, broken request.
  const headers = body === undefined ? (request.headers ?? {}) : { 'content-length': String(body.length), ...request.headers };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent: false, host: url.hostname, port: url.port, method: request.method, path: request.path, headers },
      (res) => {
        const streamed = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
        if (streamed) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '', json: undefined, streamed });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const text = decode(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, streamed });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no reply within ${TIMEOUT_MS} ms: ${request.method} ${request.path.slice(0, 200)}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Shortens a value for a failure message: huge fuzz inputs must not flood the report. */
export function preview(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/**
 * Announces `announced` bytes of JSON, sends only `sent`, and waits: a server that refuses early
 * answers at once; one that reads the whole body first answers 'no reply'.
 */
export function partialUpload(baseUrl: string, path: string, announced: number, sent: number, waitMs: number): Promise<{ status: number | 'no reply'; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const req = http.request({ agent: false, host: url.hostname, port: url.port, method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': String(announced) } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: text });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 'no reply', body: `nothing within ${waitMs} ms of sending ${sent} of ${announced} bytes` });
    }, waitMs);
    req.on('error', () => undefined);
    req.write(`{"products": [${' '.repeat(sent)}`);
  });
}
