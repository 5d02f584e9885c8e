const SHOP = 'Fixings Direct';

/** A screen's document title ("Compare Products | Fixings Direct"); the server renders the same. */
export const pageTitle = (title: string | undefined): string => (title ? `${title} | ${SHOP}` : `${SHOP} | Fixings and tools for the trade`);
