import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ShopProvider } from './shop/shop-context';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>
      <ShopProvider>{children}</ShopProvider>
    </QueryClientProvider>;
}
