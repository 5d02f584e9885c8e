import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';
import { initI18n, setLanguage } from './i18n';
import { it as italian } from './it';

describe('wording', () => {
  it('starts in the chosen language, loading only its wording, and switches on request', async () => {
    await initI18n('de');
    expect(i18next.language).toBe('de');
    expect(i18next.t('menu')).toBe(de.menu);
    expect(i18next.hasResourceBundle('it', 'translation')).toBe(false);
    await setLanguage('it');
    expect(i18next.t('closeMenu')).toBe(italian.closeMenu);
    await setLanguage('en');
    expect(i18next.t('closeMenu')).toBe(en.closeMenu);
  });
});
