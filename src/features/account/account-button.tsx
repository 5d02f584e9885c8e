import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_SESSION, DEFAULT_UI_FLAGS, LOCAL_DOCUMENT_IDS, type SessionState, type UiFlags } from '../../../schemas/rx/local-documents';
import { useShop, useShopObservable } from '../../db/hooks/shop-context';
import type { LocalShop } from '../../db/start-local-database';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';

const AuthForms = lazyUntilLoaded(() => import('./auth-forms').then((m) => ({ default: m.AuthForms })));

/**
 * A local document's value as a subscribable, read straight off the database object: the header is in
 * the entry bundle, so it may not import the database modules (they carry RxDB and rxjs). Not
 * `db.getLocal$`: that runs two promises for every change event of every collection, thousands for
 * each catalogue batch written; here other writes are dropped by a synchronous check.
 */
function localValue<T extends object>(shop: LocalShop, id: string, fallback: T) {
  return {
    subscribe: (next: (value: T) => void) => {
      let reads = 0;
      let closed = false;
      const read = () => {
        const ticket = ++reads;
        void shop.db.getLocal<{ value: T }>(id).then((doc) => {
          if (closed || ticket !== reads) return; // a later read is on its way
          const stored = (doc?.toJSON() as { data?: { value?: Partial<T> } } | undefined)?.data?.value;
          next({ ...fallback, ...stored });
        });
      };
      read();
      const changes = shop.db.eventBulks$.subscribe((bulk) => {
        if (bulk.isLocal && !bulk.collectionName && bulk.events.some((e) => e.documentId === id)) read();
      });
      return {
        unsubscribe: () => {
          closed = true;
          changes.unsubscribe();
        },
      };
    },
  };
}

export const useSessionState = (): SessionState => useShopObservable((shop) => localValue(shop, LOCAL_DOCUMENT_IDS.session, DEFAULT_SESSION), DEFAULT_SESSION);

/** SPEC §6: guests have no group and use group 0; a signed-in shopper's group shapes the menu. */
export const useSessionGroupId = (): number => {
  const session = useSessionState();
  return session.token && typeof session.groupId === 'number' ? session.groupId : 0;
};

/** The header's account button: login / register when logged out, My Account and Logout when logged in. */
export function AccountButton() {
  const { t } = useTranslation();
  const shop = useShop();
  const session = useSessionState();
  const ui = useShopObservable((s) => localValue<UiFlags>(s, LOCAL_DOCUMENT_IDS.ui, DEFAULT_UI_FLAGS), DEFAULT_UI_FLAGS);
  const [open, setOpen] = useState(false);
  const loggedIn = Boolean(session.token);
  // The sign-up modal also opens by itself when the session could not be refreshed (SPEC §4).
  const showModal = !loggedIn && (open || ui.signUpModal);
  const close = () => {
    setOpen(false);
    if (ui.signUpModal && shop) void import('../../db/local-state').then((m) => m.modifyLocal(shop.db, m.LOCAL.ui, (flags) => ({ ...flags, signUpModal: false })));
  };
  if (loggedIn) {
    return (
      <span className="account-menu">
        <Link to="/my-account" className="header-action">
          <Icon name="user" />
          <span className="action-label">{t('myAccount')}</span>
        </Link>
        <button type="button" className="header-action" onClick={() => void shop?.sync.signOut()}>
          <Icon name="close" />
          <span className="action-label">{t('accountLogout')}</span>
        </button>
      </span>
    );
  }
  return (
    <>
      <button type="button" className="header-action" onClick={() => setOpen(true)} disabled={!shop}>
        <Icon name="user" />
        <span className="action-label">{t('accountLogin')}</span>
      </button>
      <Modal title={t('account')} open={showModal} onClose={close} className="account-modal">
        <Suspense fallback={<p>{t('loading')}</p>}>
          <AuthForms onDone={close} />
        </Suspense>
      </Modal>
    </>
  );
}
