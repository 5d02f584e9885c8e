import { localeOf } from './format-date';

/** A count as the shopper's language writes it: "1,972 products" in English, "1.972" in German. */
export const formatCount = (n: number, language = 'en') => new Intl.NumberFormat(localeOf(language)).format(n);
