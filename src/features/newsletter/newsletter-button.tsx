import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';

// The form (and react-hook-form with it) loads when the modal first opens, not with every page.
const NewsletterSignup = lazyUntilLoaded(() => import('./newsletter-form').then((m) => ({ default: m.NewsletterSignup })));

/**
 * The footer's newsletter sign-up: a button opening the newsletter modal (a native dialog, so focus
 * stays inside and Escape closes it). Focus returns to the button when the modal closes.
 */
export function NewsletterButton({ className = 'link-button' }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* The colour of the text around it, so the button reads like the footer's links on their dark background. */}
      <button type="button" className={className} style={{ color: 'inherit' }} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('newsletterOpen')}
      </button>
      <Modal title={t('newsletterTitle')} open={open} onClose={() => setOpen(false)} className="newsletter-modal">
        {open && (
          <Suspense fallback={<p aria-live="polite">…</p>}>
            <NewsletterSignup />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
