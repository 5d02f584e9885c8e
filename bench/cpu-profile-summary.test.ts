import { describe, expect, it } from 'vitest';
import { summariseProfile } from './cpu-profile-summary';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('summariseProfile', () => {
  // root → handler (our file) → JSON.stringify-like native; root → (idle); root → inspector post → dispatch
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 4, 5] },
      { id: 2, callFrame: frame('handler', 'file:///x/server/catalog/routes.ts', 9), children: [3] },
      { id: 3, callFrame: frame('write') },
      { id: 4, callFrame: frame('(idle)') },
      { id: 5, callFrame: frame('post', 'node:inspector', 111), children: [6] },
      { id: 6, callFrame: frame('dispatch') },
    ],
    samples: [2, 3, 3, 4, 6],
    timeDeltas: [1000, 2000, 1000, 5000, 9000],
  };

  it('adds self time per function, names natives after their caller, leaves out idle and the profiler', () => {
    const summary = summariseProfile(profile);
    expect(summary.busyMs).toBe(4);
    expect(summary.idleMs).toBe(5);
    expect(summary.functions[0]).toMatchObject({ ms: 3, percent: 75 });
    expect(summary.functions[0]!.name).toMatch(/^write \(native\) < handler .*routes\.ts:10$/);
    expect(summary.functions.some((f) => f.name.includes('dispatch'))).toBe(false);
  });
});
