import { isCountryCode } from './country-codes';

/** The shop's default country (SPEC §9): totals use it until the shopper names a destination. */
export const DEFAULT_COUNTRY = 'GB';

/**
 * The tax destination from an address as the cart calls send it (`country_id` or `countryId`,
 * optional `region_id`); an unknown or missing country falls back to the default.
 */
export function destinationFrom(address: { country_id?: unknown; countryId?: unknown; region_id?: unknown } | null | undefined): { countryId: string; regionId?: number } {
  const raw = address?.country_id ?? address?.countryId;
  const countryId = isCountryCode(raw) ? raw.toUpperCase() : DEFAULT_COUNTRY;
  const region = Number(address?.region_id);
  return Number.isInteger(region) && region > 0 ? { countryId, regionId: region } : { countryId };
}
