import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShop } from '../../db/hooks/shop-context';
import { useSessionState, useUiFlags } from '../../db/hooks/shop-reads';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';

const AuthForms = lazyUntilLoaded(() => import('./auth-forms').then((m) => ({ default: m.AuthForms })));

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
  const ui = useUiFlags();
  const [open, setOpen] = useState(false);
  const loggedIn = Boolean(session.token);
  // The sign-up modal also opens by itself when the session could not be refreshed (SPEC §4).
  const showModal = !loggedIn && (open || ui.signUpModal);
  const close = () => {
    setOpen(false);
    if (ui.signUpModal && shop) void import('../../db/session/session').then((m) => m.closeSignUpModal(shop.db));
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
