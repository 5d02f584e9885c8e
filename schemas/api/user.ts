import * as v from 'valibot';
import { countryField, emailField, optionalText, passwordField, personNameField, phoneField, requiredText, zipCodeField } from '../forms/form-fields';
import { FORM_MESSAGES as M } from '../forms/form-messages';
import { orderReferenceField } from '../forms/order-reference-field';

/** Bodies and queries of /api/user/* (SPEC §7 "User"). Accounts compare e-mail lower-cased. */

const accountEmail = v.pipe(emailField, v.toLowerCase());
const databaseId = v.pipe(v.number('Must be a whole number.'), v.integer('Must be a whole number.'), v.minValue(1, 'Must be a whole number.'));

/** Magento's region object; a plain string (a county typed into a form) is accepted too. */
const regionField = v.pipe(
  v.nullish(
    v.union([
      v.pipe(v.string(), v.trim(), v.maxLength(100, 'Must have at most 100 characters.')),
      v.strictObject({
        region: optionalText(100),
        region_code: optionalText(20),
        region_id: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))),
      }),
    ], 'Must be a region name or {region, region_code, region_id}.'),
  ),
  v.transform((r) => (r == null || r === '' ? null : typeof r === 'string' ? { region: r } : r)),
);

export const addressSchema = v.strictObject({
  /** Present for an address the customer already has; absent for a new one. */
  id: v.optional(databaseId),
  customer_id: v.nullish(v.union([databaseId, v.pipe(v.string(), v.regex(/^\d+$/, 'Must be a whole number.'), v.transform(Number))])),
  firstname: personNameField,
  lastname: personNameField,
  street: v.pipe(
    v.array(v.pipe(v.string(M.required), v.trim(), v.maxLength(200, 'Must have at most 200 characters.'))),
    v.minLength(1, M.required),
    v.maxLength(3, 'At most 3 street lines.'),
    v.check((lines) => (lines[0] ?? '') !== '', M.required),
  ),
  city: requiredText(100),
  postcode: zipCodeField,
  country_id: countryField,
  region: regionField,
  telephone: phoneField,
  company: optionalText(200),
  vat_id: v.pipe(optionalText(40), v.check((s) => s === undefined || s.length >= 3, M.taxId)),
  default_shipping: v.optional(v.boolean()),
  default_billing: v.optional(v.boolean()),
});

export type AddressInput = v.InferOutput<typeof addressSchema>;

const addressList = v.pipe(v.array(addressSchema), v.maxLength(20, 'At most 20 addresses.'));

export const createCustomerBody = v.strictObject({
  customer: v.strictObject({
    email: accountEmail,
    firstname: personNameField,
    lastname: personNameField,
    addresses: v.optional(addressList, []),
  }),
  password: passwordField,
});

/** Only firstname, lastname, email and addresses may change (SPEC §3 "User state"). */
export const updateProfileBody = v.strictObject({
  customer: v.strictObject({
    email: v.optional(accountEmail),
    firstname: v.optional(personNameField),
    lastname: v.optional(personNameField),
    addresses: v.optional(addressList),
  }),
  /** Needed to change the e-mail address: a bearer token alone must not be enough to take the account over. */
  currentPassword: v.optional(v.pipe(v.string('Must be text.'), v.maxLength(256, 'Must have at most 256 characters.'))),
});

/** Login takes whatever the shopper typed; a malformed address simply fails to sign in. */
export const loginBody = v.strictObject({
  username: v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(254, 'Must have at most 254 characters.'), v.toLowerCase()),
  password: v.pipe(v.string(M.required), v.nonEmpty(M.required), v.maxLength(256, 'Must have at most 256 characters.')),
});

const opaqueToken = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(200, 'Must have at most 200 characters.'));

/**
 * `requestId`: the client's id for this refresh, kept with the refresh token until the reply arrives.
 * A replay with the same token and id (the first reply was lost) is answered with a fresh pair
 * instead of being taken for a stolen token.
 */
export const refreshBody = v.strictObject({
  refreshToken: opaqueToken,
  requestId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,100}$/, 'requestId: 16 to 100 letters, digits, - or _'))),
});

/** The refresh token of the session to end (its whole family is revoked). */
export const logoutBody = v.strictObject({ refreshToken: opaqueToken });

export const changePasswordBody = v.strictObject({
  currentPassword: v.pipe(v.string(M.required), v.nonEmpty(M.required), v.maxLength(256, 'Must have at most 256 characters.')),
  newPassword: passwordField,
});

export const resetPasswordBody = v.strictObject({ email: accountEmail });

export const createPasswordBody = v.strictObject({
  email: accountEmail,
  newPassword: passwordField,
  resetToken: opaqueToken,
});

/** Query values arrive as text; `token` and `storeCode` ride along on every call. */
export const pageNumber = (fallback: string, max: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Must be a whole number.'), v.transform(Number), v.minValue(1, 'Must be at least 1.'), v.maxValue(max, `Must be at most ${max}.`)),
    fallback,
  );

export const orderHistoryQuery = v.strictObject({
  pageSize: pageNumber('20', 100),
  currentPage: pageNumber('1', 100_000),
  /** Only the orders whose own reference (job or PO number) starts with this, ignoring case. */
  reference: orderReferenceField,
  token: v.optional(v.string()),
  storeCode: v.optional(v.string()),
});

/** What the API sends back for a customer; never the password hash. */
export interface ApiAddress {
  id: number;
  customer_id: number;
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string;
  country_id: string;
  region: { region?: string | undefined; region_code?: string | undefined; region_id?: number | null | undefined } | null;
  telephone: string | null;
  company: string | null;
  vat_id: string | null;
  default_shipping: boolean;
  default_billing: boolean;
}

export interface ApiCustomer {
  id: number;
  group_id: number;
  email: string;
  firstname: string;
  lastname: string;
  created_at: string;
  updated_at: string;
  addresses: ApiAddress[];
}
