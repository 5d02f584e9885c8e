import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de';
import { en } from './en';
import { it } from './it';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'it', label: 'Italiano' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** One i18next instance for the app; wording is bundled (it is small), so init is synchronous. */
export function initI18n(language: LanguageCode = 'en') {
  void i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, de: { translation: de }, it: { translation: it } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18next;
}
