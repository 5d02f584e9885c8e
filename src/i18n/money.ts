/** The UK store's currency (SPEC §1, §9): GBP with the sign £ and 2 decimals, whatever the wording language. */
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const CURRENCY_SIGN = '£';

export function formatMoney(pounds: number): string {
  return gbp.format(pounds);
}

export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}
