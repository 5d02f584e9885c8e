import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPence } from '../i18n/money';
import { addPercent } from '../domain/pricing/money';
import { ProductImage } from './product-image';

export interface TileData {
  sku: string;
  name: string;
  url: string;
  thumbnail?: string | undefined;
  finalPence: number;
  regularPence: number;
  taxPercent: number;
  sellUnit?: string | undefined;
  inStock: boolean;
}

/**
 * A product in a list: thumbnail (324x489), name, price incl. and excl. VAT, sell unit and stock.
 * The name is a heading one level below the list's own (h2 under a page's h1, h3 under a list's h2).
 */
export function ProductTile({ tile, eager, headingLevel = 3 }: { tile: TileData; eager?: boolean; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="tile">
      <Link to={tile.url} className="tile-link">
        <ProductImage path={tile.thumbnail} size="thumbnail" alt="" eager={eager ?? false} />
        <Name className="tile-name">{tile.name}</Name>
      </Link>
      <p className="tile-price">
        <span className="price">{formatPence(addPercent(tile.finalPence, tile.taxPercent))}</span> <span className="vat">{t('inclVat')}</span>
        {tile.finalPence < tile.regularPence && <del className="price-was">{formatPence(addPercent(tile.regularPence, tile.taxPercent))}</del>}
      </p>
      <p className="tile-excl">
        {formatPence(tile.finalPence)} {t('exclVat')}
      </p>
      {tile.sellUnit && <p className="tile-unit">{tile.sellUnit}</p>}
      <p className={tile.inStock ? 'tile-stock ok' : 'tile-stock out'}>{tile.inStock ? t('inStock') : t('outOfStock')}</p>
    </article>
  );
}
