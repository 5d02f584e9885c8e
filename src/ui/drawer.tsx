import type { ReactNode } from 'react';
import { Modal } from './modal';

/** A side panel (menu, wishlist, search): a modal dialog slid in from one edge, with its overlay. */
export function Drawer({ title, open, onClose, side, children }: { title: string; open: boolean; onClose: () => void; side: 'left' | 'right' | 'top'; children: ReactNode }) {
  return (
    <Modal title={title} open={open} onClose={onClose} className={`drawer drawer-${side}`}>
      <div className="drawer-body">{children}</div>
    </Modal>
  );
}
