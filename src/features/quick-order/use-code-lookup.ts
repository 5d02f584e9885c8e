import { useEffect, useMemo, useState } from 'react';
import { recordsOf, textOf, type Doc } from '../../domain/cart/doc-fields';
import { findLocalProductsByCodes } from '../../db/catalog/local-catalog';
import type { CodeLookup } from './resolve-code';

/** Codes a row needs answered: its own, and the members of a bundle it names (priced from their products). */
function memberSkus(found: ReadonlyMap<string, Doc[]>): string[] {
  const skus: string[] = [];
  for (const docs of found.values())
    for (const doc of docs) for (const option of recordsOf(doc.bundle_options)) for (const link of recordsOf(option.product_links)) if (textOf(link.sku)) skus.push(textOf(link.sku));
  return skus;
}

export interface CodeAnswers {
  lookup: CodeLookup;
  /** The code has not been answered yet: its row waits rather than showing "unknown". */
  pending: (code: string) => boolean;
}

/**
 * The local catalogue's answers for the pad's codes, asked in one go whenever the codes or the
 * catalogue (`version`) change. The catalogue may live in a worker, so its answers come back
 * asynchronously; the rows are then checked synchronously against this map. The last answers stay
 * in use until the new ones arrive, so rows that did not change do not blink.
 */
export function useCodeLookup(codes: readonly string[], version: unknown): CodeAnswers {
  const [answers, setAnswers] = useState<ReadonlyMap<string, Doc[]>>(new Map());
  const key = [...new Set(codes.map((c) => c.trim()).filter(Boolean))].sort().join('\n');
  useEffect(() => {
    let live = true;
    const wanted = key === '' ? [] : key.split('\n');
    void (async () => {
      const found = await findLocalProductsByCodes(wanted);
      const members = memberSkus(found).filter((sku) => !found.has(sku));
      if (members.length > 0) for (const [sku, docs] of await findLocalProductsByCodes(members)) found.set(sku, docs);
      for (const code of wanted) if (!found.has(code)) found.set(code, []);
      if (live) setAnswers(found);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, version]);
  return useMemo(() => ({ lookup: (code: string) => answers.get(code.trim()) ?? [], pending: (code: string) => !answers.has(code.trim()) }), [answers]);
}
