import { GrowableBits } from './bitset';
import { compareIdKeys, type DocumentStore } from './document-store';
import { pathValues } from './field-values';
import type { Doc } from './types';

export type SortDirection = 'asc' | 'desc';
/** A document's sort value; strings are lower-cased, undefined = no value (sorts last). */
type SortKey = number | string | undefined;

function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number') return typeof b === 'number' ? a - b : -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Ascending sorts use a document's smallest value, descending its largest (as Elasticsearch). */
function keysOf(doc: Doc, field: string): { min: SortKey; max: SortKey } {
  let min: SortKey;
  let max: SortKey;
  for (const raw of pathValues(doc, field)) {
    const key = typeof raw === 'string' ? raw.toLowerCase() : typeof raw === 'boolean' ? Number(raw) : raw;
    if (min === undefined || compareKeys(key, min) < 0) min = key;
    if (max === undefined || compareKeys(key, max) > 0) max = key;
  }
  return { min, max };
}

/**
 * The sort values of one field, and (built on first use) every live slot in sort order for each
 * direction, so a page of a large result is read by walking the order. Missing values sort last,
 * ties go by id. Single updates move one slot by binary search; big batches drop the orders.
 */
export class SortColumn {
  private readonly minKeys: SortKey[] = [];
  private readonly maxKeys: SortKey[] = [];
  /** Slots whose keys are set, i.e. that sit in the built orders. */
  private readonly known = new GrowableBits();
  private readonly orders: Partial<Record<SortDirection, number[]>> = {};

  constructor(
    readonly field: string,
    private readonly store: DocumentStore,
  ) {
    store.docs.forEach((doc, slot) => doc && this.setKeys(slot, doc));
  }

  /** Order of two slots by this field alone (0 when equal or both missing). */
  compareValues(a: number, b: number, dir: SortDirection): number {
    const keys = dir === 'asc' ? this.minKeys : this.maxKeys;
    const ka = keys[a];
    const kb = keys[b];
    if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
    const c = compareKeys(ka, kb);
    return dir === 'asc' ? c : -c;
  }

  /** Order of two slots by this field, ties broken by id: a total order. */
  compare(a: number, b: number, dir: SortDirection): number {
    return this.compareValues(a, b, dir) || compareIdKeys(this.store.idKeys[a]!, this.store.idKeys[b]!);
  }

  /** All live slots in order (built now if needed). */
  order(dir: SortDirection): number[] {
    let order = this.orders[dir];
    if (!order) {
      order = [];
      this.store.docs.forEach((doc, slot) => doc && order!.push(slot));
      order.sort((a, b) => this.compare(a, b, dir));
      this.orders[dir] = order;
    }
    return order;
  }

  invalidateOrders(): void {
    delete this.orders.asc;
    delete this.orders.desc;
  }

  /** Call before the store forgets a removed slot, so its id still breaks ties. */
  update(slot: number, doc: Doc | undefined): void {
    for (const dir of ['asc', 'desc'] as const) {
      const order = this.orders[dir];
      if (!order || !this.known.has(slot)) continue;
      const at = this.position(order, slot, dir);
      if (order[at] === slot) order.splice(at, 1);
      else this.invalidateOrders();
    }
    if (doc) this.setKeys(slot, doc);
    else {
      this.minKeys[slot] = this.maxKeys[slot] = undefined;
      this.known.clear(slot);
    }
    for (const dir of ['asc', 'desc'] as const) {
      const order = this.orders[dir];
      if (order && doc) order.splice(this.position(order, slot, dir), 0, slot);
    }
  }

  private setKeys(slot: number, doc: Doc): void {
    const { min, max } = keysOf(doc, this.field);
    this.minKeys[slot] = min;
    this.maxKeys[slot] = max;
    this.known.set(slot);
  }

  /** First index whose slot does not sort before `slot`. */
  private position(order: number[], slot: number, dir: SortDirection): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(order[mid]!, slot, dir) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
