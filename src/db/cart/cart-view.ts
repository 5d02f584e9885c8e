import { auditTime, combineLatest, filter, fromEvent, map, merge, of, startWith, switchMap, type Observable } from 'rxjs';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { findChildBySku } from '../../domain/cart/configurable-choice';
import { recordsOf, textOf, type Doc } from '../../domain/cart/doc-fields';
import { totalsView, type TotalsView } from '../../domain/cart/totals-view';
import { DEFAULT_COUNTRY } from '../../domain/tax/destination';
import { keptCouponTerms } from '../../domain/totals/coupon-rule';
import { priceLine } from '../../domain/totals/line-price';
import { rowTotal } from '../../domain/totals/row-total';
import { findTaxRatePercent } from '../../domain/pricing/tax-rate';
import { minimumOrderOf } from '../../domain/quantity/quantity-rules';
import type { OptionLabel } from '../../domain/totals/custom-option-price';
import { localTaxRules } from './cart-product';
import { serverTotalsCurrent } from '../orders/checkout-totals';
import { storedProducts } from '../catalog/catalog-records';
import { localCatalogChanges } from '../catalog/local-catalog-changes';
import type { ShopDatabase } from '../database-types';
import { LOCAL, watchLocal, type CartState } from '../local-state';

/** A cart line as the minicart shows it. */
export interface CartViewLine extends CartLine {
  /** Chosen options: configurable axes, bundle links, custom options. */
  labels: OptionLabel[];
  /** The product page of the line, with the variant chosen. */
  url: string;
  minimumOrder: number;
  /** The row total incl. VAT by the one line-total rule (the server's and checkout's figure to the penny). */
  rowTotalInclPence: number;
}

export interface CartView {
  lines: CartViewLine[];
  /** Number of items (sum of quantities). */
  count: number;
  totals: TotalsView;
  coupon: CartState['coupon'];
  synced: boolean;
}

async function productsBySku(db: ShopDatabase, skus: readonly string[]): Promise<Map<string, Doc>> {
  const docs = await storedProducts(db, skus);
  return new Map([...docs].map(([sku, d]) => [sku, d.source as Doc]));
}

function describe(line: CartLine, products: ReadonlyMap<string, Doc>, members: ReadonlyMap<string, Doc>, taxPercent: number): CartViewLine {
  const product = products.get(line.parentSku ?? line.sku);
  const child = product && line.parentSku ? findChildBySku(product, line.sku) : undefined;
  const priced = product ? priceLine({ product, child, productOption: line.product_option, qty: line.qty, customerGroupId: 0, now: new Date(), members }) : undefined;
  const parent = line.parentSku ?? line.sku;
  const slug = textOf(product?.url_key, textOf(product?.slug, 'product'));
  return {
    ...line,
    labels: priced?.ok ? priced.labels : [],
    url: `/p/${encodeURIComponent(parent)}/${encodeURIComponent(slug)}${line.parentSku ? `/${encodeURIComponent(line.sku)}` : ''}`,
    minimumOrder: minimumOrderOf(product, child),
    rowTotalInclPence: rowTotal(line.price_pence, line.qty, taxPercent).inclPence,
  };
}

async function buildView(db: ShopDatabase, lines: CartLine[], state: CartState, online: boolean): Promise<CartView> {
  const products = await productsBySku(db, lines.map((l) => l.parentSku ?? l.sku));
  const memberSkus = [...products.values()].flatMap((p) => recordsOf(p.bundle_options).flatMap((o) => recordsOf(o.product_links).map((l) => textOf(l.sku))));
  const members = await productsBySku(db, memberSkus.filter(Boolean));
  const taxRules = await localTaxRules(db);
  // Totals from before a price change are not the cart's any more: the device works them out until new ones come.
  const synced = serverTotalsCurrent(lines, state);
  const taxClassOf = (l: CartLine) => Number(products.get(l.parentSku ?? l.sku)?.tax_class_id ?? 2);
  const taxPercentOf = (l: CartLine) => findTaxRatePercent(taxRules, { productTaxClassId: taxClassOf(l), countryId: DEFAULT_COUNTRY });
  const totals = totalsView({
    lines: lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      qty: l.qty,
      unitPence: l.price_pence,
      taxClassId: taxClassOf(l),
      typeId: l.type_id,
      productOption: l.product_option,
    })),
    taxRules,
    defaultCountry: DEFAULT_COUNTRY,
    serverTotals: state.platformTotals,
    serverCurrent: synced,
    online,
    coupon: keptCouponTerms(state.coupon?.rule, new Date()),
  });
  return {
    lines: lines.map((l) => describe(l, products, members, taxPercentOf(l))),
    count: lines.reduce((sum, l) => sum + l.qty, 0),
    totals,
    coupon: state.coupon,
    synced,
  };
}

const online$ = (): Observable<boolean> =>
  typeof window === 'undefined' ? of(true) : merge(fromEvent(window, 'online'), fromEvent(window, 'offline')).pipe(map(() => navigator.onLine), startWith(navigator.onLine));

/** The one query of the cart's lines: every line, oldest first. */
const cartLinesQuery = (db: ShopDatabase) => db.cart.find({ sort: [{ added_at: 'asc' }] });

/** The cart's lines as plain data, live in every tab, oldest first. */
export const watchCartLines = (db: ShopDatabase): Observable<CartLine[]> => cartLinesQuery(db).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())));

/** The cart's lines as plain data now, oldest first. */
export const readCartLines = async (db: ShopDatabase): Promise<CartLine[]> => (await cartLinesQuery(db).exec()).map((d) => d.toMutableJSON());

/** The minicart's data, live: lines with their options, the totals to show, the coupon. */
export function watchCartView(db: ShopDatabase): Observable<CartView> {
  const lines$ = watchCartLines(db);
  // Lines are described from the products on the device: built again when products arrive (a first visit's download may come after the add).
  const products$ = localCatalogChanges().pipe(
    filter((change) => change === 'product'),
    auditTime(250),
    startWith(null),
  );
  return combineLatest([lines$, watchLocal(db, LOCAL.cartState), online$(), products$]).pipe(switchMap(([lines, state, online]) => buildView(db, lines, state, online)));
}

