/**
 * Every date and time the shop shows, in one format: "29 Nov 2026", "29 Nov 2026, 14:05" and, for
 * moments of today, "14:05:09". 24-hour clock in every language, and the shop's own time zone, so the
 * server's HTML and the browser's hydration agree wherever either runs (a post published at 00:30 is
 * the same day on both).
 */
export const SHOP_TIME_ZONE = 'Europe/London';

/** The language's regional form: plain English would give the US month-first order and a 12-hour clock. */
export const localeOf = (language: string) => (language === 'en' || language.startsWith('en-') ? 'en-GB' : language);

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: SHOP_TIME_ZONE };

type Moment = string | number | Date;

export const formatDate = (at: Moment, language = 'en') => new Intl.DateTimeFormat(localeOf(language), DATE).format(new Date(at));

export const formatDateTime = (at: Moment, language = 'en') => new Intl.DateTimeFormat(localeOf(language), { ...DATE, ...TIME }).format(new Date(at));

/** The time alone (with seconds) for a moment of today, the date and time otherwise. */
export function formatRecent(at: Moment, language = 'en', now = Date.now()): string {
  const day = (value: Moment) => formatDate(value, 'en');
  if (day(at) !== day(now)) return formatDateTime(at, language);
  return new Intl.DateTimeFormat(localeOf(language), { ...TIME, second: '2-digit' }).format(new Date(at));
}
