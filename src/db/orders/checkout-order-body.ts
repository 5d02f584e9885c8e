import type { CheckoutPaymentForm, CheckoutShippingForm } from '../../../schemas/forms/checkout-address-form';
import { PAYMENT_METHOD, SHIPPING_METHOD } from '../../../schemas/forms/checkout-address-form';
import type { CheckoutPersonalForm } from '../../../schemas/forms/checkout-personal-form';
import type { CartLine } from '../../../schemas/rx/cart.schema';

/** The checkout details as the steps keep them (the password only ever in memory). */
export interface CheckoutDraft {
  personal: Omit<CheckoutPersonalForm, 'password' | 'repeatPassword'>;
  shipping: CheckoutShippingForm;
  payment: CheckoutPaymentForm;
  /** The shopper's own reference (job or PO number) from the Order Summary step, if any. */
  reference?: string | undefined;
}

export interface OrderBodyInput extends CheckoutDraft {
  lines: readonly CartLine[];
  /** The account password when "I want to create an account" was ticked (a guest only). */
  password?: string | undefined;
  /** The signed-in customer's id; null for a guest. */
  userId: string | null;
  /** The server cart the lines were synced to, so the server converts it (and applies its coupon). */
  cartId: string | null;
  storeCode: string | null;
  now: number;
  /**
   * The grand total (incl. VAT, in pounds) the review step showed when the shopper placed the order:
   * the server refuses the order if it would charge another (a price changed meanwhile). Undefined
   * when no total was shown (the totals could not be worked out).
   */
  grandTotal?: number | undefined;
}

const trimmed = (s: string | undefined | null): string => (s ?? '').trim();
const orNull = (s: string | undefined | null): string | null => (trimmed(s) === '' ? null : trimmed(s));

type AddressFields = Pick<CheckoutShippingForm, 'firstName' | 'lastName' | 'streetAddress' | 'apartmentNumber' | 'city' | 'state' | 'zipCode' | 'country' | 'phoneNumber'>;

/** A checkout address in the order's (Magento) field names; the apartment is the second street line. */
function orderAddress(a: Partial<AddressFields>, email: string): Record<string, unknown> {
  const street = [trimmed(a.streetAddress), trimmed(a.apartmentNumber)].filter((l) => l !== '');
  return {
    firstname: trimmed(a.firstName),
    lastname: trimmed(a.lastName),
    street,
    city: trimmed(a.city),
    postcode: trimmed(a.zipCode),
    country_id: trimmed(a.country).toUpperCase(),
    region: orNull(a.state),
    region_code: null,
    region_id: null,
    telephone: orNull(a.phoneNumber),
    email,
  };
}

/**
 * The body of POST /api/order (SPEC §7, vsf1 "Order") from the local cart lines and the checkout
 * details. Client prices travel for the record only: the server prices every line itself, and
 * refuses the order when its grand total is not the one the shopper confirmed. The
 * billing address is the shipping one unless the shopper gave another; company and tax ID go with
 * it only when an invoice for the company is wanted.
 */
export function buildOrderBody(input: OrderBodyInput): Record<string, unknown> {
  const email = trimmed(input.personal.emailAddress);
  const shippingAddress = orderAddress(input.shipping, email);
  const pay = input.payment;
  const billing = pay.sameAsShipping ? { ...shippingAddress } : orderAddress(pay, email);
  const billingAddress = pay.generateInvoice ? { ...billing, company: orNull(pay.company), vat_id: orNull(pay.taxId) } : billing;
  const account = !input.userId && input.personal.createAccount && input.password;
  const at = new Date(input.now).toISOString();
  const reference = trimmed(input.reference);
  return {
    user_id: input.userId ?? '',
    ...(input.cartId ? { cart_id: input.cartId } : {}),
    products: input.lines.map((line) => ({
      sku: line.sku,
      qty: line.qty,
      name: line.name,
      product_type: line.type_id,
      parentSku: line.parentSku ?? null,
      product_option: line.product_option,
      checksum: line.checksum,
      price: line.price_pence / 100,
      price_incl_tax: line.price_incl_tax_pence / 100,
      ...(line.server_item_id ? { server_item_id: line.server_item_id } : {}),
    })),
    addressInformation: {
      shippingAddress,
      billingAddress,
      shipping_carrier_code: SHIPPING_METHOD.carrier,
      shipping_method_code: SHIPPING_METHOD.method,
      payment_method_code: pay.paymentMethod || PAYMENT_METHOD,
      payment_method_additional: {},
    },
    personalDetails: {
      firstName: trimmed(input.personal.firstName),
      lastName: trimmed(input.personal.lastName),
      emailAddress: email,
      ...(account ? { createAccount: true, password: input.password } : { createAccount: false }),
    },
    created_at: at,
    updated_at: at,
    ...(input.storeCode ? { store_code: input.storeCode } : {}),
    // Part of the order itself: a queued order carries it, and a resend of the body is the same order.
    ...(reference ? { customer_reference: reference } : {}),
    ...(input.grandTotal !== undefined && Number.isFinite(input.grandTotal) ? { grand_total: input.grandTotal } : {}),
  };
}
