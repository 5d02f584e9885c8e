import { randomUUID } from 'node:crypto';
import { sendWithRetries, type RetryOptions, type Sent } from './retrying-request';

/** The steps of one shopping trip, each timed (retries included); an error is a request that failed after its retries. */
export const STEPS = ['browse', 'search', 'cart', 'add', 'checkout'] as const;
export type StepName = (typeof STEPS)[number];

/** How a checkout is sent: plainly, by a client that times out early, one whose first reply is lost, or pressed twice at once. */
export const CHECKOUT_STYLES = ['plain', 'impatient', 'lostReply', 'doublePress'] as const;
export type CheckoutStyle = (typeof CHECKOUT_STYLES)[number];

export interface LoadTally {
  latencies: Record<StepName, number[]>;
  errors: Record<StepName, number>;
  errorSamples: string[];
  /** Retried attempts, by reason ('timeout', '503', 'lost', ...). */
  retries: Record<string, number>;
  styles: Record<CheckoutStyle, number>;
  /** order_ids the server answered 200 to (placed), and ones whose outcome stayed unknown. */
  placed: string[];
  unknown: string[];
  /** Every order number the server answered for an order_id (one, if retries are idempotent). */
  numbers: Map<string, Set<string>>;
}

export const newTally = (): LoadTally => ({
  latencies: Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as LoadTally['latencies'],
  errors: Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<StepName, number>,
  errorSamples: [],
  retries: {},
  styles: Object.fromEntries(CHECKOUT_STYLES.map((s) => [s, 0])) as Record<CheckoutStyle, number>,
  placed: [],
  unknown: [],
  numbers: new Map(),
});

const WORDS = ['anchor', 'bolt', 'screw', 'drill', 'washer', 'fixing', 'steel', 'nut'];
const address = (email: string) => ({ firstname: 'Lou', lastname: 'Ad', street: ['1 High Street'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', telephone: '0113 496 0000', email });
const PATIENT: RetryOptions = { timeoutMs: 15_000, attempts: 4 };

function record<T>(tally: LoadTally, name: StepName, started: number, sent: Sent<T>): boolean {
  tally.latencies[name].push(performance.now() - started);
  for (const reason of sent.retriedFor) tally.retries[reason] = (tally.retries[reason] ?? 0) + 1;
  if (sent.status === 200) return true;
  tally.errors[name]++;
  if (tally.errorSamples.length < 10) tally.errorSamples.push(`${name}: ${sent.status ?? `no reply after ${sent.attempts} attempts (${sent.retriedFor.join(', ')})`} ${JSON.stringify(sent.body?.result ?? null).slice(0, 200)}`);
  return false;
}

async function step<T>(tally: LoadTally, name: StepName, url: string, init: { method: string; body?: unknown }, options = PATIENT): Promise<T | null> {
  const started = performance.now();
  const sent = await sendWithRetries<T>(url, init, options);
  return record(tally, name, started, sent) ? (sent.body?.result ?? null) : null;
}

/** Checkout styles rotate so every run has each of them. */
export const styleOf = (n: number, trip: number): CheckoutStyle => CHECKOUT_STYLES[(n + trip) % 4 === 0 ? 1 + ((n + trip) % 3) : 0]!;

async function checkout(tally: LoadTally, url: string, body: Record<string, unknown> & { order_id: string }, style: CheckoutStyle): Promise<void> {
  tally.styles[style]++;
  const options: RetryOptions = style === 'impatient' ? { ...PATIENT, firstTimeoutMs: 1 + Math.floor(Math.random() * 30) } : style === 'lostReply' ? { ...PATIENT, loseFirstReply: true } : PATIENT;
  const started = performance.now();
  const presses = style === 'doublePress' ? 2 : 1;
  const replies = await Promise.all(Array.from({ length: presses }, () => sendWithRetries<{ increment_id?: string }>(`${url}/api/order`, { method: 'POST', body }, options)));
  let ok = false;
  for (const sent of replies) {
    const placed = record(tally, 'checkout', started, sent);
    ok ||= placed;
    const number = sent.body?.result?.increment_id;
    if (placed && typeof number === 'string') tally.numbers.set(body.order_id, (tally.numbers.get(body.order_id) ?? new Set()).add(number));
  }
  if (ok) tally.placed.push(body.order_id);
  else if (replies.some((r) => r.status === null)) tally.unknown.push(body.order_id);
}

/** One shopper: trips until the deadline (browse a listing, search, open a cart, add two lines, check out). */
export async function shop(baseUrl: () => string, skus: readonly string[], until: number, tally: LoadTally, n: number): Promise<void> {
  let trip = 0;
  while (Date.now() < until) {
    trip++;
    const url = baseUrl();
    await step(tally, 'browse', `${url}/api/catalog`, { method: 'POST', body: { type: 'product', searchQuery: { _appliedSort: [{ field: 'price', options: 'asc' }] }, size: 24, from: (trip % 5) * 24 } });
    await step(tally, 'search', `${url}/api/catalog`, { method: 'POST', body: { type: 'product', searchQuery: { _searchText: WORDS[(n + trip) % WORDS.length] }, size: 12 } });
    const cartId = await step<string>(tally, 'cart', `${url}/api/cart/create`, { method: 'POST' });
    if (!cartId) continue;
    const lines = [skus[(n + trip) % skus.length]!, skus[(n + trip + 1) % skus.length]!];
    for (const sku of lines) await step(tally, 'add', `${url}/api/cart/update?cartId=${cartId}`, { method: 'POST', body: { cartItem: { sku, qty: 1 + (trip % 3) } } });
    const email = `load-${n}@example.com`;
    await checkout(
      tally,
      url,
      {
        order_id: `${Date.now()}-${randomUUID()}`,
        user_id: '',
        cart_id: cartId,
        products: lines.map((sku, i) => ({ sku, qty: 1 + i })),
        addressInformation: { shippingAddress: address(email), billingAddress: address(email), shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
      },
      styleOf(n, trip),
    );
  }
}
