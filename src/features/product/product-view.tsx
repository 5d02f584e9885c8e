import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useShop } from '../../db/hooks/shop-context';
import { useSessionGroupId } from '../account/account-button';
import { readCartLine } from '../../db/cart/cart-actions';
import { choicesFromProductOption } from '../../domain/cart/product-option';
import { PriceBlock } from '../../ui/price-block';
import { StockBadge } from '../../ui/stock-badge';
import { stockDisplay } from '../../domain/stock/stock-display';
import { useHydrated } from '../../ui/use-hydrated';
import { useTaxPercent } from '../catalog/use-tax-rates';
import { BundlePicker } from './bundle-picker';
import { ConfigurablePicker } from './configurable-picker';
import { CustomOptionsPicker } from './custom-options-picker';
import { GroupedItems } from './grouped-items';
import { recordsOf, type Doc } from '../../domain/cart/doc-fields';
import { associatedLinks } from '../../domain/derived-prices/derived-prices';
import { ProductActions } from './product-actions';
import { ProductDetails } from './product-details';
import { ProductGallery } from './product-gallery';
import { shownPrice } from './product-pricing';
import { ProductReviews } from './product-reviews';
import { useProductsBySku } from './use-product';
import { useVariant } from './use-variant';
import { minimumOrderOf } from '../../domain/quantity/quantity-rules';
import { usePriceClock } from './use-price-clock';
import { comparable } from '../lists/list-entry';

const NO_MEMBERS: ReadonlyMap<string, Doc> = new Map();

function memberSkus(product: Doc, group: number): string[] {
  if (product.type_id === 'grouped') return associatedLinks(product, group).map((l) => String(l.linked_product_sku));
  const options = Array.isArray(product.bundle_options) ? (product.bundle_options as Doc[]) : [];
  return options.flatMap((o) => (Array.isArray(o.product_links) ? (o.product_links as Doc[]).map((l) => String(l.sku)) : []));
}

