/** A moment as the shopper reads it: the time today, the date and time otherwise. */
export function formatSyncTime(at: number, locale: string, now = Date.now()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(at);
}
