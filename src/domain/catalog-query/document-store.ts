import { GrowableBits } from './bitset';
import type { Doc } from './types';

/** How ids order: whole numbers numerically and before other ids, which order as text. */
export type IdKey = number | string;

function idKeyOf(id: string): IdKey {
  return /^-?(0|[1-9]\d{0,14})$/.test(id) ? Number(id) : id;
}

export function compareIdKeys(a: IdKey, b: IdKey): number {
  if (typeof a === 'number') return typeof b === 'number' ? a - b : -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The documents of one index, each in a numbered slot that every other structure (bitsets,
 * columns, postings) is addressed by. Ids compare as strings; freed slots are reused.
 */
export class DocumentStore {
  readonly docs: (Doc | undefined)[] = [];
  readonly ids: string[] = [];
  readonly idKeys: IdKey[] = [];
  readonly live = new GrowableBits();
  private readonly slotById = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  count = 0;

  /** One past the highest slot ever used. */
  get capacity(): number {
    return this.docs.length;
  }

  slotOf(id: string | number): number | undefined {
    return this.slotById.get(String(id));
  }

  /** Stores `doc` under its id, replacing an earlier version; returns the slot and that version. */
  put(doc: Doc): { slot: number; previous: Doc | undefined } {
    const raw = doc.id;
    if (typeof raw !== 'string' && typeof raw !== 'number') throw new TypeError('catalogue document without a string or number id');
    const id = String(raw);
    const existing = this.slotById.get(id);
    if (existing !== undefined) {
      const previous = this.docs[existing];
      this.docs[existing] = doc;
      return { slot: existing, previous };
    }
    const slot = this.freeSlots.pop() ?? this.docs.length;
    this.docs[slot] = doc;
    this.ids[slot] = id;
    this.idKeys[slot] = idKeyOf(id);
    this.slotById.set(id, slot);
    this.live.set(slot);
    this.count++;
    return { slot, previous: undefined };
  }

  /** Forgets a document; returns its slot and last version, or undefined when unknown. */
  remove(id: string | number): { slot: number; previous: Doc } | undefined {
    const key = String(id);
    const slot = this.slotById.get(key);
    if (slot === undefined) return undefined;
    const previous = this.docs[slot]!;
    this.slotById.delete(key);
    this.docs[slot] = undefined;
    this.live.clear(slot);
    this.freeSlots.push(slot);
    this.count--;
    return { slot, previous };
  }
}
