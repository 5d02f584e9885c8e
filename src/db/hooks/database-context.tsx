import { createContext, useContext, type ReactNode } from 'react';
import type { ShopDatabase } from '../database-types';

const DatabaseContext = createContext<ShopDatabase | null>(null);

/**
 * Makes the page's database available to the hooks below. The value is null until the database has
 * opened, so the tree keeps its shape (nothing remounts) when it arrives.
 */
export function DatabaseProvider({ db, children }: { db: ShopDatabase | null; children: ReactNode }) {
  return <DatabaseContext.Provider value={db}>{children}</DatabaseContext.Provider>;
}

/** The database; only for components rendered under `<WhenShopReady>` (or after `useShop()` is non-null). */
export function useDatabase(): ShopDatabase {
  const db = useContext(DatabaseContext);
  if (!db) throw new Error('useDatabase needs an open database: render this under <WhenShopReady>');
  return db;
}
