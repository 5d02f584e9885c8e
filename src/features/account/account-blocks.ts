import type { Messages } from '../../i18n/en';

export type AccountBlock = 'profile' | 'shipping' | 'newsletter' | 'orders' | 'reviews' | 'recently-viewed' | 'loyalty';

/**
 * The SPEC §2 paths each open a block; My product reviews and My loyalty card have no path of their
 * own in the spec, so they ride on /my-account with `?block=`.
 */
export const ACCOUNT_BLOCKS: readonly { block: AccountBlock; to: string; label: keyof Messages }[] = [
  { block: 'profile', to: '/my-account', label: 'accountBlockProfile' },
  { block: 'shipping', to: '/my-account/shipping-details', label: 'accountBlockShipping' },
  { block: 'newsletter', to: '/my-account/newsletter', label: 'accountBlockNewsletter' },
  { block: 'orders', to: '/my-account/orders', label: 'accountBlockOrders' },
  { block: 'reviews', to: '/my-account?block=product-reviews', label: 'accountBlockReviews' },
  { block: 'recently-viewed', to: '/my-account/recently-viewed', label: 'accountBlockRecentlyViewed' },
  { block: 'loyalty', to: '/my-account?block=loyalty-card', label: 'accountBlockLoyalty' },
];

export function blockFor(pathname: string, query: string | null): AccountBlock {
  const rest = pathname.replace(/^.*\/my-account\/?/, '').split('/')[0] ?? '';
  if (rest === 'shipping-details') return 'shipping';
  if (rest === 'newsletter') return 'newsletter';
  if (rest === 'orders') return 'orders';
  if (rest === 'recently-viewed') return 'recently-viewed';
  if (query === 'product-reviews') return 'reviews';
  if (query === 'loyalty-card') return 'loyalty';
  return 'profile';
}

