import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop, useShopObservable } from '../../db/hooks/shop-context';
import type { SyncOverview } from '../../db/sync/sync-overview';
import { AutomaticTransmission } from './automatic-transmission';
import { SentOrders, WaitingOrders } from './sync-orders';
import { formatRecent } from '../../ui/format-date';
import './sync.css';

/**
 * What is waiting to be sent (orders, other changes, cart changes), when the last sync happened and
 * the last error, with "Retry now", the automatic transmission setting and the orders sent from here.
 */
export function SyncStatusPanel() {
  const { t, i18n } = useTranslation();
  const shop = useShop();
  const overview = useShopObservable<SyncOverview | null>((s) => s.sync.overview$(), null);
  const [busy, setBusy] = useState(false);
  if (!shop || !overview) return <p>{t('loading')}</p>;
  const time = (at: number | null) => (at === null ? t('syncNever') : formatRecent(at, i18n.language));
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  const nothing = overview.waitingOrders.length === 0 && overview.tasks.length === 0 && overview.cartChanges === 0;
  return (
    <div className="sync-panel">
      <p className={`sync-connection ${overview.online ? 'is-online' : 'is-offline'}`} role="status">
        {overview.online ? t('syncOnlineNow') : t('syncOfflineHint')}
      </p>
      <section className="sync-section" aria-labelledby="sync-waiting-heading">
        <h3 id="sync-waiting-heading">{t('syncWaiting')}</h3>
        {nothing && <p>{t('syncNothingWaiting')}</p>}
        <WaitingOrders overview={overview} busy={busy} onConfirm={() => run(() => shop.sync.confirmQueuedOrders())} onCancel={() => run(() => shop.sync.cancelQueuedOrders())} />
        {overview.tasks.length > 0 && <p>{t('syncTasks', { count: overview.tasks.length })}</p>}
        {overview.cartChanges > 0 && <p>{t('syncCartChanges')}</p>}
      </section>
      <section className="sync-section" aria-labelledby="sync-last-heading">
        <h3 id="sync-last-heading">{t('syncLastSync')}</h3>
        <ul className="sync-list">
          <li>{t('syncOverallLast', { time: time(overview.lastSyncAt) })}</li>
          <li>{t('syncCartLast', { time: time(overview.cartLastSyncAt) })}</li>
          <li>{t('syncCatalogueLast', { time: time(overview.catalogueLastSyncAt) })}</li>
        </ul>
        {overview.lastError && (
          <p className="sync-error" role="alert">
            {t('syncError', { time: time(overview.lastErrorAt), message: overview.lastError })}
          </p>
        )}
        {!overview.leading && <p className="sync-note">{t('syncOtherTab')}</p>}
        <button type="button" className="button button-primary" disabled={busy || !overview.online} onClick={() => run(() => shop.sync.retry())}>
          {busy ? t('syncRetrying') : t('syncRetry')}
        </button>
      </section>
      <AutomaticTransmission stored={overview.automaticTransmission} save={(on) => shop.sync.setAutomaticTransmission(on)} />
      <SentOrders overview={overview} />
    </div>
  );
}
