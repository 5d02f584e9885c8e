import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The setting as stored (local document, shared by every tab). */
  stored: boolean;
  save: (on: boolean) => Promise<unknown>;
}

/**
 * "Send orders made offline automatically…": a checkbox that follows the click at once. The stored
 * value arrives through the database's change stream a moment after the write, and a checkbox
 * held to it alone snaps back in between (to the shopper and to a test that checks it); the click
 * is shown until the store agrees, and a write that fails shows the stored value again.
 */
export function AutomaticTransmission({ stored, save }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<boolean | null>(null);
  // The store agrees now: follow it again (another tab may change it later).
  if (chosen !== null && stored === chosen) setChosen(null);
  return (
    <label className="sync-setting">
      <input
        type="checkbox"
        checked={chosen ?? stored}
        onChange={(e) => {
          const on = e.target.checked;
          setChosen(on);
          save(on).catch((error: unknown) => {
            console.error('automatic transmission not saved', error);
            setChosen(null);
          });
        }}
      />{' '}
      {t('syncAutomaticTransmission')}
    </label>
  );
}
