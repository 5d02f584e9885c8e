import { useTranslation } from 'react-i18next';
import { useShop, useShopStatus } from '../../db/hooks/shop-context';
import { keepsDataOnlyInThisTab } from '../../db/local-shop';

/**
 * Says plainly what the shop cannot do when the browser refuses local storage: with no database at
 * all only browsing works; with the in-memory fallback the cart lasts until the tab closes.
 */
export function StorageNotice() {
  const { t } = useTranslation();
  const { status } = useShopStatus();
  const shop = useShop();
  const sessionOnly = shop !== null && keepsDataOnlyInThisTab(shop);
  if (status !== 'unavailable' && !sessionOnly) return null;
  return (
    <p className="storage-notice" role="status" data-testid="storage-notice">
      {t(sessionOnly ? 'storageSessionOnly' : 'storageUnavailable')}
    </p>
  );
}
