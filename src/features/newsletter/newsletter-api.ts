/**
 * Newsletter subscription under /api/ext (SPEC §7): success is a reply with code 200. Double opt-in:
 * the result is "confirmation-sent" until the address confirms through the link mailed to it.
 */
export async function subscribeNewsletter(email: string): Promise<'subscribed' | 'confirmation-sent'> {
  let response: Response;
  try {
    response = await fetch('/api/ext/newsletter', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  } catch {
    throw new Error('Check your Network conection.');
  }
  const reply = (await response.json().catch(() => undefined)) as { code?: number; result?: unknown } | undefined;
  if (!reply || typeof reply.code !== 'number') throw new Error('Error with response - bad content-type!');
  if (reply.code !== 200) throw new Error(typeof reply.result === 'string' ? reply.result : 'Something went wrong. Try again in a few seconds.');
  return reply.result === 'subscribed' ? 'subscribed' : 'confirmation-sent';
}
