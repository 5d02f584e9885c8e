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

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (month 1-12). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The time of a lower-cased key in `Date#toISOString` form ("2024-09-21t09:50:20.460z", years
 * 0000-9999), else undefined. Two such keys order as text exactly as their times order as numbers.
 * Only a key that is its time's own text: no 31 February, no hour 24, no second 60.
 */
export function isoTime(key: string): number | undefined {
  if (key.length !== 24 || key.charCodeAt(4) !== 45 || key.charCodeAt(7) !== 45 || key.charCodeAt(10) !== 116) return undefined;
  if (key.charCodeAt(13) !== 58 || key.charCodeAt(16) !== 58 || key.charCodeAt(19) !== 46 || key.charCodeAt(23) !== 122) return undefined;
  const digits = (from: number, to: number): number => {
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = key.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return -1;
      n = n * 10 + d;
    }
    return n;
  };
  const year = digits(0, 4);
  const month = digits(5, 7);
  const day = digits(8, 10);
  const hour = digits(11, 13);
  const minute = digits(14, 16);
  const second = digits(17, 19);
  const ms = digits(20, 23);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > DAYS_IN_MONTH[month - 1]! + (month === 2 && leap ? 1 : 0)) return undefined;
  return daysFromCivil(year, month, day) * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
}

/** How a column holds its keys: as numbers while every key is a number, or every key a time in ISO form; else as they are. */
type KeyKind = 'number' | 'time' | 'any';

/**
 * The sort values of one field, and (built on first use) every live slot in sort order for each
 * direction, so a page of a large result is read by walking the order. Missing values sort last,
 * ties go by id. Single updates move one slot by binary search; big batches drop the orders.
 * Keys sit in typed arrays (NaN: no value) while the column's keys are all numbers or all times in
 * ISO form (`created_at`, `updated_at`), each 8 bytes where a lower-cased copy of the text took 40;
 * the first key of another kind moves the column to a list of the keys themselves.
 */
export class SortColumn {
  private kind: KeyKind | undefined;
  private minNumbers = new Float64Array(0);
  private maxNumbers = new Float64Array(0);
  private minKeys: SortKey[] = [];
  private maxKeys: SortKey[] = [];
  /** Slots whose keys are set, i.e. that sit in the built orders. */
  private readonly known = new GrowableBits();
  private readonly orders: Partial<Record<SortDirection, number[]>> = {};
  /** Each slot's place in the order of that direction (-1: not in it); made from the order when first asked, dropped on any change. */
  private readonly ranks: Partial<Record<SortDirection, Int32Array>> = {};

  constructor(
    readonly field: string,
    private readonly store: DocumentStore,
  ) {
    store.docs.forEach((doc, slot) => doc && this.setKeys(slot, doc));
  }

  /** Order of two slots by this field alone (0 when equal or both missing). */
  compareValues(a: number, b: number, dir: SortDirection): number {
    if (this.kind !== 'any') {
      const numbers = dir === 'asc' ? this.minNumbers : this.maxNumbers;
      const na = a < numbers.length ? numbers[a]! : Number.NaN;
      const nb = b < numbers.length ? numbers[b]! : Number.NaN;
      if (Number.isNaN(na) || Number.isNaN(nb)) return Number.isNaN(na) === Number.isNaN(nb) ? 0 : Number.isNaN(na) ? 1 : -1;
      const c = na - nb;
      return dir === 'asc' ? c : -c;
    }
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

  /**
   * Each slot's place in `order(dir)`, -1 for a slot not in it: a small result's page is its slots'
   * places sorted as plain numbers, where sorting the slots by `compare` ran the comparator per pair.
   */
  rank(dir: SortDirection): Int32Array {
    let rank = this.ranks[dir];
    if (!rank) {
      const order = this.order(dir);
      rank = new Int32Array(this.store.capacity).fill(-1);
      for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
      this.ranks[dir] = rank;
    }
    return rank;
  }

  invalidateOrders(): void {
    delete this.orders.asc;
    delete this.orders.desc;
    this.dropRanks();
  }

  private dropRanks(): void {
    delete this.ranks.asc;
    delete this.ranks.desc;
  }

  /** Call before the store forgets a removed slot, so its id still breaks ties. */
  update(slot: number, doc: Doc | undefined): void {
    this.dropRanks();
    for (const dir of ['asc', 'desc'] as const) {
      const order = this.orders[dir];
      if (!order || !this.known.has(slot)) continue;
      const at = this.position(order, slot, dir);
      if (order[at] === slot) order.splice(at, 1);
      else this.invalidateOrders();
    }
    if (doc) this.setKeys(slot, doc);
    else {
      if (this.kind === 'any') this.minKeys[slot] = this.maxKeys[slot] = undefined;
      else if (slot < this.minNumbers.length) this.minNumbers[slot] = this.maxNumbers[slot] = Number.NaN;
      this.known.clear(slot);
    }
    for (const dir of ['asc', 'desc'] as const) {
      const order = this.orders[dir];
      if (order && doc) order.splice(this.position(order, slot, dir), 0, slot);
    }
  }

  private setKeys(slot: number, doc: Doc): void {
    const { min, max } = keysOf(doc, this.field);
    this.known.set(slot);
    if (this.kind !== 'any') {
      const low = this.asNumber(min);
      const high = max === min ? low : this.asNumber(max);
      if (low !== undefined && high !== undefined) {
        if (slot >= this.minNumbers.length) this.grow(slot + 1);
        this.minNumbers[slot] = low;
        this.maxNumbers[slot] = high;
        return;
      }
      this.keepKeysAsTheyAre();
    }
    this.minKeys[slot] = min;
    this.maxKeys[slot] = max;
  }

  /** A key as the column's number (NaN: no value), fixing the column's kind on its first key; undefined when it cannot be one. */
  private asNumber(key: SortKey): number | undefined {
    if (key === undefined) return Number.NaN;
    const kind = typeof key === 'number' ? 'number' : 'time';
    if (this.kind !== undefined && this.kind !== kind) return undefined;
    const value = typeof key === 'number' ? key : isoTime(key);
    if (value !== undefined) this.kind = kind;
    return value;
  }

  private grow(size: number): void {
    const capacity = Math.max(size, this.store.capacity, this.minNumbers.length * 2, 16);
    for (const which of ['minNumbers', 'maxNumbers'] as const) {
      const grown = new Float64Array(capacity).fill(Number.NaN);
      grown.set(this[which]);
      this[which] = grown;
    }
  }

  /** From now on the keys themselves: those of every slot known so far are read again from its document. */
  private keepKeysAsTheyAre(): void {
    this.kind = 'any';
    this.minNumbers = new Float64Array(0);
    this.maxNumbers = new Float64Array(0);
    this.store.docs.forEach((doc, slot) => {
      if (!doc || !this.known.has(slot)) return;
      const { min, max } = keysOf(doc, this.field);
      this.minKeys[slot] = min;
      this.maxKeys[slot] = max;
    });
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
