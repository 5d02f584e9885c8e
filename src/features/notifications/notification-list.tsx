import { useTranslation } from 'react-i18next';
import { dismiss, useNotifications } from './notification-store';

/** The notification stack: each message with its OK action (and a second one when given). */
export function NotificationList() {
  const { t } = useTranslation();
  const items = useNotifications();
  return (
    <section className="notifications" aria-label={t('notifications')} aria-live="polite">
      {items.map((n) => (
        <div key={n.id} className={`notification notification-${n.type}`} role={n.type === 'error' ? 'alert' : 'status'}>
          <p>{n.message}</p>
          <div className="notification-actions">
            {n.action2 && (
              <button type="button" onClick={() => { n.action2?.run?.(); dismiss(n.id); }}>
                {n.action2.label}
              </button>
            )}
            <button type="button" onClick={() => { n.action1.run?.(); dismiss(n.id); }}>
              {n.action1.label}
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
