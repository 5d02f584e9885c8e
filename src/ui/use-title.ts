import { useEffect } from 'react';

const SHOP = 'Fixings Direct';

/** A screen's document title ("Compare Products | Fixings Direct"); the server renders the same. */
export const pageTitle = (title: string | undefined): string => (title ? `${title} | ${SHOP}` : `${SHOP} | Fixings and tools for the trade`);

/** Sets the document title for a screen. */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
