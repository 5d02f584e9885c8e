import { useEffect } from 'react';

const SHOP = 'Fixings Direct';

/** Sets the document title for a screen ("Compare Products | Fixings Direct"). */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP}` : `${SHOP} | Fixings and tools for the trade`;
  }, [title]);
}
