import { QueryClient } from '@tanstack/react-query';

/** Server reads are cached briefly; the search client time-out of SPEC §9 is the fetch's concern. */
export function createShopQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });
}

let browserClient: QueryClient | undefined;

/** The page's one query cache in the browser (each server render has a cache of its own). */
export const browserQueryClient = (): QueryClient => (browserClient ??= createShopQueryClient());
