import { imageUrl } from '../../domain/images/image-url';
import type { AdminAddress } from '../orders/admin-order';

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatMoney = (value: number | undefined) => (typeof value === 'number' ? money.format(value) : '');
export const formatTime = (iso: string | undefined) => (iso ? dateTime.format(new Date(iso)) : '');
export const lineImage = (path: string | null | undefined) => (path ? imageUrl(path, 210, 300) : null);

export function addressLines(address: AdminAddress | null | undefined): string[] {
  if (!address) return [];
  const street = Array.isArray(address.street) ? address.street : address.street ? [address.street] : [];
  return [[address.firstname, address.lastname].filter(Boolean).join(' '), address.company ?? '', ...street, [address.postcode, address.city].filter(Boolean).join(' '), address.country_id ?? '', address.telephone ?? ''].filter(
    (line) => line !== '',
  );
}

/** A text field of a submitted form, trimmed ('' when absent). */
export function fieldText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}
