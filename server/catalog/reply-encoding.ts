import type { ReplyEncoding } from './reply-cache';

/** Preference on equal weight: gzip first, the cheapest to make on a cache miss (see reply-cache.ts). */
const OFFERED = ['gzip', 'br'] as const;

/**
 * The encoding to send for an `accept-encoding` header: the offered one with the highest non-zero
 * weight (`*` standing for any not named), gzip before br on a tie, else identity.
 */
export function parseReplyEncoding(header: string | undefined): ReplyEncoding {
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
  for (const name of OFFERED) {
    const weight = weights.get(name) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [name, weight];
  }
  return best;
}

// Clients send a handful of distinct headers; remembering them keeps the parse off the hot path.
const known = new Map<string, ReplyEncoding>();
const MAX_KNOWN = 64;

export function replyEncoding(header: string | undefined): ReplyEncoding {
  if (!header) return 'identity';
  let found = known.get(header);
  if (found === undefined) {
    found = parseReplyEncoding(header);
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(header, found);
  }
  return found;
}
