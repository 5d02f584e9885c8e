import { createServer, type Server } from 'node:http';

export const METRICS_PATH = '/metrics';

/**
 * METRICS_PORT: a second listener that answers GET /metrics and nothing else, without a token, for a
 * scraper on a private network (keep the port closed to the internet). `read` gives the text: one
 * process's registry, or the supervisor's aggregate of every process.
 */
export async function serveMetricsPort(port: number, host: string, read: () => Promise<{ text: string; contentType: string }>, onError: (error: unknown) => void): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served on this port\n');
      return;
    }
    read().then(
      ({ text, contentType }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be read\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
