/**
 * JSON text the fuzzer controls exactly. `RawJson` carries text JSON.stringify cannot make
 * (1e309, -0, 10,000 levels of nesting built as a string, so no recursion is needed to write it),
 * and objects are written key by key, so an own `__proto__` key reaches the server as sent.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const parts = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${toJsonText(record[key])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A plain object that may own a `__proto__` key (a literal `{__proto__: x}` would set the prototype instead). */
export function objectFrom(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const target = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of entries) target[key] = value;
  return target;
}

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels deep. */
export function deepNesting(depth: number, kind: 'array' | 'object'): RawJson {
  return kind === 'array' ? new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`) : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}
