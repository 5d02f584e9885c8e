import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';
import type { NotificationRecord } from '../../../schemas/rx/notifications.schema';
import { useShop } from '../../db/hooks/shop-context';
import { removeStoredNotification, useStoredNotifications } from '../../db/hooks/shop-reads';
import type { LocalShop } from '../../db/start-local-database';
import { dismiss, useNotifications, type NotificationAction } from './notification-store';

/**
 * Named actions a stored notification can carry (they come from the database, so every tab can run
 * them). "close" only dismisses.
 */
type ActionRunner = (shop: LocalShop, navigate: ReturnType<typeof useNavigate>) => void;
const NAMED_ACTIONS: Record<string, ActionRunner> = {
  close: () => undefined,
  goToCheckout: (_shop, navigate) => void navigate('/checkout'),
  confirmOfflineOrders: (shop) => void shop.sync.confirmQueuedOrders(),
  cancelOfflineOrders: (shop) => void shop.sync.cancelQueuedOrders(),
};

interface Shown {
  key: string;
  /** Kept across pages: a question that waits for its answer (no time-out). */
  staysOnNavigation: boolean;
  type: NotificationRecord['type'];
  message: string;
  actions: NotificationAction[];
  dismiss: () => void;
}

/** Stored notifications (cart, orders, session: shown in every tab) until they expire. */
function useLiveStoredNotifications(): NotificationRecord[] {
  const all = useStoredNotifications();
  const [now, setNow] = useState(() => Date.now());
  const live = all.filter((n) => n.hasNoTimeout || n.created_at + n.timeToLive > now);
  const nextExpiry = Math.min(...live.filter((n) => !n.hasNoTimeout).map((n) => n.created_at + n.timeToLive));
  useEffect(() => {
    if (!Number.isFinite(nextExpiry)) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, nextExpiry - Date.now()) + 10);
    return () => window.clearTimeout(timer);
  }, [nextExpiry]);
  return live;
}

/**
 * Actions that take the shopper where they already are are left out: a stored cart notice (from
 * another tab, or an add that finished after the shopper moved on) offers "Proceed to checkout" on
 * every page but the checkout itself.
 */
const pointless = (action: string | undefined, pathname: string) => action === 'goToCheckout' && /^\/checkout\/?$/.test(pathname);

const SEVERITY: NotificationRecord['type'][] = ['info', 'success', 'warning', 'error'];
const worstType = (items: Shown[]) => items.reduce<NotificationRecord['type']>((worst, n) => (SEVERITY.indexOf(n.type) > SEVERITY.indexOf(worst) ? n.type : worst), 'info');

/**
 * A notice belongs to the page it was shown on: when the shopper moves to another page, what was shown
 * is left behind (screen notices dismissed; stored ones, shared with other tabs, hidden in this tab
 * only). A question without a time-out stays until it is answered.
 */
function useLeftOnTheirPage(shown: Shown[]): Shown[] {
  const { pathname } = useLocation();
  // Another page is another path reached by a link or the history; a filter in the query string or a
  // replaced address (the product page naming the chosen variant) is the same page.
  const replaced = useNavigationType() === NavigationType.Replace;
  const [page, setPage] = useState(pathname);
  const [leftBehind, setLeftBehind] = useState<ReadonlySet<string>>(() => new Set());
  if (pathname !== page) {
    setPage(pathname);
  }
  if (pathname !== page && !replaced) {
    const left = shown.filter((n) => !n.staysOnNavigation);
    setLeftBehind(new Set([...leftBehind, ...left.map((n) => n.key)]));
  }
  // Screen notices left behind are dismissed for good (after the render: the store is outside React).
  useEffect(() => {
    for (const n of shown) if (leftBehind.has(n.key) && n.key.startsWith('ui-')) n.dismiss();
  }, [shown, leftBehind]);
  return shown.filter((n) => !leftBehind.has(n.key));
}

/** The notifications: each message with its OK action (and a second one when given). */
export function NotificationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shop = useShop();
  const screenItems = useNotifications();
  const storedItems = useLiveStoredNotifications();
  const shown: Shown[] = [
    ...storedItems.map((n): Shown => {
      const remove = () => void (shop && removeStoredNotification(shop, n.id));
      const toAction = (a: { label: string; action?: string }): NotificationAction => ({
        label: a.label,
        run: () => {
          const runner = a.action ? NAMED_ACTIONS[a.action] : undefined;
          if (shop && runner) runner(shop, navigate);
        },
      });
      const actions = [...(n.action2 ? [n.action2] : []), n.action1].filter((a) => !pointless(a.action, pathname));
      return { key: `db-${n.id}`, staysOnNavigation: n.hasNoTimeout, type: n.type, message: n.message, actions: actions.map(toAction), dismiss: remove };
    }),
    ...screenItems.map((n): Shown => ({ key: `ui-${n.id}`, staysOnNavigation: n.hasNoTimeout === true, type: n.type, message: n.message, actions: [...(n.action2 ? [n.action2] : []), n.action1], dismiss: () => dismiss(n.id) })),
  ];
  const visible = useLeftOnTheirPage(shown).filter((n, i, all) => all.findIndex((m) => m.message === n.message) === i);
  if (visible.length === 0) return <section className="notifications" aria-label={t('notifications')} aria-live="polite" />;
  return (
    <section className="notifications" aria-label={t('notifications')} aria-live="polite">
      {/* One toast: messages that arrive together are lines of it, not a stack of boxes. */}
      <div className={`toast toast-${worstType(visible)}`}>
        {visible.map((n) => (
        <div key={n.key} className={`notification notification-${n.type}`} role={n.type === 'error' ? 'alert' : 'status'}>
          <p>{n.message}</p>
          <div className="notification-actions">
            {n.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                onClick={() => {
                  action.run?.();
                  n.dismiss();
                }}
              >
                {action.label}
              </button>
            ))}
          </div>
        </div>
      ))}
      </div>
    </section>
  );
}
