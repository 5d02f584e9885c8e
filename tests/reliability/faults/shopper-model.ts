/**
 * What the shopper did, as the shopper saw it, independent of what the device or the server did
 * with it: the cart lines they should have, the checkouts they placed and whether they signed out.
 * The checks compare the device and the server with this model, not with each other.
 */
import { addLines, formatLines, sameLines, type Lines } from './lines';
import { reachableStates, type SharedOp } from './serial-orders';

export { addLines, formatLines, sameLines, type Lines };


/** One press of "Place the order" and what placeOrder answered. */
export interface PlaceCall {
  tab: number;
  /** The result's outcome; 'threw' when placeOrder rejected, 'interrupted' when the page reloaded first. */
  outcome: string;
  orderId: string | null;
  message?: string;
}

/** One checkout: the shopper means ONE order of these lines, however many presses, tabs or reloads. */
export interface Checkout {
  n: number;
  /** 0: the first device; 1: the customer's other device. */
  device: number;
  lines: Lines;
  calls: PlaceCall[];
  /** Placed: some press answered with an order (sent, queued or held), or the device shows its order after a reload. */
  placed: boolean;
  /**
   * For a checkout that sends the total it shows: every grand total the shopper confirmed (the review
   * step's, then each new one after a price-changed refusal). The shop may charge only one of these.
   */
  confirmedTotals?: number[];
}

/** 'repriced' is not among them: refused for a changed price, the order is not placed until the shopper confirms again. */
export const PLACED_OUTCOMES = new Set(['sent', 'queued', 'held']);

export class ShopperModel {
  /** The lines the device's cart (and the server cart it is connected to) should hold. */
  cart: Lines = {};
  /** The customer's server cart while signed out: it comes back, added to the guest's lines, at sign-in. */
  saved: Lines = {};
  signedIn = false;
  /** The shopper asked to sign in and has not managed to yet (the network failed them). */
  wantsSignIn = false;
  /**
   * A sign-in whose login merge the shopper did not see come (the network failed it for longer than
   * they waited): the cart as they went on to see it, without the saved lines, kept beside `cart`
   * through the later steps. The merge still comes, before an order took those lines or after
   * everything, and either end is right (`expectedCarts`); the device shows which.
   */
  lateMerge: { unmerged: Lines; saved: Lines } | null = null;
  private savedAtSignIn: Lines = {};
  /** The customer also shops on another device: every change to a cart is kept in `shared` for the interleavings. */
  otherDevice = false;
  /** The shopper's changes in the order made, by device (serial-orders.ts). */
  readonly shared: SharedOp[] = [];
  /**
   * Checkouts the device shows as an order the other device placed from the same cart (the shop
   * took that one as this one placed again, `order-outbox.ts`): they took nothing from the cart.
   */
  readonly shownAsOther = new Set<number>();
  /** Steps that signed the shopper out (nothing else may). */
  signOuts: string[] = [];
  readonly checkouts: Checkout[] = [];

  /** The carts a step changes: the model's, and the one without a merge not seen yet. */
  private carts(): Lines[] {
    return this.lateMerge ? [this.cart, this.lateMerge.unmerged] : [this.cart];
  }

  /**
   * The carts a step on `device` changes. The other device is signed in as the customer throughout,
   * so it edits the customer's one cart: the first device's while that is signed in too (one cart
   * on two devices, changed in the order the shopper acted), the saved cart while it is signed out.
   */
  private cartsOf(device: number): Lines[] {
    return device === 0 || this.signedIn ? this.carts() : [this.saved];
  }

  /** The cart the customer's other device should show: the customer's cart. */
  customerCart(): Lines {
    return this.signedIn ? this.cart : this.saved;
  }

  /** Which of the two carts of `serial-orders.ts` a change on `device` is about. */
  private target(device: number): 'customer' | 'guest' {
    return device === 0 && !this.signedIn ? 'guest' : 'customer';
  }

  add(sku: string, qty: number, device = 0): void {
    for (const cart of this.cartsOf(device)) addLines(cart, { [sku]: qty });
    this.shared.push({ device, type: 'add', target: this.target(device), sku, qty });
  }

  /** Set on a line another device removed meanwhile, it is the shopper's latest word: the line is back at that quantity. */
  setQty(sku: string, qty: number, device = 0): void {
    for (const cart of this.cartsOf(device)) cart[sku] = qty;
    this.shared.push({ device, type: 'set', target: this.target(device), sku, qty });
  }

  remove(sku: string, device = 0): void {
    const carts = this.cartsOf(device);
    for (const cart of carts) delete cart[sku];
    // Removed while the merge may still be pending: it lands first and the removal applies after it,
    // so the saved quantity goes too.
    if (this.lateMerge && carts.includes(this.cart)) delete this.lateMerge.saved[sku];
    this.shared.push({ device, type: 'remove', target: this.target(device), sku });
  }

