import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../i18n/money';
import { ProductImage } from '../../ui/product-image';
import { removeEntry } from '../lists/local-list';
import { useLiveEntries } from '../lists/use-live-entries';

/** The wishlist panel: saved products (qty 1 each) with a link and a remove button. */
export function WishlistPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const items = useLiveEntries('wishlist');
  if (items.length === 0) return <p>{t('wishlistEmpty')}</p>;
  return (
    <ul className="side-list" aria-label={t('wishlist')}>
      {items.map((item) => (
        <li key={item.sku}>
          <ProductImage path={item.thumbnail} size="cart" alt="" />
          <div>
            <Link to={item.url} onClick={onNavigate}>
              {item.name}
            </Link>
            {!item.available ? <p className="muted">{t('listProductGone')}</p> : item.price !== undefined && item.price > 0 && <p className="muted">{formatMoney(item.price)} {t('exclVat')}</p>}
          </div>
          <button type="button" className="icon-button" aria-label={`${t('remove')} ${item.name}`} onClick={() => removeEntry('wishlist', item.sku)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
