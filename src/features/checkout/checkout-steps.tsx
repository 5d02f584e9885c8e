import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutPaymentForm, CheckoutShipping } from '../../../schemas/forms/checkout-address-form';
import type { CheckoutPersonalForm } from '../../../schemas/forms/checkout-personal-form';
import type { CheckoutReviewForm } from '../../../schemas/forms/checkout-review-form';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { CheckoutDetails } from '../../db/local-state';
import { saveCheckoutSection, type CheckoutSection } from '../../db/orders/checkout-details';
import { withRepricedTotals } from '../../db/orders/checkout-totals';
import type { LocalShop } from '../../db/start-local-database';
import { AddressSummary } from './address-fields';
import { PaymentStep } from './payment-step';
import { PersonalStep } from './personal-step';
import { ReviewStep } from './review-step';
import { ShippingStep } from './shipping-step';
import { StepSection, type StepState } from './step-section';
import { ThankYou } from './thank-you';
import { useCheckoutTotals } from './use-checkout-totals';
import { usePlaceOrder } from './use-place-order';

const STEPS = ['personal', 'shipping', 'payment', 'review'] as const;
type Step = (typeof STEPS)[number];

interface Props {
  shop: LocalShop;
  lines: readonly CartLine[];
  /** The checkout document as found on entry, already prefilled from the profile. */
  initial: CheckoutDetails;
  signedIn: boolean;
  emptyCart: React.ReactNode;
}

function PaymentSummary({ payment, shipping }: { payment: CheckoutPaymentForm; shipping: CheckoutShipping | null }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('checkoutCashOnDelivery')}</p>
      <AddressSummary address={payment.sameAsShipping && shipping ? { ...shipping } : { ...payment }} />
      {payment.generateInvoice && <p>{`${payment.company ?? ''}, ${payment.taxId ?? ''}`}</p>}
    </>
  );
}

const asRecord = <T,>(value: Record<string, unknown>) => value as Partial<T>;

/** The four steps in order; a done step shows what was entered and can be opened again. */
export function CheckoutSteps({ shop, lines, initial, signedIn, emptyCart }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('personal');
  const [personal, setPersonal] = useState<CheckoutPersonalForm | null>(null);
  const [shipping, setShipping] = useState<CheckoutShipping | null>(null);
  const [payment, setPayment] = useState<CheckoutPaymentForm | null>(null);
  const [reference, setReference] = useState(() => (typeof initial.reviewDetails?.customerReference === 'string' ? initial.reviewDetails.customerReference : ''));
  // Kept on the device at every change (not after a pause): the order's own write, which clears it,
  // must come after the last one.
  const keepReference = useCallback(
    (typed: string) => {
      setReference(typed);
      void saveCheckoutSection(shop.db, 'reviewDetails', { customerReference: typed });
    },
    [shop.db],
  );
  const worked = useCheckoutTotals(shop.db, lines, shipping?.country ?? 'GB');
  const { placing, failure, placed, place, repriced } = usePlaceOrder(shop, step === 'review');
  // The totals shown are the ones the order is confirmed with (the server's new ones after a price change).
  const totals = withRepricedTotals(worked, repriced, lines);
  const newTotal = repriced && totals?.ok && totals.totals === repriced ? repriced.grand_total : null;

  // The steps, once shown, stay mounted (hidden) while the cart is empty: a sync round that swaps a
  // line for the server's copy (or another tab emptying and refilling the cart) must not unmount the
  // forms and lose what the shopper was typing.
  const [shown, setShown] = useState(false);
  const empty = lines.length === 0 && !placing;
  if (!empty && !shown) setShown(true);

  if (placed) return <ThankYou db={shop.db} placed={placed} />;
  if (empty && !shown) return <>{emptyCart}</>;

  /** A finished step is kept on the device (stamping "in checkout") and the next one opens. */
  const finish = (section: CheckoutSection, values: object, next: Step) => {
    void saveCheckoutSection(shop.db, section, { ...values });
    setStep(next);
  };
  const stateOf = (s: Step): StepState => (s === step ? 'active' : STEPS.indexOf(s) < STEPS.indexOf(step) ? 'done' : 'waiting');
  const onPlace = (review: CheckoutReviewForm) => {
    if (!personal || !shipping || !payment) return;
    const { password, repeatPassword: _r, ...details } = personal;
    void place({ personal: details, shipping, payment, reference: review.customerReference }, password, totals?.ok ? totals.totals.grand_total : undefined);
  };
  return (
    <>
      {empty && emptyCart}
      <div className="checkout-steps" hidden={empty}>
        <StepSection id="checkout-personal" number={1} title={t('checkoutPersonalDetails')} state={stateOf('personal')} onEdit={() => setStep('personal')}
          summary={personal && <p>{`${personal.firstName} ${personal.lastName}`}<br />{personal.emailAddress}</p>}>
          <PersonalStep db={shop.db} signedIn={signedIn} initial={personal ?? asRecord<CheckoutPersonalForm>(initial.personalDetails)}
            onDone={(values) => { setPersonal(values); finish('personalDetails', values, 'shipping'); }} />
        </StepSection>
        <StepSection id="checkout-shipping" number={2} title={t('checkoutShipping')} state={stateOf('shipping')} onEdit={() => setStep('shipping')}
          summary={shipping && <AddressSummary address={shipping} />}>
          <ShippingStep db={shop.db} initial={shipping ?? initial.shippingDetails} names={personal}
            onDone={(values) => { setShipping(values); finish('shippingDetails', values, 'payment'); }} />
        </StepSection>
        <StepSection id="checkout-payment" number={3} title={t('checkoutPayment')} state={stateOf('payment')} onEdit={() => setStep('payment')}
          summary={payment && <PaymentSummary payment={payment} shipping={shipping} />}>
          <PaymentStep db={shop.db} initial={payment ?? asRecord<CheckoutPaymentForm>(initial.paymentDetails)}
            onDone={(values) => { setPayment(values); finish('paymentDetails', values, 'review'); }} />
        </StepSection>
        <StepSection id="checkout-review" number={4} title={t('checkoutOrderSummary')} state={stateOf('review')}>
          <ReviewStep lines={lines} totals={totals} placing={placing} failure={failure} newTotal={newTotal} reference={reference} onReferenceChange={keepReference} onPlace={onPlace} />
        </StepSection>
      </div>
    </>
  );
}
