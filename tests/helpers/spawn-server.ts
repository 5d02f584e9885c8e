import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { REPO_ROOT, TEST_RATE_LIMIT_SCALE } from './test-config';
import { until } from './wait-until';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `entry` (by default `server/main.ts`, through tsx; a `.js` entry such as `npm start`'s
 * `server/cli/start.js` with plain Node) as its own process and waits until /api/health answers.
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000, entry = 'server/main.ts'): Promise<ServerProcess> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    cwd: REPO_ROOT,
    // One API process unless a test asks for more: a test's process is the one it stops or kills. Its
    // clients all come from 127.0.0.1, so the per-process request limits are raised as in testConfig.
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_CONCURRENCY: '1', RATE_LIMIT_SCALE: TEST_RATE_LIMIT_SCALE, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    return fetch(`${url}/api/health`).then((r) => r.ok, () => false);
  };
  await until('the server to answer /api/health', answers, (ok) => ok, timeoutMs).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${log}`);
  });
  return {
    url,
    child,
    output: () => log,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
