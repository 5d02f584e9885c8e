/**
 * Field projection by dot paths, as the catalogue queries' includeFields and excludeFields: an
 * include list keeps only the named paths, an exclude list removes paths, and exclude wins.
 * Lists are projected element by element, so `configurable_children.sku` keeps each child's sku.
 */

type PathTree = Map<string, PathTree | true>;

function buildTree(paths: readonly string[]): PathTree {
  const root: PathTree = new Map();
  for (const path of paths) {
    const parts = path.split('.');
    let node = root;
    for (const [i, part] of parts.entries()) {
      const existing = node.get(part);
      if (existing === true) break; // an ancestor is already kept whole
      if (i === parts.length - 1) {
        node.set(part, true);
        break;
      }
      const next: PathTree = existing ?? new Map<string, PathTree | true>();
      node.set(part, next);
      node = next;
    }
  }
  return root;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function pick(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((item) => pick(item, tree));
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    if (!Object.hasOwn(value, key)) continue;
    const picked = sub === true ? value[key] : pick(value[key], sub);
    if (picked !== undefined) out[key] = picked;
  }
  return out;
}

function omit(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((item) => omit(item, tree));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const sub = tree.get(key);
    if (sub === true) continue;
    out[key] = sub ? omit(field, sub) : field;
  }
  return out;
}

export function projectFields(
  doc: Record<string, unknown>,
  includeFields: readonly string[] | null | undefined,
  excludeFields: readonly string[] | null | undefined,
): Record<string, unknown> {
  let out: Record<string, unknown> = doc;
  if (includeFields && includeFields.length > 0) out = pick(out, buildTree(includeFields)) as Record<string, unknown>;
  if (excludeFields && excludeFields.length > 0) out = omit(out, buildTree(excludeFields)) as Record<string, unknown>;
  return out;
}
