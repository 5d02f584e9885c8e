import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { deviceIdField } from '../../schemas/api/order';
import { ApiError } from './api-error';

/**
 * The header a device's cart writes name its browser database by (what an order carries as
 * `device_id`), read by the routes that declare `deviceId` (define-route.ts). An order's account of
 * its lines counts another device's set or removal since as overwriting them, and not its own
 * device's, which sends the waiting orders' quantities with them (`overwrittenSince` in
 * server/order/converted-cart.ts).
 */
export const DEVICE_HEADER = 'x-device-id';

/** The writing device's id, or null when the request names none; a malformed one is refused (400). */
export function deviceIdOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const value = request.headers[DEVICE_HEADER];
  if (value === undefined) return null;
  const parsed = v.safeParse(deviceIdField, value);
  if (!parsed.success) throw new ApiError(400, `X-Device-Id: ${parsed.issues[0].message.replace(/^device_id: /, '')}`);
  return parsed.output;
}
