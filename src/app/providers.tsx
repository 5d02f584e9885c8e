import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ShopProvider } from './shop/shop-context';

/**
 * <html data-hydrated="true"> once the app is live (hydrated, or rendered in the browser): a marker for
 * tests and diagnostics, since a server-rendered page looks ready before its handlers are attached.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>
      <HydrationMarker />
      <ShopProvider>{children}</ShopProvider>
    </QueryClientProvider>;
}
