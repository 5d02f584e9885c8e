import { useTranslation } from 'react-i18next';
import { ProductTile } from '../../ui/product-tile';
import type { Doc } from './catalog-api';
import { tileFromProduct } from './product-tile-data';
import { useTaxPercent } from './use-tax-rates';

/** A list of product tiles; the first few load eagerly as they are above the fold. */
export function ProductGrid({ products, label }: { products: Doc[]; label: string }) {
  const taxPercent = useTaxPercent();
  const { t } = useTranslation();
  const now = new Date();
  if (products.length === 0 || !taxPercent) return null;
  return (
    <ul className="product-grid" aria-label={label || t('categories')}>
      {products.map((p, i) => (
        <li key={String(p.sku)}>
          <ProductTile tile={tileFromProduct(p, taxPercent(p.tax_class_id), now)} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}
