import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import type { MailMessage } from '../../mail/send-mail';

/**
 * The coupon the newsletter sign-up promises (SPEC §1: "a 10% coupon"). The seeded coupon is found
 * by a `newsletter: true` flag in its document; failing that, the first active 10 % coupon.
 */
export async function findNewsletterCoupon(db: Queryable): Promise<string | undefined> {
  const flagged = await db.query<{ code: string }>(`select code from coupons where doc @> '{"newsletter": true}'::jsonb order by code limit 1`);
  if (flagged[0]) return flagged[0].code;
  const tenPercent = await db.query<{ code: string }>(
    `select code from coupons
     where doc->>'discount_type' = 'percent' and (doc->>'discount_amount')::numeric = 10 and coalesce(doc->>'is_active', 'true') = 'true'
     order by code limit 1`,
  );
  return tenPercent[0]?.code;
}

/** Sent when an address confirms its subscription; its unsubscribe link needs no sign-in. */
export function welcomeMail(config: Pick<Config, 'publicUrl'>, to: string, couponCode: string | undefined, unsubscribeUrl: string): MailMessage {
  const gift = couponCode
    ? ['As promised, here is 10% off your next order. Enter this code in your cart:', '', `    ${couponCode}`, '']
    : [];
  return {
    to,
    subject: couponCode ? 'Welcome to our newsletter: your 10% coupon' : 'Welcome to our newsletter',
    text: [
      'Thank you for subscribing to our newsletter.',
      '',
      ...gift,
      `Shop now: ${config.publicUrl}/`,
      '',
      `You can unsubscribe at any time: ${unsubscribeUrl}`,
    ].join('\n'),
  };
}
