import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ShopProvider } from './shop/shop-context';

/** Server reads are cached briefly; the search client time-out of SPEC §9 is the fetch's concern. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>
      <ShopProvider>{children}</ShopProvider>
    </QueryClientProvider>;
}
