/** An error as text: its whole stack, or (brief) its first lines and the top of its stack, since RxDB's errors run to dozens of lines. */
export const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

export function briefError(e: unknown): string {
  const lines = errorText(e).split('\n').filter((l) => l.trim() !== '');
  const stack = lines.filter((l) => l.trim().startsWith('at '));
  const head = lines.filter((l) => !l.trim().startsWith('at ') && !/^(Docs|Find out|Still stuck|Fix|Cause):/.test(l.trim())).slice(0, 3);
  return [head.join(' '), ...stack.slice(0, 5)].join('\n      ');
}
