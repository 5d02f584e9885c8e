import fc from 'fast-check';
import { HUGE_STRING_LENGTH, INJECTION_STRINGS, PROTO_KEYS, hostileValue } from './hostile-values';
import { RawJson, objectFrom } from './json-text';

/**
 * Bends a valid value at one place: a wrong type, a missing or extra field, an array where an
 * object belongs, a huge or deeply nested value, awkward text, prototype-pollution keys. The
 * place is chosen among every node of the value (the root included), so deep fields are hit too.
 */
type Path = (string | number)[];

export type Mutation =
  | { kind: 'replace'; value: unknown }
  | { kind: 'remove' }
  | { kind: 'add'; key: string; value: unknown }
  | { kind: 'wrap-array' }
  | { kind: 'append-text'; text: string };

export interface Mutated {
  value: unknown;
  /** Where and what, for the failure report: `customer.addresses.0.city: replace`. */
  description: string;
}

function nodes(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (value instanceof RawJson || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) value.forEach((item, i) => nodes(item, [...path, i], out));
  else for (const key of Object.keys(value)) nodes((value as Record<string, unknown>)[key], [...path, key], out);
  return out;
}

function copy(value: unknown): unknown {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  return objectFrom(Object.keys(value).map((key) => [key, copy((value as Record<string, unknown>)[key])] as const));
}

function apply(node: unknown, mutation: Mutation): { replaced: unknown } | { removed: true } {
  switch (mutation.kind) {
    case 'replace':
      return { replaced: mutation.value };
    case 'remove':
      return { removed: true };
    case 'wrap-array':
      return { replaced: [node] };
    case 'append-text':
      return { replaced: typeof node === 'string' ? node + mutation.text : mutation.text };
    case 'add': {
      if (node === null || typeof node !== 'object' || node instanceof RawJson || Array.isArray(node)) return { replaced: objectFrom([[mutation.key, mutation.value]]) };
      const target = node as Record<string, unknown>;
      target[mutation.key] = mutation.value;
      return { replaced: target };
    }
  }
}

export function mutateAt(value: unknown, pick: number, mutation: Mutation): Mutated {
  const root = copy(value);
  const all = nodes(root);
  const path = all[pick % all.length] ?? [];
  const where = path.length === 0 ? '(root)' : path.join('.');
  const description = `${where}: ${mutation.kind}${mutation.kind === 'add' ? ` ${mutation.key}` : ''}`;
  if (path.length === 0) {
    const outcome = apply(root, mutation);
    return { value: 'removed' in outcome ? undefined : outcome.replaced, description };
  }
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const outcome = apply(parent[last], mutation);
  if ('removed' in outcome) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = outcome.replaced;
  return { value: root, description };
}

const extraKey = fc.oneof(fc.constantFrom<string>(...PROTO_KEYS, 'admin', 'isAdmin', 'customer_id', 'group_id', 'price', 'id', ''), fc.string({ maxLength: 12 }));

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: hostileValue().map((value): Mutation => ({ kind: 'replace', value })) },
  { weight: 2, arbitrary: fc.constant<Mutation>({ kind: 'remove' }) },
  { weight: 2, arbitrary: fc.record({ key: extraKey, value: hostileValue() }).map((r): Mutation => ({ kind: 'add', ...r })) },
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'wrap-array' }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<string>('\u0000', '\ud83d', '\u202e', ...INJECTION_STRINGS, 'y'.repeat(HUGE_STRING_LENGTH))
      .map((text): Mutation => ({ kind: 'append-text', text })),
  },
);

/** A valid value bent in 1 to 3 places. */
export function mutatedArbitrary(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Mutated> {
  return fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), mutationArbitrary), { minLength: 1, maxLength: 3 }))
    .map(([value, steps]) =>
      steps.reduce<Mutated>(
        (acc, [pick, mutation]) => {
          const next = mutateAt(acc.value, pick, mutation);
          return { value: next.value, description: acc.description ? `${acc.description}; ${next.description}` : next.description };
        },
        { value, description: '' },
      ),
    );
}
