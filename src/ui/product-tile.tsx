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

/** A product in a list: thumbnail (324x489), name, price incl. and excl. VAT, sell unit and stock. */
export function ProductTile({ tile, eager }: { tile: TileData; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="tile">
      <Link to={tile.url} className="tile-link">
        <ProductImage path={tile.thumbnail} size="thumbnail" alt="" eager={eager ?? false} />
        <h3 className="tile-name">{tile.name}</h3>
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
