import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Messages } from './en';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'it', label: 'Italiano' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/**
 * English is bundled (it is also every language's fallback); the other wordings are chunks of their
 * own, loaded when chosen, so a first visit carries one language. The service worker precaches
 * them all, so switching works offline too.
 */
const WORDINGS: Record<Exclude<LanguageCode, 'en'>, () => Promise<Messages>> = {
  de: () => import('./de').then((m) => m.de),
  it: () => import('./it').then((m) => m.it),
};

async function ensureWording(language: LanguageCode): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await WORDINGS[language]());
}

/** One i18next instance for the app; resolves once the chosen language's wording is loaded. */
export async function initI18n(language: LanguageCode = 'en') {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // Offline before the service worker has the chunk, the wording cannot load: the shop opens in English.
  await setLanguage(language).catch(() => undefined);
  return i18next;
}

/** Loads the wording if needed, then switches every screen to it. */
export async function setLanguage(language: LanguageCode): Promise<void> {
  await ensureWording(language);
  await i18next.changeLanguage(language);
}
