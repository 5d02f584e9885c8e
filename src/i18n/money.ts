/**
 * The UK store's currency (SPEC §1, §9): GBP with the sign £ and 2 decimals, whatever the wording language,
 * as `Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })` writes it ("£1,234.50",
 * "-£0.25"). Written out by hand for finite amounts: the first Intl currency formatter of a page loads
 * its locale data, ~50 ms of main-thread time on a phone, in the middle of hydration (every tile shows
 * a price). Amounts it cannot write the same way (not finite, or too large for `toFixed`) go to Intl,
 * created on first use.
 */
let gbp: Intl.NumberFormat | undefined;
const intl = (): Intl.NumberFormat =>
  (gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export const CURRENCY_SIGN = '£';

/** Up to this, the amount in pence is an exact integer. */
const LARGEST_BY_HAND = 1e13;

/**
 * Whole pence of a non-negative amount, rounded as Intl rounds: half away from zero on the number's
 * shortest decimal form (1.005 is "1.005" and gives 1.01, where `toFixed` works on the binary value
 * 1.00499… and gives 1.00).
 */
function wholePence(amount: number): number {
  if (amount < 0.001) return 0; // also every amount String() writes with an exponent
  const [units = '0', decimals = ''] = String(amount).split('.');
  const digits = `${decimals}000`;
  const pence = Number(units) * 100 + Number(digits.slice(0, 2));
  return Number(digits[2]) >= 5 ? pence + 1 : pence;
}

export function formatMoney(pounds: number): string {
  if (!Number.isFinite(pounds) || Math.abs(pounds) >= LARGEST_BY_HAND) return intl().format(pounds);
  // Intl shows the sign of any negative amount, even one that rounds to zero, and of negative zero.
  const negative = pounds < 0 || Object.is(pounds, -0);
  const pence = wholePence(Math.abs(pounds));
  const grouped = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${CURRENCY_SIGN}${grouped}.${String(pence % 100).padStart(2, '0')}`;
}

export function formatPence(pence: number): string {
  return formatMoney(pence / 100);
}
