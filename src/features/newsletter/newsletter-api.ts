import { postForm } from '../forms/form-api';

/**
 * Newsletter subscription under /api/ext (SPEC §7): success is a reply with code 200. Double opt-in:
 * the result is "confirmation-sent" until the address confirms through the link mailed to it.
 */
export async function subscribeNewsletter(email: string): Promise<'subscribed' | 'confirmation-sent'> {
  return (await postForm('/api/ext/newsletter', { email })) === 'subscribed' ? 'subscribed' : 'confirmation-sent';
}
