/** A cart's lines as the checks compare them: quantity by sku. */
export type Lines = Record<string, number>;

export function addLines(into: Lines, from: Readonly<Lines>, sign = 1): Lines {
  for (const [sku, qty] of Object.entries(from)) {
    const next = (into[sku] ?? 0) + sign * qty;
    if (next > 0) into[sku] = next;
    else delete into[sku];
  }
  return into;
}

export const sameLines = (a: Readonly<Lines>, b: Readonly<Lines>) => formatLines(a) === formatLines(b);
export const formatLines = (lines: Readonly<Lines>) => JSON.stringify(Object.entries(lines).sort(([a], [b]) => a.localeCompare(b)));
