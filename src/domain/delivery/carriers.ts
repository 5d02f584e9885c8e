/**
 * The carriers whose tracking pages we know: one table for the shop's pages and its mails. A shipped
 * status names its carrier as free text (staff type it), so a carrier is found by any of its names,
 * without regard to case, spaces or punctuation. An unknown carrier's number stays plain text.
 */
interface Carrier {
  names: readonly string[];
  /** The carrier's tracking page; `{n}` is the tracking number. */
  url: string;
}

const CARRIERS: readonly Carrier[] = [
  { names: ['Royal Mail'], url: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}' },
  { names: ['Parcelforce', 'Parcelforce Worldwide'], url: 'https://www.parcelforce.com/track-trace?trackNumber={n}' },
  { names: ['DPD', 'DPD UK'], url: 'https://track.dpd.co.uk/parcels/{n}' },
  { names: ['DHL', 'DHL Parcel', 'DHL Express'], url: 'https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id={n}' },
  { names: ['Evri', 'Hermes'], url: 'https://www.evri.com/track/parcel/{n}' },
  { names: ['UPS'], url: 'https://www.ups.com/track?loc=en_GB&tracknum={n}' },
  { names: ['FedEx'], url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  { names: ['Yodel'], url: 'https://www.yodel.co.uk/tracking/{n}' },
];

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const BY_NAME = new Map(CARRIERS.flatMap((c) => c.names.map((n) => [key(n), c] as const)));

/** The carrier's page for this tracking number, or null when the carrier is not one we know. */
export function carrierTrackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const number = trackingNumber?.trim();
  if (!carrier || !number) return null;
  const known = BY_NAME.get(key(carrier));
  return known ? known.url.replace('{n}', encodeURIComponent(number)) : null;
}
