import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../i18n/i18n';
import { Modal } from '../../ui/modal';

/** The languages modal: English, German and Italian wording (prices stay in GBP). */
export function LanguagesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal title={t('chooseLanguage')} open={open} onClose={onClose}>
      <ul className="language-list">
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <button
              type="button"
              lang={l.code}
              aria-pressed={i18n.language === l.code}
              className="button button-secondary"
              onClick={() => {
                void setLanguage(l.code);
                document.documentElement.lang = l.code === 'en' ? 'en-GB' : l.code;
                localStorage.setItem('fixings.language', l.code);
                onClose();
              }}
            >
              {l.label}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
