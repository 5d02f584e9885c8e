import { throttleRule, type ThrottleRule } from '../auth/attempt-throttle';
import type { LimitTable } from '../limits/limit-table';

/**
 * Rate limits for the public endpoints that write rows or send mail, per client address (and per
 * recipient where a mail leaves the shop), kept in the database. Figures from the limits table
 * (server/limits/limit-table.ts), where the per-process gate in front of them is too.
 */
export const publicLimits = (limits: LimitTable) =>
  ({
    formsPerAddress: throttleRule(limits.formsPerAddress),
    reviewsPerAddress: throttleRule(limits.reviewsPerAddress),
    mailPerAddress: throttleRule(limits.mailPerAddress),
    /** Confirmations and welcome mails to one recipient. */
    mailPerRecipient: throttleRule(limits.mailPerRecipient),
    newsletterPerAddress: throttleRule(limits.newsletterPerAddress),
    /** Failed order look-ups (wrong number or e-mail) per client address. */
    trackingMissesPerAddress: throttleRule(limits.trackingMissesPerAddress),
  }) satisfies Record<string, ThrottleRule>;
