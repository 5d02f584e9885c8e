/** Runs another TypeScript script of the repository in its own Node process and returns what it printed. */
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../tests/helpers/test-config';

export function runScript(script: string, args: readonly string[] = [], nodeArgs: readonly string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${script} ${args.join(' ')} exited with ${code}: ${(stdout + stderr).slice(-600)}`))));
  });
}
