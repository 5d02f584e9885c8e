import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  name: string;
  to?: string;
}

/** The trail above a category or product (the last crumb is the page itself). */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{t('home')}</Link>
        </li>
        {trail.map((c, i) => (
          <li key={`${c.name}-${i}`}>{c.to && i < trail.length - 1 ? <Link to={c.to}>{c.name}</Link> : <span aria-current="page">{c.name}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
