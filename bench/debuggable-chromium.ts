/**
 * The system Chromium with a DevTools port, for tools that drive it themselves (Lighthouse opens its
 * own tabs through the port). Same binary and quiet flags as the e2e browser.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../e2e/helpers/browser';
import { freePort } from '../tests/helpers/spawn-server';
import { sleep } from './stats';

export interface DebuggableChromium {
  port: number;
  /** The fresh profile folder (its IndexedDB files, for what a site stores on disk). */
  profile: string;
  close(): Promise<void>;
}

export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-chromium-'));
  const args = [
    '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, '--no-sandbox', '--disable-gpu', '--disable-quic',
    '--no-first-run', '--no-default-browser-check', '--disable-background-networking', '--disable-component-update', '--disable-sync', 'about:blank',
  ];
  const child = spawn(chromiumPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (child.exitCode !== null) break;
    if (await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok, () => false)) return { port, profile, close };
    await sleep(100);
  }
  await close();
  throw new Error(`Chromium did not open its DevTools port ${port}:\n${stderr}`);
}
