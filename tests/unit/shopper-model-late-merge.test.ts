import { describe, expect, it } from 'vitest';
import { formatLines, ShopperModel } from '../reliability/faults/shopper-model';

/** The fault scenarios' model of a sign-in whose login merge the shopper did not see come. */
function signedInWithoutSeeingTheMerge(): ShopperModel {
  const model = new ShopperModel();
  model.saved = { WASHER: 4 };
  model.add('WASHER', 1);
  model.signIn();
  model.mergeNotSeen();
  // The device still shows WASHER 1: the shopper sets it to 5 and adds one more.
  model.setQty('WASHER', 5);
  model.add('WASHER', 1);
  return model;
}
const ends = (model: ShopperModel) => model.expectedCarts().map(formatLines);

describe('fault scenarios: a login merge that came late', () => {
  it('an order of the lines as shown leaves either an empty cart (merged first) or the saved lines (merged after)', () => {
    const model = signedInWithoutSeeingTheMerge();
    model.markPlaced(model.beginCheckout({ WASHER: 6 }));
    expect(ends(model)).toEqual([formatLines({}), formatLines({ WASHER: 4 })]);
  });

  it('an order that took the saved lines too (the merge came first) leaves only an empty cart: saved lines coming back would be ordered twice', () => {
    const model = signedInWithoutSeeingTheMerge();
    model.markPlaced(model.beginCheckout({ WASHER: 10 }));
    expect(ends(model)).toEqual([formatLines({})]);
  });

  it('a merge seen in time leaves one end', () => {
    const model = new ShopperModel();
    model.saved = { WASHER: 4 };
    model.signIn();
    model.add('NUT', 2);
    expect(ends(model)).toEqual([formatLines({ NUT: 2, WASHER: 4 })]);
  });
});
