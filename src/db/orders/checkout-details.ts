import { combineLatest, distinctUntilChanged, filter, firstValueFrom, map, type Observable, of, pairwise, switchMap, timeout } from 'rxjs';
import type { CheckoutDetails, CurrentUser, SessionState } from '../../../schemas/rx/local-documents';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal, watchLocal } from '../local-state';

export type CheckoutSection = 'personalDetails' | 'shippingDetails' | 'paymentDetails' | 'reviewDetails';

/**
 * Keeps one step's fields in the `checkout` local document and stamps the change time: the shopper
 * counts as "in checkout" for 30 minutes after it (SPEC §4), which makes the cart sync keep the
 * client's lines. Passwords never reach the device's storage, and the terms are accepted afresh
 * for every order, so their tick is not kept either.
 */
export function saveCheckoutSection(db: ShopDatabase, section: CheckoutSection, values: Record<string, unknown>, now = Date.now()): Promise<CheckoutDetails> {
  const { password: _p, repeatPassword: _r, acceptTerms: _t, ...kept } = values;
  return modifyLocal(db, LOCAL.checkout, (c) => ({ ...c, [section]: kept, modifiedAt: now }));
}

interface ProfileAddress {
  firstname?: string;
  lastname?: string;
  street?: string[];
  city?: string;
  postcode?: string;
  country_id?: string;
  telephone?: string | null;
  company?: string | null;
  vat_id?: string | null;
  region?: { region?: string } | null;
  default_shipping?: boolean;
  default_billing?: boolean;
}

const addressesOf = (user: CurrentUser): ProfileAddress[] => (Array.isArray(user.addresses) ? (user.addresses as ProfileAddress[]) : []);

function formAddress(a: ProfileAddress | undefined, user: CurrentUser): Record<string, string> {
  return {
    firstName: a?.firstname ?? user.firstname ?? '',
    lastName: a?.lastname ?? user.lastname ?? '',
    ...(a
      ? {
          streetAddress: a.street?.[0] ?? '',
          apartmentNumber: a.street?.[1] ?? '',
          city: a.city ?? '',
          state: a.region?.region ?? '',
          zipCode: a.postcode ?? '',
          country: a.country_id ?? 'GB',
          phoneNumber: a.telephone ?? '',
        }
      : {}),
  };
}

/**
 * The logged-in profile's details for the steps still empty in the checkout document (SPEC §3
 * "Address as stored for user"): names and e-mail, the default shipping address.
 */
export function prefillFromProfile(details: CheckoutDetails, user: CurrentUser | null): CheckoutDetails {
  if (!user) return details;
  const addresses = addressesOf(user);
  const shipping = addresses.find((a) => a.default_shipping) ?? addresses[0];
  const empty = (o: Record<string, unknown>) => Object.keys(o).length === 0;
  return {
    ...details,
    personalDetails: empty(details.personalDetails) ? { firstName: user.firstname ?? '', lastName: user.lastname ?? '', emailAddress: user.email ?? '', createAccount: false } : details.personalDetails,
    shippingDetails: empty(details.shippingDetails) ? formAddress(shipping, user) : details.shippingDetails,
  };
}

/** How long an online checkout waits for the profile of a shopper who has just signed in (its request may still be on its way). */
export const PROFILE_WAIT_MS = 10_000;

/**
 * The checkout as it opens: the stored details, prefilled from the profile when signed in. A shopper
 * who signed in a moment ago may have the session before the profile: online, the checkout waits
 * for it (up to PROFILE_WAIT_MS), so it opens as the signed-in checkout with their names instead of
 * a guest's empty form that would never fill in. Offline it cannot come, so nothing waits.
 */
/** Signed in with the profile on the device: the checkout is the customer's, not a guest's. */
const signedInWithProfile = (session: SessionState, user: CurrentUser | null) => Boolean(session.token && user);

export interface CheckoutStart {
  details: CheckoutDetails;
  signedIn: boolean;
}

export async function checkoutStart(db: ShopDatabase, online: boolean): Promise<CheckoutStart> {
  const [details, session] = await Promise.all([readLocal(db, LOCAL.checkout), readLocal(db, LOCAL.session)]);
  let user = await readLocal(db, LOCAL.currentUser);
  if (session.token && !user && online) {
    user = await firstValueFrom(watchLocal(db, LOCAL.currentUser).pipe(filter((u) => u !== null), timeout({ first: PROFILE_WAIT_MS, with: () => of(null) })));
  }
  const signedIn = signedInWithProfile(session, user);
  return { details: prefillFromProfile(details, signedIn ? user : null), signedIn };
}

/**
 * The checkout turning into the signed-in one after it opened as a guest's: the profile came after
 * PROFILE_WAIT_MS (a slow connection) or after the checkout opened offline, or the shopper signed in
 * meanwhile. `refill`: the shopper had typed no personal details yet, so the form may open anew with
 * the profile's names and e-mail; otherwise what they typed stays and only the account offer goes.
 */
export function signedInLater$(db: ShopDatabase): Observable<CheckoutStart & { refill: boolean }> {
  return combineLatest([watchLocal(db, LOCAL.session), watchLocal(db, LOCAL.currentUser)]).pipe(
    map(([session, user]) => signedInWithProfile(session, user)),
    distinctUntilChanged(),
    pairwise(),
    filter(([was, is]) => !was && is),
    switchMap(async () => {
      const stored = await readLocal(db, LOCAL.checkout);
      return { ...(await checkoutStart(db, false)), refill: Object.keys(stored.personalDetails).length === 0 };
    }),
  );
}
