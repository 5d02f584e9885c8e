import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Text pasted, or a CSV file's contents: the pad parses it. */
  onLines: (text: string) => void;
}

/** Paste a block of lines from a spreadsheet or an e-mail, or upload a CSV file. */
export function PasteLinesForm({ onLines }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <div className="pad-paste">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') return;
          onLines(text);
          setText('');
        }}
      >
        <label htmlFor="pad-paste-text">{t('quickOrderPasteLabel')}</label>
        <p id="pad-paste-hint" className="muted">
          {t('quickOrderPasteHint')}
        </p>
        <textarea id="pad-paste-text" rows={4} aria-describedby="pad-paste-hint" value={text} onChange={(event) => setText(event.target.value)} spellCheck={false} />
        <button type="submit" className="button button-secondary">
          {t('quickOrderPasteAdd')}
        </button>
      </form>
      <p className="pad-upload">
        <label htmlFor="pad-upload-file">{t('quickOrderUpload')}</label>{' '}
        <input
          id="pad-upload-file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            void file.text().then((contents) => {
              onLines(contents);
              input.value = '';
            });
          }}
        />
      </p>
    </div>
  );
}
