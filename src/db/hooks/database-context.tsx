import { createContext, useContext, type ReactNode } from 'react';
import type { ShopDatabase } from '../database-types';

const DatabaseContext = createContext<ShopDatabase | null>(null);

/** Makes the page's database available to the hooks below (the app creates it once with getDatabase()). */
export function DatabaseProvider({ db, children }: { db: ShopDatabase; children: ReactNode }) {
  return <DatabaseContext.Provider value={db}>{children}</DatabaseContext.Provider>;
}

export function useDatabase(): ShopDatabase {
  const db = useContext(DatabaseContext);
  if (!db) throw new Error('useDatabase needs a DatabaseProvider above it');
  return db;
}
