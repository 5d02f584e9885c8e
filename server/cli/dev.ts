import { spawn, type ChildProcess } from 'node:child_process';

// `npm run dev`: the API on PORT (default 3000) and Vite with hot reload on 5173, proxying /api to it.
const children: ChildProcess[] = [
  // One API process unless WEB_CONCURRENCY says otherwise: --watch restarts it on every change.
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', env: { ...process.env, API_URL: `http://127.0.0.1:${process.env.PORT ?? 3000}` } }),
];

function stop(code: number): void {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
