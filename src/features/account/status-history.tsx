import { useTranslation } from 'react-i18next';

export interface StatusEntry {
  status: string;
  comment: string | null;
  created_at: string;
}

/** An order's status changes, oldest first (order tracking and the order detail). */
export function StatusHistory({ entries }: { entries: readonly StatusEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <>
      <h3>{t('accountOrderHistory')}</h3>
      <ol className="status-history">
        {entries.map((e) => (
          <li key={`${e.created_at}-${e.status}`}>
            <time dateTime={e.created_at}>{new Date(e.created_at).toLocaleString('en-GB')}</time> — {e.status}
            {e.comment ? `: ${e.comment}` : ''}
          </li>
        ))}
      </ol>
    </>
  );
}
