import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icons';

interface Props {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/** A dialog on the native <dialog> element: focus is trapped and Escape closes it, with no library. */
export function Modal({ title, open, onClose, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-label={title}
      onClose={onClose}
      onCancel={onClose}
      // A click on the overlay (the backdrop, outside the dialog's box) closes it too.
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        if (e.target === e.currentTarget && (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom)) onClose();
      }}
    >
      {/* Not a <header>: that would be a second banner landmark inside the page's own. */}
      <div className="modal-header">
        <h2>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close">
          <Icon name="close" />
        </button>
      </div>
      {open && children}
    </dialog>
  );
}
