import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewsletterButton } from '../../features/newsletter/newsletter-button';
import { UseOffline } from '../../features/offline/use-offline';

const PAGES = [
  ['/about-us', 'About us'],
  ['/delivery', 'Delivery'],
  ['/order-tracking', 'Track your order'],
  ['/sustainability', 'Sustainability'],
  ['/contact', 'Contact'],
  ['/meet-the-team', 'Meet the team'],
  ['/latest-news', 'Latest news'],
  ['/trade-account', 'Trade account'],
  ['/quote-request', 'Quote request'],
  ['/catalogue-request', 'Catalogue request'],
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul>
          {PAGES.map(([to, label]) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
          <li>
            <NewsletterButton />
          </li>
        </ul>
      </nav>
      <UseOffline />
      <p className="muted">{t('footerNote')}</p>
    </footer>
  );
}
