import { projectFields } from '../../src/domain/catalog-query/project-fields';
import type { Doc } from '../../src/domain/catalog-query/types';

const projectionKey = (include: readonly string[] | undefined, exclude: readonly string[] | undefined) => `${include?.join(',') ?? ''}|${exclude?.join(',') ?? ''}`;

const FIRST_BYTES = 64 * 1024;
const GROWTH_STEP = 8 * 1024 * 1024;

/**
 * One projection's JSON texts by slot, as UTF-8 one after the other in a single buffer: no string,
 * map entry or buffer object per document, and a page's reply is one copy per tile. `owners` holds
 * the document each text was made from: a replaced document is a new object, so its slot's text is
 * made again (the old bytes stay, counted as dead, until the texts are dropped as a whole).
 */
class SlotTexts {
  bytes = Buffer.allocUnsafe(FIRST_BYTES);
  used = 0;
  dead = 0;
  starts = new Int32Array(0);
  ends = new Int32Array(0);
  readonly owners: (Doc | undefined)[] = [];

  /** Makes sure `slot`'s text is the JSON of `doc`; returns its length in bytes. */
  ensure(slot: number, doc: Doc, include: readonly string[] | undefined, exclude: readonly string[] | undefined): number {
    if (this.owners[slot] === doc) return this.ends[slot]! - this.starts[slot]!;
    if (this.owners[slot] !== undefined) this.dead += this.ends[slot]! - this.starts[slot]!;
    const json = JSON.stringify(projectFields(doc, include, exclude));
    // UTF-8 takes at most three bytes per UTF-16 unit: room for the worst case, then the bytes written.
    this.reserve(json.length * 3);
    const length = this.bytes.write(json, this.used, 'utf8');
    if (slot >= this.starts.length) this.growSlots(slot + 1);
    this.starts[slot] = this.used;
    this.ends[slot] = this.used += length;
    this.owners[slot] = doc;
    return length;
  }

  copy(slot: number, target: Buffer, at: number): number {
    return this.bytes.copy(target, at, this.starts[slot], this.ends[slot]);
  }

  private reserve(more: number): void {
    if (this.used + more <= this.bytes.length) return;
    // Doubling up to 8 MB, then 8 MB at a time: a whole catalogue's tiles (40 MB at 50,000) are then
    // held with at most 8 MB unused, where doubling left up to as much again.
    const bigger = Buffer.allocUnsafe(Math.max(this.used + more, this.bytes.length + Math.min(this.bytes.length, GROWTH_STEP)));
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
  }

  private growSlots(needed: number): void {
    const size = Math.max(needed, this.starts.length * 2, 1024);
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    starts.set(this.starts);
    ends.set(this.ends);
    this.starts = starts;
    this.ends = ends;
  }
}

/**
 * JSON text of stored documents by projection (`sourceInclude` / `sourceExclude`), so a page of
 * tiles costs a copy per tile instead of a projection and a stringify. Each projection's texts are
 * made on first use and kept by slot, every document's once (`SlotTexts`): a tile is about 0.8 kB,
 * so the storefront's tile projection over a whole catalogue fits in the cap the server gives, about
 * 1 kB a document. Past the cap the projections used least recently are dropped; a projection that
 * alone grows past it (whole documents) starts again empty. A two-generation cache of 16 M characters
 * held before this missed on 43 % of a listing's tiles at 50,000 products.
 */
export class ProjectedJson {
  private readonly projections = new Map<string, SlotTexts>();

  /** `maxBytes` bounds every projection's texts together; asked again on each use (the catalogue grows). */
  constructor(
    private readonly maxBytes: () => number = () => 16 * 1024 * 1024,
    private readonly maxProjections = 32,
  ) {}

  /**
   * `head`, the JSON texts of the documents in `slots` comma-separated (an array's contents), then
   * `tail`, as UTF-8 bytes.
   */
  write(
    slots: readonly number[],
    docs: readonly (Doc | undefined)[],
    include: readonly string[] | undefined,
    exclude: readonly string[] | undefined,
    head: string,
    tail: string,
  ): Buffer {
    const texts = this.textsFor(projectionKey(include, exclude));
    let length = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, slots.length - 1);
    for (const slot of slots) length += texts.ensure(slot, docs[slot]!, include, exclude);
    const out = Buffer.allocUnsafe(length);
    let at = out.write(head, 0, 'utf8');
    for (let i = 0; i < slots.length; i++) {
      if (i > 0) out[at++] = 0x2c; // ','
      at += texts.copy(slots[i]!, out, at);
    }
    out.write(tail, at, 'utf8');
    return out;
  }

  /** Bytes of text held by every projection (their buffers' unwritten room is never touched, so never resident). */
  get size(): number {
    let bytes = 0;
    for (const texts of this.projections.values()) bytes += texts.used;
    return bytes;
  }

  clear(): void {
    this.projections.clear();
  }

  /** The texts of a projection, made the most recently used; the cap is applied before they are read. */
  private textsFor(key: string): SlotTexts {
    let texts = this.projections.get(key);
    if (texts) this.projections.delete(key);
    else texts = new SlotTexts();
    const max = this.maxBytes();
    if (texts.used > max || texts.dead > texts.used / 2) texts = new SlotTexts();
    this.projections.set(key, texts);
    let total = this.size;
    for (const [other, held] of this.projections) {
      if ((total <= max && this.projections.size <= this.maxProjections) || held === texts) break;
      this.projections.delete(other);
      total -= held.used;
    }
    return texts;
  }
}
