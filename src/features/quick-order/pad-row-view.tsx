import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findLocalProductsByCode, queryLocalCatalog } from '../../db/catalog/local-catalog';
import { formatPence } from '../../i18n/money';
import { StockBadge } from '../../ui/stock-badge';
import { CodeField } from './code-field';
import { evaluateRow, type RowContext, type RowOutcome, type RowProduct } from './pad-row';
import type { PadRow } from './pad-rows';
import { SUGGEST_MIN_LENGTH, SUGGESTION_LIMIT, suggestCodes, type Suggestion } from './suggest-codes';

interface Props {
  row: PadRow;
  /** 1-based, as the labels read it ("Quantity, line 3"). */
  n: number;
  /** What the row is checked against; null until the VAT rules are known. */
  context: RowContext | null;
  onChange: (rowId: string, patch: { code?: string; qty?: string }) => void;
  onRemove: (rowId: string) => void;
}

const EMPTY: RowOutcome = { kind: 'empty' };

/** Suggestions from the device: the exact code, then the local search (asked together, answered from the local catalogue). */
async function suggest(text: string): Promise<Suggestion[]> {
  const typed = text.trim();
  if (typed === '') return [];
  const [exact, hits] = await Promise.all([
    findLocalProductsByCode(typed),
    typed.length >= SUGGEST_MIN_LENGTH ? queryLocalCatalog('product', { size: SUGGESTION_LIMIT, searchQuery: { _searchText: typed } }).then((r) => r.items) : [],
  ]);
  return suggestCodes(typed, { lookup: (code) => (code === typed ? exact : []), search: () => hits });
}

/** Enter in a quantity: on to the next row's code. */
function focusNextCode(from: HTMLElement): void {
  from.closest('tr')?.nextElementSibling?.querySelector<HTMLElement>('[role=combobox]')?.focus();
}

export const codeFieldId = (rowId: string) => `pad-code-${rowId}`;
export const qtyFieldId = (rowId: string) => `pad-qty-${rowId}`;

/** The row's message: what the last add said, else the checks' outcome. */
function statusOf(row: PadRow, outcome: RowOutcome, t: (key: string, options?: Record<string, unknown>) => string): { kind: 'ok' | 'warning' | 'error'; text: string } | null {
  if (row.note) return { kind: row.note.type, text: row.note.message };
  if (outcome.kind === 'unknown') return { kind: 'error', text: t('quickOrderUnknown', { code: row.code.trim() }) };
  if (outcome.kind === 'refused') return { kind: outcome.type, text: outcome.message };
  if (outcome.kind === 'ready') return { kind: 'ok', text: t('quickOrderReady') };
  return null;
}

function ProductCell({ product, code }: { product: RowProduct; code: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={product.url} className="pad-product-name">
        {product.name}
      </Link>
      {product.sku.toLowerCase() !== code.trim().toLowerCase() && <span className="pad-product-sku"> {product.sku}</span>}
      {product.options.length > 0 && <span className="pad-product-options"> {product.options.map((o) => `${o.label}: ${o.value}`).join(', ')}</span>}
      {product.sellUnit && <span className="pad-product-unit">{t('sellUnit', { unit: product.sellUnit })}</span>}
      {product.minimumOrder > 1 && <span className="pad-product-minimum">{t('quickOrderMinimum', { count: product.minimumOrder })}</span>}
    </>
  );
}

function StockCell({ product }: { product: RowProduct }) {
  const { t } = useTranslation();
  const { stock, leadTimeDays } = product;
  return (
    <>
      <StockBadge stock={stock.inStock ? { kind: 'in' } : { kind: 'out' }} leadTimeDays={leadTimeDays ?? undefined} />
      {stock.qty !== null && stock.inStock && <span className="pad-stock-qty">{t('quickOrderStockQty', { count: stock.qty })}</span>}
    </>
  );
}

