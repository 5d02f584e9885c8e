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
  /** The ports it listens on: `PORT` and the env vars named in `SpawnOptions.ports`. */
  ports: Record<string, number>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface SpawnOptions {
  /** Env vars that name another port the server listens on (an inspection port): each gets a free one. */
  ports?: readonly string[];
  /**
   * The ports to start on first (`PORT` and those of `ports`): a server started again after a kill
   * keeps its address, so its clients do not meet whatever else on the machine takes the old one.
   */
  reuse?: Record<string, number>;
}

/** Tries at most, when a port found free was taken before the server could listen on it. */
const PORT_TRIES = 3;

/**
 * Starts `entry` (by default `server/main.ts`, through tsx; a `.js` entry such as `npm start`'s
 * `server/cli/start.js` with plain Node) as its own process and waits until /api/health answers.
 * A port is found free, then closed, then opened by the server: another process on the machine (a
 * soak beside the test run) can take it in between, and the server then starts again on new ones.
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000, entry = 'server/main.ts', options: SpawnOptions = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(env, timeoutMs, entry, attempt === 1 ? options : { ...options, reuse: undefined });
    } catch (error) {
      if (attempt >= PORT_TRIES || !String(error).includes('EADDRINUSE')) throw error;
      // Said, so a soak that then meets something odd (a database that came back older) can tell.
      console.warn(`[spawn-server] a port was taken before the server listened (attempt ${attempt} of ${PORT_TRIES}); starting again on new ports`);
    }
  }
}

async function spawnOnce(env: Record<string, string>, timeoutMs: number, entry: string, options: SpawnOptions): Promise<ServerProcess> {
  const port = options.reuse?.PORT ?? (await freePort());
  const ports: Record<string, number> = {};
  for (const name of options.ports ?? []) ports[name] = options.reuse?.[name] ?? (await freePort());
  let log = '';
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    cwd: REPO_ROOT,
    // One API process unless a test asks for more: a test's process is the one it stops or kills. Its
    // clients all come from 127.0.0.1, so the per-process request limits are raised as in testConfig.
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_CONCURRENCY: '1', RATE_LIMIT_SCALE: TEST_RATE_LIMIT_SCALE, ...env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), PORT: String(port) },
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
    ports: { ...ports, PORT: port },
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
