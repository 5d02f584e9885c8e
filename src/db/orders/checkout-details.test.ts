import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECKOUT } from '../../../schemas/rx/local-documents';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal } from '../local-state';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { firstValueFrom } from 'rxjs';
import { checkoutStart, prefillFromProfile, signedInLater$ } from './checkout-details';

const user = {
  id: 7,
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann@example.com',
  addresses: [
    { firstname: 'Ann', lastname: 'Lee', street: ['9 Old Road'], city: 'York', postcode: 'YO1 7HH', country_id: 'GB', default_shipping: false },
    { firstname: 'Ann', lastname: 'Lee', street: ['1 High Street', 'Unit 4'], city: 'Leeds', postcode: 'LS1 4AP', country_id: 'GB', telephone: '0113 000 000', default_shipping: true },
  ],
};

describe('prefillFromProfile', () => {
  it('fills empty steps from the profile and its default shipping address', () => {
    const out = prefillFromProfile(DEFAULT_CHECKOUT, user);
    expect(out.personalDetails).toEqual({ firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', createAccount: false });
    expect(out.shippingDetails).toMatchObject({ streetAddress: '1 High Street', apartmentNumber: 'Unit 4', city: 'Leeds', zipCode: 'LS1 4AP', country: 'GB', phoneNumber: '0113 000 000' });
  });

  it('keeps what the shopper already typed, and leaves a guest alone', () => {
    const typed = { ...DEFAULT_CHECKOUT, shippingDetails: { city: 'Hull' } };
    expect(prefillFromProfile(typed, user).shippingDetails).toEqual({ city: 'Hull' });
    expect(prefillFromProfile(typed, null)).toBe(typed);
  });
});

describe('checkoutStart', () => {
  let db: ShopDatabase;
  afterEach(async () => db?.close());
  const signedInWithoutProfile = async () => {
    db = await openTestDatabase({ collections: [] });
    await modifyLocal(db, LOCAL.session, (s) => ({ ...s, token: 'access-token' }));
  };

  it('just signed in, online: waits for the profile and opens as the signed-in checkout with its names', async () => {
    await signedInWithoutProfile();
    const opening = checkoutStart(db, true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await modifyLocal(db, LOCAL.currentUser, () => user);
    const opened = await opening;
    expect(opened.signedIn).toBe(true);
    expect(opened.details.personalDetails).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('offline, the profile cannot come: it opens at once as a guest checkout', async () => {
    await signedInWithoutProfile();
    const opened = await checkoutStart(db, false);
    expect(opened).toEqual({ details: DEFAULT_CHECKOUT, signedIn: false });
  });

  it('a profile that comes after the checkout opened as a guest\'s turns it into the signed-in one, prefilled while nothing was typed', async () => {
    await signedInWithoutProfile();
    const opened = await checkoutStart(db, false);
    expect(opened.signedIn).toBe(false);
    const later = firstValueFrom(signedInLater$(db));
    await modifyLocal(db, LOCAL.currentUser, () => user);
    const turned = await later;
    expect(turned.signedIn).toBe(true);
    expect(turned.refill).toBe(true);
    expect(turned.details.personalDetails).toMatchObject({ firstName: 'Ann', emailAddress: 'ann@example.com' });
  });

  it('keeps what the shopper typed in the guest\'s form when the profile comes later', async () => {
    await signedInWithoutProfile();
    await modifyLocal(db, LOCAL.checkout, (c) => ({ ...c, personalDetails: { firstName: 'Annie', lastName: '', emailAddress: '' } }));
    const later = firstValueFrom(signedInLater$(db));
    await modifyLocal(db, LOCAL.currentUser, () => user);
    const turned = await later;
    expect(turned.refill).toBe(false);
    expect(turned.details.personalDetails).toMatchObject({ firstName: 'Annie' });
  });

  it('says nothing for a shopper signed in with a profile from the start', async () => {
    await signedInWithoutProfile();
    await modifyLocal(db, LOCAL.currentUser, () => user);
    let said = 0;
    const watching = signedInLater$(db).subscribe(() => said++);
    await modifyLocal(db, LOCAL.currentUser, () => ({ ...user, firstname: 'Anna' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    watching.unsubscribe();
    expect(said).toBe(0);
  });
});