/** An amount including VAT, with the amount excluding VAT under it. */
function PriceCell({ label, testId, inclPence, exclPence }: { label: string; testId: string; inclPence: number; exclPence: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="pad-field-label">{label} </span>
      <span data-testid={`${testId}-incl`}>{formatPence(inclPence)}</span> <span className="vat">{t('inclVat')}</span>
      <span className="pad-excl">
        <span data-testid={`${testId}-excl`}>{formatPence(exclPence)}</span> {t('exclVat')}
      </span>
    </>
  );
}

/**
 * One line of the pad: its code and quantity, what they name and cost at that quantity, and its
 * message. Checked and drawn again only when the row or what it is checked against changes.
 */
export const PadRowView = memo(function PadRowView({ row, n, context, onChange, onRemove }: Props) {
  const outcome = useMemo(() => (context ? evaluateRow(row, context) : EMPTY), [row, context]);
  const { t } = useTranslation();
  const product = outcome.kind === 'ready' || outcome.kind === 'refused' ? outcome.product : null;
  const status = statusOf(row, outcome, t);
  const messageId = `pad-message-${row.id}`;
  const invalid = status !== null && status.kind !== 'ok';
  const price = product?.price;
  return (
    // Explicit roles: on a phone the row is laid out as a card, and some browsers drop a table's semantics with its layout.
    <tr role="row" className={`pad-row pad-row-${row.note ? 'refused' : outcome.kind}`} data-testid="pad-row" data-code={row.code}>
      <td role="cell" className="pad-cell-code">
        <CodeField
          id={codeFieldId(row.id)}
          label={t('quickOrderCodeLabel', { n })}
          listLabel={t('quickOrderSuggestions', { n })}
          value={row.code}
          invalid={invalid}
          describedBy={status ? messageId : undefined}
          suggest={suggest}
          onChange={(code) => onChange(row.id, { code })}
          onDone={() => document.getElementById(qtyFieldId(row.id))?.focus()}
        />
      </td>
      <td role="cell" className="pad-cell-qty">
        <label htmlFor={qtyFieldId(row.id)} className="pad-field-label">
          {t('quickOrderQtyLabel', { n })}
        </label>
        <input
          id={qtyFieldId(row.id)}
          className="pad-qty"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={product ? String(product.minimumOrder) : undefined}
          value={row.qty}
          aria-invalid={invalid ? 'true' : 'false'}
          aria-describedby={status ? messageId : undefined}
          onChange={(event) => onChange(row.id, { qty: event.target.value })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            focusNextCode(event.currentTarget);
          }}
        />
      </td>
      <th role="rowheader" scope="row" className="pad-product">
        {product ? <ProductCell product={product} code={row.code} /> : <span className={row.code ? 'pad-product-code' : 'visually-hidden'}>{row.code || t('quickOrderLine', { n })}</span>}
      </th>
      <td role="cell" className="pad-price pad-cell-unit">{price && <PriceCell label={t('quickOrderPriceColumn')} testId="pad-unit" inclPence={price.unitInclPence} exclPence={price.unitPence} />}</td>
      <td role="cell" className="pad-price pad-cell-total">{price && <PriceCell label={t('quickOrderTotalColumn')} testId="pad-total" inclPence={price.totalInclPence} exclPence={price.totalPence} />}</td>
      <td role="cell" className="pad-stock">{product && <StockCell product={product} />}</td>
      <td role="cell" className="pad-cell-status">
        <p id={messageId} className={`pad-message pad-message-${status?.kind ?? 'none'}`} aria-live="polite" data-testid="pad-message">
          {status?.text}
        </p>
      </td>
      <td role="cell" className="pad-cell-actions">
        {(row.code !== '' || row.qty !== '') && (
          <button type="button" className="link-button" aria-label={t('quickOrderRemoveLabel', { n })} onClick={() => onRemove(row.id)}>
            {t('quickOrderRemove')}
          </button>
        )}
      </td>
    </tr>
  );
});
