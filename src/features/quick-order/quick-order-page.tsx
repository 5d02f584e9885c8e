import { useTranslation } from 'react-i18next';
import { WhenShopReady } from '../../db/hooks/shop-context';
import { useTitle } from '../../ui/use-title';
import { QuickOrderPad } from './quick-order-pad';
import './quick-order.css';

/** /quick-order: the trade buyer's pad, by SKU or EAN, answered from the products saved on the device. */
export function QuickOrderPage() {
  const { t } = useTranslation();
  useTitle(t('quickOrder'));
  return (
    <section className="quick-order" aria-labelledby="quick-order-title">
      <h1 id="quick-order-title">{t('quickOrder')}</h1>
      <p>{t('quickOrderIntro')}</p>
      <WhenShopReady fallback={<p className="loading">{t('loading')}</p>}>
        <QuickOrderPad />
      </WhenShopReady>
    </section>
  );
}
