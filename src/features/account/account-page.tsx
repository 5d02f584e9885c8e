import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { WhenShopReady } from '../../db/hooks/shop-context';
import { useSession } from '../../db/hooks/use-live';
import { useTitle } from '../../ui/use-title';
import { blockFor } from './account-blocks';
import { AccountNav } from './account-nav';
import { AuthForms } from './auth-forms';
import { LoyaltyBlock } from './blocks/loyalty-block';
import { NewsletterBlock } from './blocks/newsletter-block';
import { OrderDetailBlock } from './blocks/order-detail-block';
import { OrdersBlock } from './blocks/orders-block';
import { ProfileBlock } from './blocks/profile-block';
import { RecentlyViewedBlock } from './blocks/recently-viewed-block';
import { ReviewsBlock } from './blocks/reviews-block';
import { ShippingBlock } from './blocks/shipping-block';
import { useProfileForSession } from './use-account-query';

/** SPEC §2: account pages need login; a guest gets the message and the login form. */
function LoginRequired() {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" className="login-required">
        {t('accountLoginRequired')}
      </p>
      <AuthForms headingLevel={2} />
    </>
  );
}

function AccountScreen() {
  const session = useSession();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { orderId } = useParams();
  useProfileForSession();
  if (!session.token) return <LoginRequired />;
  const block = blockFor(pathname, params.get('block'));
  return (
    <div className="account-layout">
      <AccountNav current={block} />
      <div className="account-block">
        {block === 'profile' && <ProfileBlock />}
        {block === 'shipping' && <ShippingBlock />}
        {block === 'newsletter' && <NewsletterBlock />}
        {block === 'orders' && (orderId ? <OrderDetailBlock orderId={orderId} /> : <OrdersBlock />)}
        {block === 'reviews' && <ReviewsBlock />}
        {block === 'recently-viewed' && <RecentlyViewedBlock />}
        {block === 'loyalty' && <LoyaltyBlock />}
      </div>
    </div>
  );
}

/** /my-account and its paths: one screen, each path opening a block (SPEC §2). */
export function AccountPage() {
  const { t } = useTranslation();
  useTitle(t('myAccount'));
  return (
    <section className="account-screen">
      <h1>{t('myAccount')}</h1>
      <WhenShopReady fallback={<p>{t('loading')}</p>}>
        <AccountScreen />
      </WhenShopReady>
    </section>
  );
}
