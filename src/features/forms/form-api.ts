import { MESSAGES } from '../../../replication/api/api-errors';

/** The four customer-service forms the server accepts under /api/ext/forms/{kind}. */
export type FormKind = 'contact' | 'quote-request' | 'trade-account' | 'catalogue-request';

export interface FormReceipt {
  id: number;
  kind: FormKind;
  created_at: string;
}

/**
 * How long a form's POST may take before the shopper is told to check the connection: with no limit, a
 * request the network left hanging kept the form on "Sending…" (DESIGN: every request has a time-out).
 */
export const FORM_TIMEOUT_MS = 15_000;

/**
 * POSTs a form's values as JSON and returns the envelope's result. A network error or the time-out is
 * told with the SPEC §8 wording; a reply that is not the envelope, and a refusal (bad input, too many
 * sends, a server fault), are thrown with their message, which the form shows word for word while
 * keeping what was typed. Not sent again by itself: these routes take no id to tell a resend by.
 */
export async function postForm(path: string, body: unknown, timeoutMs = FORM_TIMEOUT_MS): Promise<unknown> {
  let text: string;
  try {
    // The limit covers the reply's body too: a connection can also hang half way through it.
    const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch {
    throw new Error(MESSAGES.network);
  }
  const reply = parseReply(text);
  if (!reply || typeof reply.code !== 'number') throw new Error(MESSAGES.badContentType);
  if (reply.code !== 200) throw new Error(typeof reply.result === 'string' ? reply.result : 'Something went wrong. Try again in a few seconds.');
  return reply.result;
}

function parseReply(text: string): { code?: unknown; result?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Sends a validated form (see `postForm`). */
export async function sendForm(kind: FormKind, body: unknown): Promise<FormReceipt> {
  return (await postForm(`/api/ext/forms/${kind}`, body)) as FormReceipt;
}
