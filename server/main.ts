import { loadConfig } from './config';
import { startServer } from './start-server';

const started = performance.now();
const server = await startServer(loadConfig());
server.app.log.info({ url: server.url, database: server.ctx.db.kind, timings: server.timings, totalMs: Math.round(performance.now() - started) }, 'shop is ready');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
