import type { ReplyEncoding } from './reply-cache';

type Offered = readonly Exclude<ReplyEncoding, 'identity'>[];
/** Pages are kept gzipped (server/render), so gzip wins a tie for them. */
const GZIP_FIRST: Offered = ['gzip', 'br'];
/** Catalogue replies: br wins a tie, the cheaper to make on a cache miss (see reply-cache.ts). */
const BR_FIRST: Offered = ['br', 'gzip'];

/**
 * The encoding to send for an `accept-encoding` header: the offered one with the highest non-zero
 * weight (`*` standing for any not named), the first offered winning a tie, else identity.
 */
export function parseReplyEncoding(header: string | undefined, offered: Offered = GZIP_FIRST): ReplyEncoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ReplyEncoding = 'identity';
  let bestWeight = 0;
  for (const name of offered) {
    const weight = weights.get(name) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [name, weight];
  }
  return best;
}

// Clients send a handful of distinct headers; remembering them keeps the parse off the hot path.
const MAX_KNOWN = 64;

function remembered(offered: Offered): (header: string | undefined) => ReplyEncoding {
  const known = new Map<string, ReplyEncoding>();
  return (header) => {
    if (!header) return 'identity';
    let found = known.get(header);
    if (found === undefined) {
      found = parseReplyEncoding(header, offered);
      if (known.size >= MAX_KNOWN) known.clear();
      known.set(header, found);
    }
    return found;
  };
}

/** The encoding of a page (kept gzipped): gzip on a tie with br. */
export const pageEncoding = remembered(GZIP_FIRST);

/** The encoding of a catalogue reply: br on a tie with gzip. */
export const catalogReplyEncoding = remembered(BR_FIRST);
