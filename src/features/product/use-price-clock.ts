import { useEffect, useState } from 'react';
import type { Doc } from '../../domain/cart/doc-fields';
import { nextSpecialPriceEdge } from '../../domain/pricing/special-price';

/** setTimeout takes at most 2^31-1 ms (about 24.8 days); a later edge is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The time prices are worked out at, moved on when a special price of these documents (a product, its
 * configurable children, its group or bundle members) starts or ends, so a sale that opens or closes
 * while the page is open shows at once, as a change from the replica would.
 */
export function usePriceClock(docs: readonly Doc[]): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const edges = docs.map((doc) => nextSpecialPriceEdge(doc, new Date())).filter((edge): edge is number => edge !== undefined);
    if (edges.length === 0) return;
    const wait = Math.min(Math.min(...edges) - Date.now(), LONGEST_TIMER_MS);
    const timer = setTimeout(() => setNow(new Date()), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [docs, now]);
  return now;
}