export function ProductView({ product, routeChildSku, onChild }: { product: Doc; routeChildSku: string | undefined; onChild: (sku: string) => void }) {
  const { t } = useTranslation();
  const taxPercent = useTaxPercent();
  const navigate = useNavigate();
  const params = useParams();
  // In cart edit mode another variant keeps the edit in its url (the page reloads the product for it).
  const onVariant = (sku: string) => {
    const editing = new URLSearchParams(window.location.search).get('edit');
    if (!editing) return onChild(sku);
    void navigate(`/p/${String(product.sku)}/${params.slug ?? 'product'}/${sku}?edit=${encodeURIComponent(editing)}`, { replace: true, preventScrollReset: true });
  };
  const variant = useVariant(product, routeChildSku, onVariant);
  // The server-rendered page shows its controls before the browser handles them: they wait for hydration.
  const hydrated = useHydrated();
  const shop = useShop();
  const GROUP = useSessionGroupId();
  const skus = useMemo(() => memberSkus(product, GROUP), [product, GROUP]);
  const members = useProductsBySku(skus).data ?? NO_MEMBERS;
  const priced = useMemo(() => [product, ...recordsOf(product.configurable_children), ...members.values()], [product, members]);
  const now = usePriceClock(priced);
  const [bundleChosen, setBundleChosen] = useState<Record<string, string[]>>({});
  const [customChosen, setCustomChosen] = useState<Record<string, string>>({});
  // Cart edit mode (?edit=<line id>): the line's options and quantity are preselected, kept while the
  // variant route changes, and the button replaces the line.
  const [search, setSearch] = useSearchParams();
  const editParam = search.get('edit') ?? undefined;
  const [editId, setEditId] = useState(editParam);
  const [editQty, setEditQty] = useState<number | undefined>(undefined);
  // The cart's "Edit" may open the product page already on screen (same route, no new mount): a new
  // ?edit= starts the edit then (state adjusted while rendering, as React advises for a changed input).
  const [seenEditParam, setSeenEditParam] = useState(editParam);
  if (editParam !== seenEditParam) {
    setSeenEditParam(editParam);
    if (editParam) setEditId(editParam);
  }
  useEffect(() => {
    if (!shop || !editId) return;
    let live = true;
    void readCartLine(shop.db, editId).then((line) => {
      if (!live) return;
      if (!line) return setEditId(undefined);
      const choices = choicesFromProductOption(line.product_option);
      setBundleChosen(choices.bundle);
      setCustomChosen(choices.custom);
      setEditQty(line.qty);
    });
    return () => {
      live = false;
    };
  }, [shop, editId]);
  const endEdit = () => {
    setEditId(undefined);
    setEditQty(undefined);
    if (search.has('edit')) setSearch((s) => (s.delete('edit'), s), { replace: true });
  };
  const item = variant.child ?? product;
  const price = shownPrice({
    product,
    child: variant.child,
    members,
    bundleChoice: Object.entries(bundleChosen).map(([option_id, ids]) => ({ option_id, option_selections: ids })),
    customChoice: Object.entries(customChosen).filter(([, value]) => value !== '').map(([option_id, option_value]) => ({ option_id, option_value })),
    qty: 1,
    customerGroupId: GROUP,
    now,
  });
  const stock = stockDisplay(item.stock ?? product.stock);
  const inStock = stock.kind !== 'out';
  const rate = taxPercent?.(product.tax_class_id);
  const multiplier = Number(item.product_price_multiplier ?? product.product_price_multiplier ?? 1);
  const sellUnit = (item.sell_unit_description ?? product.sell_unit_description) as string | undefined;
  const minimumOrder = minimumOrderOf(product, variant.child);
  const leadTime = typeof product.lead_time_days === 'number' ? product.lead_time_days : undefined;

  return (
    <article className={`product product-${String(product.type_id)}`} data-type={String(product.type_id)}>
      <ProductGallery product={product} child={variant.child} />
      <div className="product-info">
        <h1>{String(product.name)}</h1>
        <p className="sku">
          SKU: <span data-testid="sku">{String(item.sku)}</span>
        </p>
        {price && price.finalPence > 0 && rate !== undefined ? (
          <PriceBlock finalPence={price.finalPence} regularPence={price.regularPence} taxPercent={rate} multiplier={multiplier} tiers={price.tiers} size="large" />
        ) : (
          <p className={price && rate !== undefined ? 'price-unknown' : 'loading'}>{price && rate !== undefined ? 'Product price is unknown, product cannot be added to the cart!' : t('loading')}</p>
        )}
        {sellUnit && <p className="sell-unit">{t('sellUnit', { unit: sellUnit })}</p>}
        {minimumOrder > 1 && <p className="minimum-order">{t('minimumOrder', { count: minimumOrder })}</p>}
        <StockBadge stock={stock} leadTimeDays={leadTime} id="product-stock" />
        {product.type_id === 'configurable' && <ConfigurablePicker product={product} chosen={variant.chosen} onChoose={variant.choose} disabled={!hydrated} />}
        {variant.error && (
          <p className="warning" role="alert">
            {variant.error}
          </p>
        )}
        {product.type_id === 'grouped' && <GroupedItems product={product} members={members} customerGroupId={GROUP} />}
        {product.type_id === 'bundle' && <BundlePicker product={product} members={members} chosen={bundleChosen} onChange={(id, links) => setBundleChosen({ ...bundleChosen, [id]: links })} disabled={!hydrated} />}
        <CustomOptionsPicker product={product} chosen={customChosen} onChange={(id, value) => setCustomChosen({ ...customChosen, [id]: value })} disabled={!hydrated} />
        <ProductActions
          key={editId && editQty !== undefined ? `edit-${editId}` : 'add'}
          product={product}
          childSku={variant.child ? String(variant.child.sku) : undefined}
          entry={{ sku: String(product.sku), name: String(product.name), url: `/p/${String(product.sku)}/${String(product.url_key ?? product.slug)}`, thumbnail: product.thumbnail as string, price: (price?.finalPence ?? 0) / 100, attributes: comparable(product) }}
          pricePence={price?.finalPence ?? null}
          inStock={inStock}
          minimumOrder={minimumOrder}
          blocked={variant.error}
          bundleChosen={bundleChosen}
          customChosen={customChosen}
          members={members}
          customerGroupId={GROUP}
          editLineId={editId && editQty !== undefined ? editId : undefined}
          initialQty={editQty}
          onUpdated={endEdit}
          disabled={!hydrated}
        />
      </div>
      <ProductDetails product={product} />
      <ProductReviews productId={Number(product.id)} />
    </article>
  );
}
