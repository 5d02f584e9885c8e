import { useTranslation } from 'react-i18next';
import { ProductTile } from '../../ui/product-tile';
import type { Doc } from './catalog-api';
import { tileFromProduct } from './product-tile-data';
import { useTaxPercent } from './use-tax-rates';

/**
 * A list of product tiles; the first `eager` load eagerly as they are above the fold (a list lower on
 * the page passes 0: its pictures are not fetched, nor preloaded by the server render, before the
 * first paint). While the products (or the tax rates their prices need) are still coming, `expected`
 * empty tiles of the same size hold their place, so the page below does not jump when they arrive.
 */
export function ProductGrid({ products, label, expected = 0, headingLevel, eager = 4 }: { products: Doc[]; label: string; expected?: number; headingLevel?: 2 | 3; eager?: number }) {
  const taxPercent = useTaxPercent();
  const { t } = useTranslation();
  const now = new Date();
  if (products.length === 0 || !taxPercent) return expected > 0 ? <TilePlaceholders count={expected} /> : null;
  return (
    <ul className="product-grid" aria-label={label || t('categories')}>
      {products.map((p, i) => (
        <li key={String(p.sku)}>
          <ProductTile tile={tileFromProduct(p, taxPercent(p.tax_class_id), now)} eager={i < eager} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function TilePlaceholders({ count }: { count: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="tile tile-placeholder">
          <span className="image-placeholder" />
        </li>
      ))}
    </ul>
  );
}
