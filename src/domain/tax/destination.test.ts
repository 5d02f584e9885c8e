import { describe, expect, it } from 'vitest';
import { isCountryCode } from './country-codes';
import { destinationFrom } from './destination';

describe('tax destination', () => {
  it('reads either spelling of the country and an optional region', () => {
    expect(destinationFrom({ country_id: 'de' })).toEqual({ countryId: 'DE' });
    expect(destinationFrom({ countryId: 'IT', region_id: '7' })).toEqual({ countryId: 'IT', regionId: 7 });
  });

  it('falls back to GB for a missing or unknown country', () => {
    expect(destinationFrom(null)).toEqual({ countryId: 'GB' });
    expect(destinationFrom({ country_id: 'XX' })).toEqual({ countryId: 'GB' });
  });

  it('knows the ISO codes', () => {
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('uk')).toBe(false);
    expect(isCountryCode(44)).toBe(false);
  });
});