  beginCheckout(lines: Lines, device = 0): Checkout {
    const checkout: Checkout = { n: this.checkouts.length + 1, device, lines: { ...lines }, calls: [], placed: false };
    this.checkouts.push(checkout);
    return checkout;
  }

  /** The shopper confirmed `total` for this checkout (the review step's, or a new one after a price change). */
  confirmed(checkout: Checkout, total: number): void {
    (checkout.confirmedTotals ??= []).push(total);
  }

  /** The checkout whose order this is (the shopper answers "Order waiting!" for an order they placed). */
  checkoutOf(orderId: string): Checkout | undefined {
    return this.checkouts.find((c) => c.calls.some((k) => k.orderId === orderId));
  }

  /** A press answered; the first answer that places the order takes its lines out of the cart. */
  answered(checkout: Checkout, call: PlaceCall): void {
    checkout.calls.push(call);
    if (!checkout.placed && PLACED_OUTCOMES.has(call.outcome)) this.markPlaced(checkout);
  }

  markPlaced(checkout: Checkout): void {
    if (checkout.placed) return;
    checkout.placed = true;
    // An order with more of a line than the unmerged cart held took merged saved lines: the merge came first.
    const unmerged = checkout.device === 0 ? this.lateMerge?.unmerged : undefined;
    if (unmerged && Object.entries(checkout.lines).some(([sku, qty]) => qty > (unmerged[sku] ?? 0))) this.lateMerge = null;
    for (const cart of this.cartsOf(checkout.device)) addLines(cart, checkout.lines, -1);
    this.shared.push({ device: checkout.device, type: 'order', target: this.target(checkout.device), lines: { ...checkout.lines }, checkout: checkout.n });
  }

  signIn(): void {
    this.signedIn = true;
    this.wantsSignIn = false;
    this.savedAtSignIn = this.saved;
    this.cart = addLines({ ...this.saved }, this.cart);
    this.saved = {};
    this.shared.push({ device: 0, type: 'signIn' });
  }

  /** The shopper gave up waiting for the login merge of the last sign-in and went on with the cart as shown. */
  mergeNotSeen(): void {
    if (Object.keys(this.savedAtSignIn).length === 0) return;
    this.lateMerge = { unmerged: addLines({ ...this.cart }, this.savedAtSignIn, -1), saved: { ...this.savedAtSignIn } };
  }

  /** The carts the device and server may end with: the model's, or with a late merge that came after every step. */
  expectedCarts(): Lines[] {
    const serial = this.lateMerge ? [this.cart, addLines({ ...this.lateMerge.unmerged }, this.lateMerge.saved)] : [this.cart];
    // With another device, any serial order of the two devices' changes (each device's kept) will do.
    return this.otherDevice && this.signedIn ? distinct([...serial, ...this.customerCartsOfSerialOrders()]) : serial;
  }

  /** The carts the customer's other device may end with: the first device's while it is signed in, else the customer's. */
  customerCarts(): Lines[] {
    if (this.signedIn) return this.expectedCarts();
    return this.otherDevice ? distinct([this.saved, ...this.customerCartsOfSerialOrders()]) : [this.saved];
  }

  private customerCartsOfSerialOrders(): Lines[] {
    return reachableStates(this.shared.filter((op) => op.type !== 'order' || !this.shownAsOther.has(op.checkout))).map((s) => s.customer);
  }

  signOut(step: string): void {
    this.signOuts.push(step);
    this.signedIn = false;
    // Signed out, the saved lines are what the server cart holds, merged or not.
    this.lateMerge = null;
    addLines(this.saved, this.cart);
    this.cart = {};
    this.shared.push({ device: 0, type: 'signOut' });
  }

  /** The order ids the shopper was shown for a checkout (one, if all is well). */
  static orderIds(checkout: Checkout): string[] {
    return [...new Set(checkout.calls.filter((c) => PLACED_OUTCOMES.has(c.outcome) && c.orderId).map((c) => c.orderId!))];
  }

  describe(): string {
    const totals = (c: Checkout) => (c.confirmedTotals ? ` confirmed at ${c.confirmedTotals.map((t) => `£${t.toFixed(2)}`).join(', ')}` : '');
    const checkouts = this.checkouts.map((c) => `#${c.n}${c.device ? ' (other device)' : ''} ${formatLines(c.lines)} ${c.placed ? 'placed' : 'not placed'}${totals(c)} [${c.calls.map((k) => `t${k.tab} ${k.outcome}${k.orderId ? ` ${k.orderId}` : ''}`).join('; ')}]`);
    return `cart ${formatLines(this.cart)}, saved customer cart ${formatLines(this.saved)}, ${this.signedIn ? 'signed in' : 'signed out'}${this.signOuts.length ? ` (signed out by ${this.signOuts.join(', ')})` : ''}; checkouts: ${checkouts.join(' | ') || 'none'}`;
  }
}

const distinct = (carts: readonly Lines[]): Lines[] => [...new Map(carts.map((c) => [formatLines(c), c])).values()];
