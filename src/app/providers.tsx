import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { HydratedContext } from '../ui/use-hydrated';
import { followReplica } from './follow-replica';
import { addQueued, onAddQueued } from '../features/cart/add-queue';
import { ShopProvider } from '../db/hooks/shop-context';

/**
 * <html data-hydrated="true"> once the app is live (hydrated, or rendered in the browser): a marker for
 * tests and diagnostics, since a server-rendered page looks ready before its handlers are attached.
 * Set once `useHydrated()` is true on the page, so the controls it enables are enabled by then.
 */
function HydrationMarker({ hydrated }: { hydrated: boolean }) {
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return null;
}

/** "Add to cart" pressed while the database opened: those lines go in now, whatever page is shown. */
const openedWithPresses = (shop: Parameters<typeof addQueued>[0]) => void addQueued(shop);

/**
 * `live`: rendered in the browser with no server HTML to hydrate (the shell), so `useHydrated()` is
 * true from the first render. Otherwise (the server, and a hydrating browser) it starts false and,
 * in the browser, turns true in a transition after hydration has committed.
 */
export function Providers({ client, live = false, children }: { client: QueryClient; live?: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(live);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  // From hydration on, the replica's changes reach every screen; before it the server's answers must stay as rendered.
  useEffect(() => (hydrated ? followReplica(client) : undefined), [hydrated, client]);
  return (
    <HydratedContext.Provider value={hydrated}>
      <QueryClientProvider client={client}>
        <HydrationMarker hydrated={hydrated} />
        <ShopProvider onOpen={openedWithPresses} whenPressWaiting={onAddQueued}>
          {children}
        </ShopProvider>
      </QueryClientProvider>
    </HydratedContext.Provider>
  );
}
