import * as v from 'valibot';
import { ORDER_MESSAGES, orderAddressSchema, orderEmailSchema, type OrderAddress, type OrderBody } from '../../schemas/api/order';
import { isCountryCode } from '../../src/domain/tax/country-codes';
import { COURIER_FLAT_RATE, isKnownShippingMethod } from '../../src/domain/totals/delivery-methods';
import type { PaymentMethodReply } from '../../schemas/api/cart';
import { ApiError } from '../http/api-error';

const addressInvalid = (field: string, message: string) => new ApiError(400, ORDER_MESSAGES.addressInvalid, { field, message });
export const validationError = (reason: string, extra: Record<string, unknown> = {}) => new ApiError(400, ORDER_MESSAGES.validation, { reason, ...extra });

/** Applies the address rules; the reply names the first bad field in `meta`. */
export function checkAddress(input: unknown, where: 'shippingAddress' | 'billingAddress'): OrderAddress {
  if (input === undefined || input === null) throw addressInvalid(where, 'Field is required.');
  const result = v.safeParse(orderAddressSchema, input);
  if (!result.success) {
    const issue = result.issues[0];
    const path = v.getDotPath(issue);
    const message = issue.input === undefined && issue.kind === 'schema' ? 'Field is required.' : issue.message;
    throw addressInvalid(path ? `${where}.${path}` : where, message);
  }
  if (!isCountryCode(result.output.country_id)) throw addressInvalid(`${where}.country_id`, 'Must be a two-letter country code.');
  return result.output;
}

/** The order's e-mail: personal details first, then the addresses, then the signed-in account. */
export function orderEmail(body: OrderBody, accountEmail: string | undefined): string {
  const details = body.personalDetails ?? (typeof body.createAccount === 'object' ? body.createAccount : undefined);
  const info = body.addressInformation;
  const candidates = [details?.email, details?.emailAddress, info.shippingAddress?.email, info.billingAddress?.email, accountEmail];
  const given = candidates.find((c) => typeof c === 'string' && c.trim() !== '');
  if (given === undefined) throw addressInvalid('email', 'Field is required.');
  const parsed = v.safeParse(orderEmailSchema, given);
  if (!parsed.success) throw addressInvalid('email', parsed.issues[0].message);
  return parsed.output;
}

/** A missing method means the only one there is; a named method must be ours. */
export function checkShippingMethod(body: OrderBody, shipped: boolean): { carrier_code: string; method_code: string } | null {
  if (!shipped) return null;
  const carrier = body.addressInformation.shipping_carrier_code ?? undefined;
  const method = body.addressInformation.shipping_method_code ?? undefined;
  if ((carrier || method) && !isKnownShippingMethod(carrier, method)) throw validationError(`Carrier with such method not found: ${carrier ?? ''}, ${method ?? ''}`);
  return { carrier_code: COURIER_FLAT_RATE.carrier_code, method_code: COURIER_FLAT_RATE.method_code };
}

export function checkPaymentMethod(body: OrderBody, available: readonly PaymentMethodReply[]): string {
  const code = body.addressInformation.payment_method_code ?? available.find((m) => m.default)?.code;
  if (!code || !available.some((m) => m.code === code)) throw validationError('The requested Payment Method is not available.');
  return code;
}

/** Fields of an address worth keeping with the order (the request may carry anything else). */
export function storedAddress(address: OrderAddress, email: string): Record<string, unknown> {
  const { firstname, lastname, street, city, postcode, country_id, region, region_id, region_code, telephone, company, vat_id } = address;
  return { firstname, lastname, street, city, postcode, country_id, region, region_id, region_code, telephone, company, vat_id, email };
}
