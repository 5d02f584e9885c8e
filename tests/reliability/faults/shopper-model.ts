/**
 * What the shopper did, as the shopper saw it, independent of what the device or the server did
 * with it: the cart lines they should have, the checkouts they placed and whether they signed out.
 * The checks compare the device and the server with this model, not with each other.
 */
export type Lines = Record<string, number>;

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
  lines: Lines;
  calls: PlaceCall[];
  /** Placed: some press answered with an order (sent, queued or held), or the device shows its order after a reload. */
  placed: boolean;
}

export const PLACED_OUTCOMES = new Set(['sent', 'queued', 'held']);

export function addLines(into: Lines, from: Readonly<Lines>, sign = 1): Lines {
  for (const [sku, qty] of Object.entries(from)) {
    const next = (into[sku] ?? 0) + sign * qty;
    if (next > 0) into[sku] = next;
    else delete into[sku];
  }
  return into;
}

export const sameLines = (a: Readonly<Lines>, b: Readonly<Lines>) => formatLines(a) === formatLines(b);
export const formatLines = (lines: Readonly<Lines>) => JSON.stringify(Object.entries(lines).sort(([a], [b]) => a.localeCompare(b)));

export class ShopperModel {
  /** The lines the device's cart (and the server cart it is connected to) should hold. */
  cart: Lines = {};
  /** The customer's server cart while signed out: it comes back, added to the guest's lines, at sign-in. */
  saved: Lines = {};
  signedIn = false;
  /** The shopper asked to sign in and has not managed to yet (the network failed them). */
  wantsSignIn = false;
  /** Steps that signed the shopper out (nothing else may). */
  signOuts: string[] = [];
  readonly checkouts: Checkout[] = [];

  add(sku: string, qty: number): void {
    addLines(this.cart, { [sku]: qty });
  }

  setQty(sku: string, qty: number): void {
    this.cart[sku] = qty;
  }

  remove(sku: string): void {
    delete this.cart[sku];
  }

  beginCheckout(lines: Lines): Checkout {
    const checkout: Checkout = { n: this.checkouts.length + 1, lines: { ...lines }, calls: [], placed: false };
    this.checkouts.push(checkout);
    return checkout;
  }

  /** A press answered; the first answer that places the order takes its lines out of the cart. */
  answered(checkout: Checkout, call: PlaceCall): void {
    checkout.calls.push(call);
    if (!checkout.placed && PLACED_OUTCOMES.has(call.outcome)) this.markPlaced(checkout);
  }

  markPlaced(checkout: Checkout): void {
    if (checkout.placed) return;
    checkout.placed = true;
    addLines(this.cart, checkout.lines, -1);
  }

  signIn(): void {
    this.signedIn = true;
    this.wantsSignIn = false;
    this.cart = addLines({ ...this.saved }, this.cart);
    this.saved = {};
  }

  signOut(step: string): void {
    this.signOuts.push(step);
    this.signedIn = false;
    addLines(this.saved, this.cart);
    this.cart = {};
  }

  /** The order ids the shopper was shown for a checkout (one, if all is well). */
  static orderIds(checkout: Checkout): string[] {
    return [...new Set(checkout.calls.filter((c) => PLACED_OUTCOMES.has(c.outcome) && c.orderId).map((c) => c.orderId!))];
  }

  describe(): string {
    const checkouts = this.checkouts.map((c) => `#${c.n} ${formatLines(c.lines)} ${c.placed ? 'placed' : 'not placed'} [${c.calls.map((k) => `t${k.tab} ${k.outcome}${k.orderId ? ` ${k.orderId}` : ''}`).join('; ')}]`);
    return `cart ${formatLines(this.cart)}, saved customer cart ${formatLines(this.saved)}, ${this.signedIn ? 'signed in' : 'signed out'}${this.signOuts.length ? ` (signed out by ${this.signOuts.join(', ')})` : ''}; checkouts: ${checkouts.join(' | ') || 'none'}`;
  }
}
