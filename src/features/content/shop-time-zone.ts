/**
 * Dates on server-rendered pages are written in the shop's own time zone, so the server's HTML and the
 * browser's hydration agree wherever either runs (a post published at 00:30 is the same day on both).
 */
export const SHOP_TIME_ZONE = 'Europe/London';
