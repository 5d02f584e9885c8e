import { Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountButton, useSessionGroupId } from '../../features/account/account-button';
import { CartButton } from '../../features/cart/cart-button';
import { HeaderDownload } from '../../features/offline/header-download';
import { useList } from '../../features/lists/local-list';
import { SyncStatusButton } from '../../features/sync/sync-status-button';
import { Drawer } from '../../ui/drawer';
import { Icon } from '../../ui/icons';
import { SidebarMenu } from '../../ui/sidebar-menu';
import { TopMenu } from '../../ui/top-menu';
import { LanguagesModal } from './languages-modal';
import { useMenu } from './use-menu';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';
import { followViewerGroup } from '../follow-replica';

const SearchPanel = lazyUntilLoaded(() => import('../../features/search/search-panel').then((m) => ({ default: m.SearchPanel })));
const WishlistPanel = lazyUntilLoaded(() => import('../../features/wishlist/wishlist-panel').then((m) => ({ default: m.WishlistPanel })));

type Panel = 'menu' | 'search' | 'wishlist' | 'languages' | null;

/** Header: brand, the menu button (phone), search, wishlist, compare and languages; the category bar below. */
export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const [panel, setPanel] = useState<Panel>(null);
  // A panel is left for the page its link opened (a search result, a wishlist product, a menu entry):
  // closed when the location changes, as React advises for state that follows an input.
  const location = useLocation();
  const [shownAt, setShownAt] = useState(location.key);
  if (location.key !== shownAt) {
    setShownAt(location.key);
    if (panel !== null) setPanel(null);
  }
  const groupId = useSessionGroupId();
  const menu = useMenu(groupId);
  const client = useQueryClient();
  useEffect(() => followViewerGroup(client, groupId), [client, groupId]);
  const wishlistCount = useList('wishlist').length;
  const compareCount = useList('compare').length;
  const close = () => setPanel(null);
  return (
    <header className="site-header">
      <div className="header-row">
        <button type="button" className="icon-button menu-button" aria-label={t('menu')} onClick={() => setPanel('menu')}>
          <Icon name="menu" />
        </button>
        <Link to="/" className="brand">
          {t('shopName')}
          <span className="strap">{t('strap')}</span>
        </Link>
        {/* Icon over label: the label is the visible text and the accessible name (WCAG 2.5.3). */}
        <div className="header-actions">
          <button type="button" className="header-action" onClick={() => setPanel('search')}>
            <Icon name="search" />
            <span className="action-label">{t('search')}</span>
          </button>
          <button type="button" className="header-action" onClick={() => setPanel('wishlist')}>
            <Icon name="heart" />
            <span className="action-label">{t('wishlist')}</span> <span className="count-badge">{wishlistCount}</span>
          </button>
          <Link to="/quick-order" className="header-action">
            <Icon name="list" />
            <span className="action-label">{t('quickOrder')}</span>
          </Link>
          <Link to="/compare" className="header-action">
            <Icon name="compare" />
            <span className="action-label">{t('compare')}</span> <span className="count-badge">{compareCount}</span>
          </Link>
          {/* Named "Languages EN": the visible code stays in the name (WCAG 2.5.3 Label in Name). */}
          <button type="button" className="header-action" aria-haspopup="dialog" onClick={() => setPanel('languages')}>
            <Icon name="globe" />
            <span className="visually-hidden">{t('languages')} </span>
            <span className="action-label">{i18n.language.toUpperCase()}</span>
          </button>
          <SyncStatusButton />
          <AccountButton />
        </div>
        {/* Beside the actions, not among them: on a phone it sits in the brand's row (app.css). */}
        <CartButton />
      </div>
      <TopMenu nodes={menu} label={t('categories')} />
      {/* Hangs from the header's lower edge: it adds nothing to the header's height on a phone. */}
      <HeaderDownload />
      <Drawer title={t('categories')} open={panel === 'menu'} onClose={close} side="left">
        <SidebarMenu nodes={menu} labels={{ back: t('back'), all: t('allIn') }} onNavigate={close} />
      </Drawer>
      <Drawer title={t('search')} open={panel === 'search'} onClose={close} side="top">
        <Suspense fallback={<p>{t('loading')}</p>}>{panel === 'search' && <SearchPanel onClose={close} />}</Suspense>
      </Drawer>
      <Drawer title={t('wishlist')} open={panel === 'wishlist'} onClose={close} side="right">
        <Suspense fallback={<p>{t('loading')}</p>}>
          <WishlistPanel onNavigate={close} />
        </Suspense>
      </Drawer>
      <LanguagesModal open={panel === 'languages'} onClose={close} />
    </header>
  );
}
