/**
 * The one table `npm run bench` prints, and the JSON record of the run under `bench/results/`
 * (`<timestamp>.json` plus `latest.json`), so runs can be compared over time.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../tests/helpers/test-config';
import { meetsTarget, ratio, type Figure } from './figure';
import { round } from './stats';

const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');

const targetText = (f: Figure) => (f.target ? `${f.target.kind === 'max' ? '<=' : '>='} ${f.target.value}` : '');
const verdict = (f: Figure) => ({ true: 'yes', false: 'MISSED', undefined: '' })[String(meetsTarget(f)) as 'true' | 'false' | 'undefined'];

export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => {
    const r = ratio(f);
    return [
      f.item,
      f.name,
      f.value === null ? '-' : `${f.value} ${f.unit}`,
      targetText(f),
      verdict(f),
      f.baseline ? `${f.baseline.value} (${f.baseline.name})` : '',
      r === undefined ? '' : `${round(r, 2)}x`,
      f.note ?? '',
    ];
  });
  const header = ['item', 'figure', 'value', 'target', 'met', 'baseline (same run)', 'ratio', 'note'];
  const widths = header.map((h, i) => Math.min(i === 5 ? 48 : 64, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join(' | ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)].join('\n');
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

export async function writeResults(started: Date, record: Record<string, unknown>, figures: readonly Figure[]): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const json = JSON.stringify(
    {
      startedAt: started.toISOString(),
      seconds: round((Date.now() - started.getTime()) / 1000, 1),
      commit: gitCommit(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: round(os.totalmem() / 1024 ** 3, 1), node: process.version, platform: `${os.platform()} ${os.release()}` },
      ...record,
      figures: figures.map((f) => ({ ...f, met: meetsTarget(f), ratio: ratio(f) === undefined ? undefined : round(ratio(f)!, 3) })),
    },
    null,
    2,
  );
  const file = path.join(RESULTS_DIR, `${started.toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${json}\n`);
  await copyFile(file, path.join(RESULTS_DIR, 'latest.json'));
  return file;
}
