import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../db/hooks/shop-context';
import { applyCoupon, removeCoupon } from '../../db/cart/cart-coupon';
import type { CartView } from '../../db/cart/cart-view';

/**
 * Coupon entry and removal (SPEC §4: either forces a totals sync). A refusal shows the server's
 * message, "You've entered an incorrect coupon code" (SPEC §8).
 */
export function CartCoupon({ coupon }: { coupon: CartView['coupon'] }) {
  const { t } = useTranslation();
  const shop = useShop();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    try {
      setMessage(await action());
    } finally {
      setBusy(false);
    }
  };
  if (!shop) return null;
  if (coupon) {
    return (
      <div className="minicart-coupon">
        <p data-testid="coupon-applied">{t('cartCouponApplied', { code: coupon.code })}</p>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void run(() => removeCoupon(shop))}>
          {t('cartCouponRemove')}
        </button>
        {message && (
          <p className="field-error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  }
  return (
    <form
      className="minicart-coupon"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void run(async () => {
          const result = await applyCoupon(shop, code.trim());
          if (result === null) setCode('');
          return result;
        });
      }}
    >
      <label htmlFor="minicart-coupon-code">{t('cartCouponLabel')}</label>
      <div className="minicart-coupon-row">
        <input id="minicart-coupon-code" type="text" autoComplete="off" value={code} aria-invalid={message ? 'true' : 'false'} aria-describedby={message ? 'minicart-coupon-message' : undefined} onChange={(e) => setCode(e.target.value)} />
        <button type="submit" className="button button-secondary" disabled={busy}>
          {t('cartCouponApply')}
        </button>
      </div>
      {message && (
        <p id="minicart-coupon-message" className="field-error" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
