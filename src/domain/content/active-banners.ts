type Banner = Record<string, unknown>;

const position = (doc: Banner) => (Number.isFinite(Number(doc.position)) ? Number(doc.position) : Number.MAX_SAFE_INTEGER);

/**
 * SPEC §2: "Banners with status 1 are shown"; ordered by position, then id. One rule for
 * /pub/banners.json and for the device's own replica, so the home page shows the same banners offline.
 */
export function activeBanners<T extends Banner>(docs: readonly T[]): T[] {
  return docs.filter((doc) => Number(doc.status) === 1).sort((a, b) => position(a) - position(b) || Number(a.id) - Number(b.id));
}
