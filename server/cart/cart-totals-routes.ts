import type { FastifyInstance } from 'fastify';
import { cartQuery, collectTotalsBody, shippingInformationBody, shippingMethodsBody } from '../../schemas/api/cart';
import { isCountryCode } from '../../src/domain/tax/country-codes';
import { destinationFrom } from '../../src/domain/tax/destination';
import { COURIER_FLAT_RATE, isKnownShippingMethod, paymentMethodsFor, shippingMethodsFor } from '../../src/domain/totals/delivery-methods';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { loadCart } from './cart-access';
import { setShipping, type CartShipping } from './cart-store';
import { cartTotals, pricedCart, typeIdsOf } from './cart-view';
import { PAYMENT_METHOD_SCHEMA, SHIPPING_METHOD_SCHEMA, TOTALS_SCHEMA } from './openapi-shapes';
import { destinationChargesVat, loadTaxRules } from './totals-service';

export const UNKNOWN_SHIPPING_METHOD = (carrier: string, method: string) => `Carrier with such method not found: ${carrier}, ${method}`;
export const UNKNOWN_PAYMENT_METHOD = 'The requested Payment Method is not available.';
const BAD_COUNTRY = 'country_id: Must be a two-letter country code.';

/** A given country must be a real one; a missing country means the default (GB). */
function checkedCountry(address: { country_id?: string | undefined; countryId?: string | undefined } | undefined): void {
  const given = address?.country_id ?? address?.countryId;
  if (given !== undefined && given !== '' && !isCountryCode(given)) throw new ApiError(400, BAD_COUNTRY);
}

function checkedMethod(carrier: string | undefined, method: string | undefined): Pick<CartShipping, 'carrier_code' | 'method_code'> {
  if (carrier === undefined && method === undefined) return {};
  if (!isKnownShippingMethod(carrier, method)) throw new ApiError(400, UNKNOWN_SHIPPING_METHOD(carrier ?? '', method ?? ''));
  return { carrier_code: COURIER_FLAT_RATE.carrier_code, method_code: COURIER_FLAT_RATE.method_code };
}

export function registerCartTotalsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/cart/totals',
    summary: 'Cart totals: items, subtotal, discount, shipping, tax and grand total, recomputed from the catalogue',
    tags: ['cart'],
    query: cartQuery,
    result: TOTALS_SCHEMA,
    handler: async ({ query, auth }) => cartTotals(ctx, await loadCart(ctx.db, query.cartId, auth), auth),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/collect-totals',
    summary: 'Chooses the shipping and payment methods, then returns the totals',
    tags: ['cart'],
    query: cartQuery,
    body: collectTotalsBody,
    result: TOTALS_SCHEMA,
    handler: async ({ query, body, auth }) => {
      const cart = await loadCart(ctx.db, query.cartId, auth);
      const shipping: CartShipping = checkedMethod(body.methods.shippingCarrierCode, body.methods.shippingMethodCode);
      const payment = body.methods.paymentMethod?.method;
      if (payment !== undefined) {
        const { outcomes } = await pricedCart(ctx, cart, auth);
        if (!paymentMethodsFor(typeIdsOf(outcomes)).some((m) => m.code === payment)) throw new ApiError(400, UNKNOWN_PAYMENT_METHOD);
        shipping.payment_method = payment;
      }
      await setShipping(ctx.db, cart.id, shipping);
      return cartTotals(ctx, await loadCart(ctx.db, query.cartId, auth), auth);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/cart/payment-methods',
    summary: 'Payment methods for the cart (cash on delivery unless every item is virtual or downloadable)',
    tags: ['cart'],
    query: cartQuery,
    result: { type: 'array', items: PAYMENT_METHOD_SCHEMA },
    handler: async ({ query, auth }) => {
      const { outcomes } = await pricedCart(ctx, await loadCart(ctx.db, query.cartId, auth), auth);
      return paymentMethodsFor(typeIdsOf(outcomes));
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/shipping-methods',
    summary: 'Shipping methods for an address (the courier flat rate; none for a virtual cart)',
    tags: ['cart'],
    query: cartQuery,
    body: shippingMethodsBody,
    result: { type: 'array', items: SHIPPING_METHOD_SCHEMA },
    handler: async ({ query, body, auth }) => {
      checkedCountry(body.address);
      const { outcomes } = await pricedCart(ctx, await loadCart(ctx.db, query.cartId, auth), auth);
      return shippingMethodsFor(typeIdsOf(outcomes), destinationChargesVat(await loadTaxRules(ctx.db), destinationFrom(body.address)));
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/shipping-information',
    summary: 'Stores the shipping destination and method; returns the totals and the payment methods',
    tags: ['cart'],
    query: cartQuery,
    body: shippingInformationBody,
    result: { type: 'object', properties: { totals: TOTALS_SCHEMA, payment_methods: { type: 'array', items: PAYMENT_METHOD_SCHEMA } } },
    handler: async ({ query, body, auth }) => {
      const info = body.addressInformation;
      const address = info.shippingAddress ?? info.shipping_address;
      checkedCountry(address);
      const cart = await loadCart(ctx.db, query.cartId, auth);
      const destination = destinationFrom(address);
      const method = checkedMethod(info.shippingCarrierCode ?? info.shipping_carrier_code, info.shippingMethodCode ?? info.shipping_method_code);
      const postcode = address?.postcode;
      await setShipping(ctx.db, cart.id, {
        country_id: destination.countryId,
        ...(destination.regionId ? { region_id: destination.regionId } : {}),
        ...(postcode !== undefined && postcode !== null ? { postcode: String(postcode) } : {}),
        ...method,
      });
      const updated = await loadCart(ctx.db, query.cartId, auth);
      const { outcomes } = await pricedCart(ctx, updated, auth);
      return { totals: await cartTotals(ctx, updated, auth), payment_methods: paymentMethodsFor(typeIdsOf(outcomes)) };
    },
  });
}
