import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogueRequestFormSchema } from './catalog-request-form';
import { contactFormSchema } from './contact-form';
import { newsletterFormSchema } from './newsletter-form';
import { quoteRequestFormSchema } from './quote-request-form';
import { tradeAccountFormSchema } from './trade-account-form';

/** The first message a form would show for this input (what the browser form and the server both say). */
function firstMessage(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0]?.message;
}

const contact = { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', message: 'Do you stock M10 anchors?' };
const address = { streetAddress: '1 High Street', city: 'Leeds', zipCode: 'LS1 4AP', country: 'gb' };

describe('form schemas carry the SPEC §5 messages', () => {
  it('accepts a good contact message and drops blank optional fields', () => {
    const result = v.parse(contactFormSchema, { ...contact, phoneNumber: '', subject: '  ' });
    expect(result.phoneNumber).toBeUndefined();
    expect(result.subject).toBeUndefined();
  });

  it.each([
    [{ ...contact, firstName: '' }, 'Field is required.'],
    [{ ...contact, firstName: 'A' }, 'Name must have at least 2 letters.'],
    [{ ...contact, lastName: ' B ' }, 'Name must have at least 2 letters.'],
    [{ ...contact, emailAddress: 'ann@' }, 'Please provide valid e-mail address.'],
    [{ ...contact, message: '   ' }, 'Field is required.'],
  ])('contact %#', (input, message) => {
    expect(firstMessage(contactFormSchema, input)).toBe(message);
  });

  it('needs a valid newsletter e-mail', () => {
    expect(firstMessage(newsletterFormSchema, { email: 'not-an-email' })).toBe('Please provide valid e-mail address.');
    expect(firstMessage(newsletterFormSchema, { email: 'a@b.co' })).toBeUndefined();
  });

  it('checks quote lines: whole quantities above 0, text converted', () => {
    const ok = v.parse(quoteRequestFormSchema, { ...contact, items: [{ sku: 'TB-M10', qty: '3' }] });
    expect(ok.items).toEqual([{ sku: 'TB-M10', qty: 3 }]);
    expect(firstMessage(quoteRequestFormSchema, { ...contact, items: [{ sku: 'TB-M10', qty: 0 }] })).toBe('Quantity must be above 0.');
    expect(firstMessage(quoteRequestFormSchema, { ...contact, items: [{ sku: 'TB-M10', qty: 1.5 }] })).toBe('Quantity must be positive integer.');
    expect(firstMessage(quoteRequestFormSchema, { ...contact, items: [{ sku: 'TB-M10', qty: 'lots' }] })).toBe('Quantity must be positive integer.');
  });

  it('checks the trade account: company and tax id 3 letters, zip-code 3, terms accepted', () => {
    const good = { ...contact, ...address, company: 'Acme Builders', taxId: 'GB123456789', acceptTerms: true };
    expect(v.parse(tradeAccountFormSchema, { ...good, message: undefined }).country).toBe('GB');
    expect(firstMessage(tradeAccountFormSchema, { ...good, company: 'Ac' })).toBe('Company name must have at least 3 letters.');
    expect(firstMessage(tradeAccountFormSchema, { ...good, taxId: 'GB' })).toBe('Tax identification number must have at least 3 letters.');
    expect(firstMessage(tradeAccountFormSchema, { ...good, zipCode: 'L1' })).toBe('Zip-code must have at least 3 letters.');
    expect(firstMessage(tradeAccountFormSchema, { ...good, acceptTerms: false })).toBe('You must accept the terms and conditions.');
  });

  it('checks the catalogue request address', () => {
    const good = { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', ...address };
    expect(firstMessage(catalogueRequestFormSchema, good)).toBeUndefined();
    expect(firstMessage(catalogueRequestFormSchema, { ...good, city: '' })).toBe('Field is required.');
    expect(firstMessage(catalogueRequestFormSchema, { ...good, zipCode: '12' })).toBe('Zip-code must have at least 3 letters.');
  });
});
