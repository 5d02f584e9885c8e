import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../use-account-query';
import { loyaltyCardNumber } from './loyalty-card';

/** My loyalty card: the card number of the account, to show at the trade counter. */
export function LoyaltyBlock() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const id = typeof user?.id === 'number' ? user.id : null;
  return (
    <>
      <h2>{t('accountBlockLoyalty')}</h2>
      <p>{t('accountLoyaltyIntro')}</p>
      {id !== null && (
        <div className="loyalty-card">
          <p className="loyalty-name">{[user?.firstname, user?.lastname].filter(Boolean).join(' ')}</p>
          <p>
            {t('accountLoyaltyNumber')}: <strong className="loyalty-number">{loyaltyCardNumber(id)}</strong>
          </p>
        </div>
      )}
    </>
  );
}
