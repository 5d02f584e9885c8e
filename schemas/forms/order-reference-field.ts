import * as v from 'valibot';

/**
 * The customer's own reference for an order (a job or purchase order number), typed at checkout and
 * stored with the order. A trade buyer files deliveries and invoices under it, so it is kept as
 * typed (trimmed), short enough for a delivery note, and printable: no control, format or line
 * separator characters (a bidi override would make the admin list misleading).
 */
export const ORDER_REFERENCE_MAX = 40;

/** SPEC §5 has no words for this field; these follow its style ("X must have at least N letters."). */
export const ORDER_REFERENCE_MESSAGES = {
  text: 'Your reference must be text.',
  tooLong: `Your reference must have at most ${ORDER_REFERENCE_MAX} characters.`,
  printable: 'Your reference accepts only printable characters.',
} as const;

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;

/** Optional: absent, null or blank all mean "no reference" (undefined); otherwise the trimmed text. */
export const orderReferenceField = v.pipe(
  v.nullish(v.string(ORDER_REFERENCE_MESSAGES.text), ''),
  v.transform((s) => s.trim()),
  v.maxLength(ORDER_REFERENCE_MAX, ORDER_REFERENCE_MESSAGES.tooLong),
  v.check((s) => !UNPRINTABLE.test(s), ORDER_REFERENCE_MESSAGES.printable),
  v.transform((s) => (s === '' ? undefined : s)),
);
