import fc from 'fast-check';
import type { Endpoint } from '../../helpers/openapi-endpoints';
import { schemaArbitrary } from '../fuzz/schema-arbitrary';
import { percentEncode } from '../fuzz/request-arbitrary';
import type { FuzzWorld } from './fuzz-world';
import { PASSWORD, orderPayload } from './shop-fixtures';

/**
 * One well-formed request per endpoint: what the systematic suites bend one field at a time, and
 * what the authorization matrix sends with a bad token (the token is checked after the input, so
 * a refusal must come from the token, not from the body). Endpoints added later without an entry
 * here get a body sampled from their schema.
 */
export interface ExampleRequest {
  method: string;
  path: string;
  body: unknown;
  /** False when the body was sampled from the schema and may not pass validation. */
  known: boolean;
}

type BodyMaker = (world: FuzzWorld) => unknown;

const person = { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada.example@example.com' };
const postal = { streetAddress: '1 High Street', city: 'Leeds', zipCode: 'LS1 1AA', country: 'GB' };

const BODIES: Record<string, BodyMaker> = {
  'POST /api/catalog': () => ({ type: 'product', searchQuery: { _searchText: 'screw' }, size: 2 }),
  'POST /api/url': () => ({ url: '/about-us' }),
  'POST /api/url/map': () => ({ url: '/about-us' }),
  'POST /api/user/create': () => ({ customer: { email: 'example.new@example.com', firstname: 'Newton', lastname: 'Example' }, password: PASSWORD }),
  'POST /api/user/me': () => ({ customer: { firstname: 'Fuzz' } }),
  'POST /api/user/login': (w) => ({ username: w.customer.email, password: 'not-the-password' }),
  'POST /api/user/refresh': () => ({ refreshToken: 'x'.repeat(43) }),
  'POST /api/user/logout': () => ({ refreshToken: 'x'.repeat(43) }),
  'POST /api/user/change-password': () => ({ currentPassword: 'not-the-password', newPassword: 'An0ther-Passw0rd' }),
  'POST /api/user/reset-password': (w) => ({ email: w.customer.email }),
  'POST /api/user/create-password': (w) => ({ email: w.customer.email, newPassword: 'An0ther-Passw0rd', resetToken: 'x'.repeat(43) }),
  'POST /api/ext/newsletter': () => ({ email: 'news.example@example.com' }),
  'DELETE /api/ext/newsletter': () => ({ email: 'news.example@example.com' }),
  'POST /api/ext/forms/contact': () => ({ ...person, message: 'Do you stock M8 anchors?' }),
  'POST /api/ext/forms/quote-request': (w) => ({ ...person, message: 'Price for 500 please', items: [{ sku: String(w.hints.sku?.[0]), qty: 500 }] }),
  'POST /api/ext/forms/trade-account': () => ({ ...person, ...postal, company: 'Acme Builders', taxId: 'GB123456789', acceptTerms: true }),
  'POST /api/ext/forms/catalogue-request': () => ({ ...person, ...postal }),
  'POST /api/ext/mail-service/send-email': (w) => ({ targetAddress: String(w.hints.targetAddress?.[0]), subject: 'Hello', emailText: 'A question', token: String(w.hints.token?.[0]) }),
  'POST /api/ext/mail-service/send-invoice': (w) => ({ orderId: String(w.hints.orderId?.[0]) }),
  'POST /api/review/create': (w) => ({ review: { product_id: String(w.hints.product_id?.[0]), title: 'Good', detail: 'Holds well', nickname: 'Ada', review_entity: 'product' } }),
  'POST /api/cart/update': (w) => ({ cartItem: { sku: String(w.hints.sku?.[0]), qty: 1 } }),
  'POST /api/cart/delete': (w) => ({ cartItem: { sku: String(w.hints.sku?.[2]) } }),
  'POST /api/cart/collect-totals': () => ({ methods: { shippingCarrierCode: 'courier', shippingMethodCode: 'flatrate', paymentMethod: { method: 'cashondelivery' } } }),
  'POST /api/cart/shipping-methods': () => ({ address: { country_id: 'GB', postcode: 'LS1 1AA' } }),
  'POST /api/cart/shipping-information': () => ({ addressInformation: { shippingAddress: { countryId: 'GB' }, shippingCarrierCode: 'courier', shippingMethodCode: 'flatrate' } }),
  'POST /api/admin/tokens': () => ({ name: 'Example integration' }),
  'POST /api/admin/orders/{orderId}/status': () => ({ status: 'processing', comment: 'Picking' }),
  'POST /api/admin/orders/{orderId}/picks': (w) => ({ sku: String(w.hints.sku?.[0]), quantity: 1 }),
  'POST /api/order': (w) => orderPayload(`example-${Date.now()}`, [String(w.hints.sku?.[0])], 'ada.example@example.com'),
};

function sample(schema: Record<string, unknown>): unknown {
  return fc.sample(schemaArbitrary(schema), { numRuns: 1, seed: 42 })[0];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function exampleRequest(endpoint: Endpoint, world: FuzzWorld): ExampleRequest {
  const hint = (name: string) => world.hints[name]?.[0];
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const schema = endpoint.pathParams.find((p) => p.name === name)?.schema ?? { type: 'string' };
    return percentEncode(text(hint(name) ?? sample(schema)));
  });
  const query = endpoint.query
    .filter((p) => p.required || hint(p.name) !== undefined)
    .map((p) => `${p.name}=${percentEncode(text(hint(p.name) ?? sample(p.schema)))}`)
    .join('&');
  const maker = BODIES[`${endpoint.method} ${endpoint.path}`];
  const body = endpoint.body ? (maker ? maker(world) : sample(endpoint.body)) : undefined;
  return { method: endpoint.method, path: query ? `${path}?${query}` : path, body, known: !endpoint.body || maker !== undefined };
}
