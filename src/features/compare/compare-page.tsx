import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../i18n/money';
import { ProductImage } from '../../ui/product-image';
import { useTitle } from '../../ui/use-title';
import { attributeText, useAttributes } from '../catalog/use-attributes';
import { removeEntry } from '../lists/local-list';
import { useLiveEntries } from '../lists/use-live-entries';

/** /compare, title "Compare Products": the comparable attributes (is_comparable) side by side. */
export function ComparePage() {
  const { t } = useTranslation();
  useTitle('Compare Products');
  const items = useLiveEntries('compare');
  const attributes = useAttributes().data;
  const rows = [...(attributes?.values() ?? [])].filter((a) => a.comparable && items.some((i) => i.attributes?.[a.code] !== undefined));
  return (
    <section className="compare">
      <h1>Compare Products</h1>
      {items.length === 0 ? (
        <p>{t('compareEmpty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="compare-table">
            <thead>
              <tr>
                <td />
                {items.map((item) => (
                  <th key={item.sku} scope="col">
                    <ProductImage path={item.thumbnail} size="cart" alt="" />
                    <Link to={item.url}>{item.name}</Link>
                    <button type="button" className="link-button" onClick={() => removeEntry('compare', item.sku)}>
                      {t('remove')}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('price')}</th>
                {items.map((item) => (
                  <td key={item.sku}>{!item.available ? t('listProductGone') : item.price ? `${formatMoney(item.price)} ${t('exclVat')}` : '—'}</td>
                ))}
              </tr>
              {rows.map((a) => (
                <tr key={a.code}>
                  <th scope="row">{a.label}</th>
                  {items.map((item) => (
                    <td key={item.sku}>{attributeText(a, item.attributes?.[a.code]) || '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
