/** The four customer-service forms the server accepts under /api/ext/forms/{kind}. */
export type FormKind = 'contact' | 'quote-request' | 'trade-account' | 'catalogue-request';

export interface FormReceipt {
  id: number;
  kind: FormKind;
  created_at: string;
}

/**
 * Sends a validated form. A refusal (bad input, too many sends, a server fault) is thrown with the
 * server's own message so the form can show it word for word while keeping what was typed.
 */
export async function sendForm(kind: FormKind, body: unknown): Promise<FormReceipt> {
  let response: Response;
  try {
    response = await fetch(`/api/ext/forms/${kind}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new Error('Check your Network conection.');
  }
  const reply = (await response.json().catch(() => undefined)) as { code?: number; result?: unknown } | undefined;
  if (!reply || typeof reply.code !== 'number') throw new Error('Error with response - bad content-type!');
  if (reply.code !== 200) throw new Error(typeof reply.result === 'string' ? reply.result : 'Something went wrong. Try again in a few seconds.');
  return reply.result as FormReceipt;
}
