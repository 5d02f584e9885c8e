import type { ThrottleRule } from '../auth/attempt-throttle';

/**
 * Rate limits for the public endpoints that write rows or send mail, per client address (and per
 * recipient where a mail leaves the shop). Generous for people, tight for scripts.
 */
export const PUBLIC_LIMITS = {
  formsPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  reviewsPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  mailPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  /** Confirmations and welcome mails to one recipient. */
  mailPerRecipient: { limit: 5, windowSeconds: 60 * 60 },
  newsletterPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  /** Failed order look-ups (wrong number or e-mail) per client address. */
  trackingMissesPerAddress: { limit: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;
