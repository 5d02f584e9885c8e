import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl } from './carriers';

describe('carrierTrackingUrl', () => {
  it("links a known carrier's tracking page, whatever the case and spacing of its name", () => {
    expect(carrierTrackingUrl('Royal Mail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(carrierTrackingUrl('royalmail', ' AB123456789GB ')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(carrierTrackingUrl('DPD UK', '1550 1234')).toBe('https://track.dpd.co.uk/parcels/1550%201234');
    expect(carrierTrackingUrl('Hermes', 'X1')).toBe('https://www.evri.com/track/parcel/X1');
  });

  it('gives none for an unknown carrier or a missing number', () => {
    expect(carrierTrackingUrl('Our own van', 'V-17')).toBeNull();
    expect(carrierTrackingUrl('DPD', '')).toBeNull();
    expect(carrierTrackingUrl(null, 'X1')).toBeNull();
  });
});
