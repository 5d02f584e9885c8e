/**
 * Summarises a V8 `.cpuprofile` as the functions and files with the most self time, the figure
 * that says where a missed target's time goes. Run alone: `npx tsx bench/cpu-profile-summary.ts FILE [top]`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../tests/helpers/test-config';
import { round } from './stats';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  /** Share of the busy (non-idle) time. */
  percent: number;
}
export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  functions: SelfTime[];
  /** Self time grouped by our source file or by npm package. */
  sources: SelfTime[];
}

/** `node_modules/fastify/lib/x.js` → `fastify`; our files relative to the repository. */
function sourceOf(url: string): string {
  if (!url) return '(native / V8)';
  if (/^https?:/.test(url)) return new URL(url).pathname; // a page's script: its path on the shop
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1]!;
  if (file.startsWith('node:')) return 'node internals';
  return path.isAbsolute(file) ? path.relative(REPO_ROOT, file) : file;
}

function top(map: Map<string, number>, busyMs: number, count: number): SelfTime[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms: round(ms, 1), percent: round((100 * ms) / busyMs, 1) }));
}

export function summariseProfile(profile: CpuProfile, count = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /** Native frames (socket writes, zlib, JSON) are named after the nearest JavaScript caller. */
  const jsCaller = (id: number): ProfileNode['callFrame'] | undefined => {
    for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.url) return frame;
    }
    return undefined;
  };
  const selfMs = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; attributing it to sample i is what DevTools does.
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  // Stopping the profiler (the inspector's post) is sampled too; it is not the server's work.
  const underInspector = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) if (byId.get(at)!.callFrame.url.startsWith('node:inspector')) return true;
    return false;
  };
  const functions = new Map<string, number>();
  const sources = new Map<string, number>();
  let busyMs = 0;
  let idleMs = 0;
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame;
    if (underInspector(id)) continue;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    busyMs += ms;
    const caller = frame.url || frame.functionName.startsWith('(') ? undefined : jsCaller(id);
    const source = sourceOf(frame.url || caller?.url || '');
    const line = (f: ProfileNode['callFrame']) => (f.lineNumber > 0 ? `:${f.lineNumber + 1}` : '');
    const label = frame.url
      ? `${frame.functionName || '(anonymous)'} ${source}${line(frame)}`
      : caller
        ? `${frame.functionName} (native) < ${caller.functionName || '(anonymous)'} ${source}${line(caller)}`
        : frame.functionName || '(native)';
    functions.set(label, (functions.get(label) ?? 0) + ms);
    sources.set(source, (sources.get(source) ?? 0) + ms);
  }
  return { busyMs: round(busyMs, 0), idleMs: round(idleMs, 0), functions: top(functions, busyMs, count), sources: top(sources, busyMs, count) };
}

export async function summariseProfileFile(file: string, count?: number): Promise<ProfileSummary> {
  return summariseProfile(JSON.parse(await readFile(file, 'utf8')) as CpuProfile, count);
}

export function formatSummary(summary: ProfileSummary): string {
  const line = (s: SelfTime) => `  ${String(s.ms).padStart(8)} ms ${String(s.percent).padStart(5)} %  ${s.name}`;
  return [
    `busy ${summary.busyMs} ms, idle ${summary.idleMs} ms; top self time by function:`,
    ...summary.functions.map(line),
    'by source file / package:',
    ...summary.sources.map(line),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: cpu-profile-summary.ts FILE.cpuprofile [top]');
  console.log(formatSummary(await summariseProfileFile(file, Number(process.argv[3] ?? 20))));
}
