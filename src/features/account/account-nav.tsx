import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCOUNT_BLOCKS, type AccountBlock } from './account-blocks';

export function AccountNav({ current }: { current: AccountBlock }) {
  const { t } = useTranslation();
  return (
    <nav className="account-nav" aria-label={t('myAccount')}>
      <ul>
        {ACCOUNT_BLOCKS.map((b) => (
          <li key={b.block}>
            <Link to={b.to} aria-current={b.block === current ? 'page' : undefined} className={b.block === current ? 'active' : undefined}>
              {t(b.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
