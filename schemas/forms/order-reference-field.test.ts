import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { orderBody } from '../api/order';
import { orderHistoryQuery } from '../api/user';
import { checkoutReviewSchema } from './checkout-review-form';
import { ORDER_REFERENCE_MESSAGES as R, orderReferenceField } from './order-reference-field';

const parse = (input: unknown) => v.safeParse(orderReferenceField, input);
const message = (input: unknown) => {
  const result = parse(input);
  return result.success ? null : result.issues[0].message;
};

describe('the customer reference (job or PO number)', () => {
  it('is optional: absent, null and blank all mean none', () => {
    for (const none of [undefined, null, '', '   ']) expect(parse(none)).toMatchObject({ success: true, output: undefined });
  });

  it('is trimmed and kept as typed otherwise', () => {
    expect(parse('  PO-4471 / Job 12 ')).toMatchObject({ success: true, output: 'PO-4471 / Job 12' });
    expect(parse('Bâtiment Süd – Ebene 3')).toMatchObject({ success: true, output: 'Bâtiment Süd – Ebene 3' });
  });

  it('holds at most 40 characters after trimming, and says so', () => {
    expect(parse(` ${'x'.repeat(40)} `)).toMatchObject({ success: true, output: 'x'.repeat(40) });
    expect(message('x'.repeat(41))).toBe(R.tooLong);
    expect(R.tooLong).toBe('Your reference must have at most 40 characters.');
  });

  it('accepts printable text only', () => {
    for (const bad of ['PO\n123', 'PO\t123', 'PO\u0000', 'PO\u202E321', 'PO\u200B1', 'PO\u2028X']) expect(message(bad)).toBe(R.printable);
  });

  it('must be text', () => {
    expect(message(4471)).toBe(R.text);
  });
});

describe('where the rule applies', () => {
  const order = {
    order_id: '1767312000000-abcdef12',
    products: [{ sku: 'ST-M4-50', qty: 1 }],
    addressInformation: {},
  };

  it('the order body: optional, trimmed, refused over 40 characters', () => {
    expect(v.parse(orderBody, order).customer_reference).toBeUndefined();
    expect(v.parse(orderBody, { ...order, customer_reference: ' PO-1 ' }).customer_reference).toBe('PO-1');
    expect(v.parse(orderBody, { ...order, customer_reference: null }).customer_reference).toBeUndefined();
    const long = v.safeParse(orderBody, { ...order, customer_reference: 'x'.repeat(41) });
    expect(long.success ? null : [v.getDotPath(long.issues[0]), long.issues[0].message]).toEqual(['customer_reference', R.tooLong]);
  });

  it('the checkout form and the order history filter', () => {
    expect(v.parse(checkoutReviewSchema, { customerReference: ' Job 7 ', acceptTerms: true })).toEqual({ customerReference: 'Job 7', acceptTerms: true });
    expect(v.parse(checkoutReviewSchema, { customerReference: '', acceptTerms: true })).toEqual({ customerReference: undefined, acceptTerms: true });
    expect(v.parse(orderHistoryQuery, { reference: ' po-4 ' }).reference).toBe('po-4');
    expect(v.parse(orderHistoryQuery, {}).reference).toBeUndefined();
    expect(v.safeParse(orderHistoryQuery, { reference: 'x'.repeat(41) }).success).toBe(false);
  });
});
