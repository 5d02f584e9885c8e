/**
 * Price bucket labels (SPEC §9): the first reads "< {currency}to", the last "> {currency}from", the
 * middle ones "from - to", each amount with its currency like the first and last ("£50 - £100").
 */
export interface Bucket {
  from?: number;
  to?: number;
  doc_count: number;
}

export function bucketLabel(bucket: Bucket, index: number, count: number, currency: string): string {
  if (index === 0 && bucket.to !== undefined) return `< ${currency}${bucket.to}`;
  if (index === count - 1 || bucket.to === undefined) return `> ${currency}${bucket.from ?? 0}`;
  return `${currency}${bucket.from ?? 0} - ${currency}${bucket.to}`;
}
