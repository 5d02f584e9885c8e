/** An error as text: its whole stack, or (brief) its first lines and the top of its stack, since RxDB's errors run to dozens of lines. */
export const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

export function briefError(e: unknown): string {
  const lines = errorText(e).split('\n').filter((l) => l.trim() !== '');
  // The frames that say who called: past the API client's own and Node's.
  const frames = lines.filter((l) => l.trim().startsWith('at '));
  const callers = frames.filter((l) => !/replication\/api\/|node:internal|node_modules/.test(l));
  const stack = [...frames.slice(0, 1), ...callers.filter((l) => l !== frames[0]).slice(0, 4)];
  const head = lines.filter((l) => !l.trim().startsWith('at ') && !/^(Docs|Find out|Still stuck|Fix|Cause):/.test(l.trim())).slice(0, 3);
  return [head.join(' '), ...stack].join('\n      ');
}
