import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShop } from '../../db/hooks/shop-context';
import type { LocalShop } from '../../db/start-local-database';
import { addRowsToCart, mergeBatchNotices } from './add-all';
import { addAllNotice } from './add-all-message';
import { MAX_PAD_LINES, parsePadLines } from './pad-lines';
import { evaluateRow } from './pad-row';
import { addEntries, fillNextRow, removeRows, updateRow, withTrailingEmpty } from './pad-rows';
import { PadRowView, qtyFieldId } from './pad-row-view';
import { PasteLinesForm } from './paste-lines-form';
import { ScanButton } from './scan-button';
import { usePadRows } from './use-pad-rows';
import { useRowContext } from './use-row-context';

const filled = (rows: readonly { code: string; qty: string }[]) => rows.filter((r) => r.code.trim() !== '' || r.qty.trim() !== '').length;

/**
 * The pad: rows of code and quantity checked as they are typed, pasted, uploaded, scanned or put back
 * from an order, then "Add all to cart" takes the ready rows and leaves the others with their message.
 */
export function QuickOrderPad() {
  const shop = useShop() as LocalShop;
  const { t } = useTranslation();
  const { rows, setRows, newId, reordered } = usePadRows(shop.db);
  const { context, catalog } = useRowContext(rows?.map((r) => r.code) ?? []);
  const [announcement, setAnnouncement] = useState('');
  const [added, setAdded] = useState(0);
  const [busy, setBusy] = useState(false);
  // A field to focus once the next render has put it on the page (the quantity of a scanned row).
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });
  // A reorder says what it brought: the order and how many lines, now at the top of the pad (set as
  // the reorder is heard, so a later announcement replaces it).
  const [heardReorder, setHeardReorder] = useState(reordered);
  if (reordered !== heardReorder) {
    setHeardReorder(reordered);
    if (reordered) setAnnouncement(t('quickOrderReordered', { order: reordered.order, count: reordered.rowIds.length }));
  }
  const changeRow = useCallback((id: string, patch: { code?: string; qty?: string }) => setRows((current) => updateRow(current, id, patch, newId), 'typing'), [setRows, newId]);
  const removeRow = useCallback((id: string) => setRows((current) => removeRows(current, new Set([id]), newId)), [setRows, newId]);
  if (!rows) return <p className="loading">{t('loading')}</p>;

  const putLines = (text: string) => {
    const parsed = parsePadLines(text, MAX_PAD_LINES - filled(rows));
    setRows((current) => addEntries(current, parsed.entries, newId));
    const leftOut = parsed.leftOut > 0 ? ` ${t('quickOrderLeftOut', { max: MAX_PAD_LINES, count: parsed.leftOut })}` : '';
    setAnnouncement(`${t('quickOrderPlaced', { count: parsed.entries.length })}${leftOut}`);
  };
  const putScanned = (code: string) => {
    let id = '';
    setRows((current) => {
      const next = fillNextRow(current, code, newId);
      id = next.id;
      return next.rows;
    });
    const n = rows.findIndex((row) => row.id === id) + 1 || rows.length + 1;
    setAnnouncement(t('quickOrderScanned', { code, n }));
    focusAfterRender.current = qtyFieldId(id);
  };
  const addAll = async () => {
    if (!context) return;
    const ready = rows.flatMap((row) => {
      const outcome = evaluateRow(row, context);
      return outcome.kind === 'ready' ? [{ id: row.id, line: outcome.line }] : [];
    });
    if (ready.length === 0) return setAnnouncement(t('quickOrderNothingReady'));
    setBusy(true);
    try {
      const result = await addRowsToCart(shop, ready, context.customerGroupId);
      let left = 0;
      setRows((current) => {
        const noted = current.map((row) => {
          const refusal = result.refused.get(row.id);
          return refusal === undefined ? row : { ...row, note: { type: 'error' as const, message: refusal } };
        });
        const next = removeRows(noted, result.added, newId);
        left = filled(next);
        return next;
      });
      setAdded(result.added.size);
      const notice = addAllNotice(result.added.size > 0 ? t('quickOrderAdded', { count: result.added.size }) : null, result.notices, left > 0 ? t('quickOrderLeft', { count: left }) : null);
      setAnnouncement(notice.sentences.join(' '));
      await mergeBatchNotices(shop.db, result, notice);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pad">
      <div className="pad-tools">
        <PasteLinesForm onLines={putLines} />
        <ScanButton onCode={putScanned} />
      </div>
      {(!catalog.registered || catalog.products === 0) && (
        <p className="warning" role="status">
          {t('quickOrderWaiting')}
        </p>
      )}
      <div className="table-scroll">
        <table role="table" className="pad-table">
          <caption className="visually-hidden">{t('quickOrderTable')}</caption>
          <colgroup>
            <col className="col-code" />
            <col className="col-qty" />
            <col />
            <col className="col-price" />
            <col className="col-price" />
            <col className="col-stock" />
            <col className="col-status" />
            <col className="col-actions" />
          </colgroup>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">{t('quickOrderCodeColumn')}</th>
              <th role="columnheader" scope="col">{t('quickOrderQtyColumn')}</th>
              <th role="columnheader" scope="col">{t('quickOrderProductColumn')}</th>
              <th role="columnheader" scope="col">{t('quickOrderPriceColumn')}</th>
              <th role="columnheader" scope="col">{t('quickOrderTotalColumn')}</th>
              <th role="columnheader" scope="col">{t('quickOrderStockColumn')}</th>
              <th role="columnheader" scope="col">{t('quickOrderStatusColumn')}</th>
              <th role="columnheader" scope="col">
                <span className="visually-hidden">{t('quickOrderActionsColumn')}</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row, i) => (
              <PadRowView key={row.id} row={row} n={i + 1} context={context} onChange={changeRow} onRemove={removeRow} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="pad-actions">
        <button type="button" className="button button-primary" disabled={busy || !context} onClick={() => void addAll()}>
          {busy ? t('quickOrderAdding') : t('quickOrderAddAll')}
        </button>
        {filled(rows) > 0 && (
          <button type="button" className="button button-secondary" onClick={() => setRows(() => withTrailingEmpty([], newId))}>
            {t('quickOrderClear')}
          </button>
        )}
        {added > 0 && (
          <Link to="/checkout" className="button button-secondary">
            {t('quickOrderGoToCart')}
          </Link>
        )}
      </div>
      <p className="pad-announcement" role="status" data-testid="pad-announcement">
        {announcement}
      </p>
    </div>
  );
}
