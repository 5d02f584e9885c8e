import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../db/hooks/shop-context';
import { useCartQuantities } from '../../db/hooks/shop-reads';
import { Drawer } from '../../ui/drawer';
import { Icon } from '../../ui/icons';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';

/** The minicart panel is its own chunk: the database code it needs never reaches the entry bundle. */
const Minicart = lazyUntilLoaded(() => import('./minicart').then((m) => ({ default: m.Minicart })));

/**
 * The header's cart button: the number of items, live across tabs, and the minicart drawer over an
 * overlay (closed by the overlay, Escape or the close button). Disabled until the local database is
 * open; `data-shop-ready` tells tests (and styles) when it is.
 */
export function CartButton() {
  const { t } = useTranslation();
  const ready = useShop() !== null;
  const lines = useCartQuantities();
  const count = lines.reduce((sum, line) => sum + line.qty, 0);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="header-action cart-button"
        disabled={!ready}
        data-shop-ready={ready ? 'true' : 'false'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {/* The name is the visible text plus a unit for screen readers ("Cart 3 items"), so voice control finds it by what it shows. */}
        <Icon name="cart" />
        <span className="action-label">{t('cart')}</span> <span className="count-badge" data-testid="cart-count">{count}</span>
        <span className="visually-hidden"> {t('cartCountUnit', { count })}</span>
      </button>
      <Drawer title={t('cartTitle')} open={open} onClose={close} side="right">
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>
          <Minicart onClose={close} />
        </Suspense>
      </Drawer>
    </>
  );
}
