import type { Doc } from './types';

/**
 * `sourceInclude` / `sourceExclude` on a returned document, by dot paths that go through arrays
 * ("configurable_children.sku" keeps or drops the SKU of every child). Exclusion wins. The stored
 * document is never changed; untouched branches are shared with it.
 */
export function projectFields(doc: Doc, include?: readonly string[], exclude?: readonly string[]): Doc {
  let out: Doc = doc;
  if (include?.length) out = pickTree(doc, treeOf(include)) as Doc;
  if (exclude?.length) for (const path of exclude) out = omit(out, path.split('.')) as Doc;
  return out;
}

type Tree = Map<string, Tree | true>;

// A list asks for the same fields for each of its 50 documents, and the next page again.
const trees = new Map<string, Tree>();

function treeOf(include: readonly string[]): Tree {
  const key = include.join('\n');
  let tree = trees.get(key);
  if (!tree) {
    if (trees.size >= 100) trees.clear(); // callers choose the paths: keep this small
    trees.set(key, (tree = toTree(include.map((path) => path.split('.')))));
  }
  return tree;
}

function toTree(paths: string[][]): Tree {
  const root: Tree = new Map();
  for (const parts of paths) {
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node.set(part, true);
      else {
        let child = node.get(part);
        if (child === true) return;
        if (!child) node.set(part, (child = new Map()));
        node = child;
      }
    });
  }
  return root;
}

function pickTree(value: unknown, tree: Tree): unknown {
  if (Array.isArray(value)) return value.map((item) => pickTree(item, tree));
  if (value === null || typeof value !== 'object') return undefined;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    if (!Object.hasOwn(source, key)) continue;
    const picked = sub === true ? source[key] : pickTree(source[key], sub);
    if (picked !== undefined) out[key] = picked;
  }
  return out;
}

function omit(value: unknown, parts: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => omit(item, parts));
  if (value === null || typeof value !== 'object') return value;
  const [head = '', ...rest] = parts;
  const source = value as Record<string, unknown>;
  if (!Object.hasOwn(source, head)) return value;
  const copy = { ...source };
  if (rest.length === 0) delete copy[head];
  else copy[head] = omit(source[head], rest);
  return copy;
}
