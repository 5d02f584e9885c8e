import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { unitPricesPence } from '../../domain/pricing/final-price';
import { formatPence } from '../../i18n/money';
import { ProductImage } from '../../ui/product-image';
import { productUrl } from '../catalog/product-tile-data';
import type { Doc } from '../../domain/cart/doc-fields';
import { associatedLinks } from '../../domain/derived-prices/derived-prices';

interface Props {
  product: Doc;
  members: ReadonlyMap<string, Doc>;
  customerGroupId: number;
}

/** The kit's members for the shopper's customer group, each at quantity 1 with its own price. */
export function GroupedItems({ product, members, customerGroupId }: Props) {
  const { t } = useTranslation();
  const now = new Date();
  return (
    <section className="grouped" aria-labelledby="grouped-title">
      <h2 id="grouped-title">{t('groupedItems')}</h2>
      <ul className="member-list">
        {associatedLinks(product, customerGroupId).map((link) => {
          const sku = String(link.linked_product_sku);
          const member = members.get(sku);
          return (
            <li key={sku} className="member">
              <ProductImage path={member?.thumbnail as string | undefined} size="cart" alt="" />
              <div>
                {member ? <Link to={productUrl(member)}>{String(member.name)}</Link> : sku}
                <p className="member-sku">{sku}</p>
              </div>
              <span className="member-price">{member ? formatPence(unitPricesPence(member, { now, customerGroupId }).final) : '…'}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
