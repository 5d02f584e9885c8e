import { randomUUID } from 'node:crypto';

/** The steps of one shopping trip, each timed; an error is a failed request or a non-200 reply. */
export const STEPS = ['browse', 'search', 'cart', 'add', 'checkout'] as const;
export type StepName = (typeof STEPS)[number];

export interface LoadTally {
  latencies: Record<StepName, number[]>;
  errors: Record<StepName, number>;
  errorSamples: string[];
  /** order_ids the server answered 200 to (placed), and ones whose reply never came (unknown). */
  placed: string[];
  unknown: string[];
}

export const newTally = (): LoadTally => ({
  latencies: Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as LoadTally['latencies'],
  errors: Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<StepName, number>,
  errorSamples: [],
  placed: [],
  unknown: [],
});

const WORDS = ['anchor', 'bolt', 'screw', 'drill', 'washer', 'fixing', 'steel', 'nut'];
const address = (email: string) => ({ firstname: 'Lou', lastname: 'Ad', street: ['1 High Street'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', telephone: '0113 496 0000', email });

async function step<T>(tally: LoadTally, name: StepName, run: () => Promise<Response>, read: (body: { result: T }) => void = () => undefined): Promise<boolean> {
  const started = performance.now();
  try {
    const response = await run();
    const body = (await response.json()) as { result: T };
    tally.latencies[name].push(performance.now() - started);
    if (response.status !== 200) {
      tally.errors[name]++;
      if (tally.errorSamples.length < 10) tally.errorSamples.push(`${name}: ${response.status} ${JSON.stringify(body.result).slice(0, 200)}`);
      return false;
    }
    read(body);
    return true;
  } catch (error) {
    tally.errors[name]++;
    if (tally.errorSamples.length < 10) tally.errorSamples.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

const post = (url: string, body?: unknown) =>
  fetch(url, body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** One shopper: trips until the deadline (browse a listing, search, open a cart, add two lines, check out). */
export async function shop(baseUrl: () => string, skus: readonly string[], until: number, tally: LoadTally, n: number): Promise<void> {
  let trip = 0;
  while (Date.now() < until) {
    trip++;
    const url = baseUrl();
    await step(tally, 'browse', () => post(`${url}/api/catalog`, { type: 'product', searchQuery: { _appliedSort: [{ field: 'price', options: 'asc' }] }, size: 24, from: (trip % 5) * 24 }));
    await step(tally, 'search', () => post(`${url}/api/catalog`, { type: 'product', searchQuery: { _searchText: WORDS[(n + trip) % WORDS.length] }, size: 12 }));
    let cartId = '';
    if (!(await step<string>(tally, 'cart', () => post(`${url}/api/cart/create`), (b) => (cartId = b.result)))) continue;
    const lines = [skus[(n + trip) % skus.length]!, skus[(n + trip + 1) % skus.length]!];
    for (const sku of lines) await step(tally, 'add', () => post(`${url}/api/cart/update?cartId=${cartId}`, { cartItem: { sku, qty: 1 + (trip % 3) } }));
    const orderId = `${Date.now()}-${randomUUID()}`;
    const email = `load-${n}@example.com`;
    const body = {
      order_id: orderId,
      user_id: '',
      cart_id: cartId,
      products: lines.map((sku) => ({ sku, qty: 1 })),
      addressInformation: { shippingAddress: address(email), billingAddress: address(email), shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
    };
    const started = tally.errors.checkout;
    const ok = await step(tally, 'checkout', () => post(`${url}/api/order`, body));
    if (ok) tally.placed.push(orderId);
    else if (tally.errors.checkout > started) tally.unknown.push(orderId);
  }
}
