/**
 * Store views (SPEC §1, §3 "Store view"): the UK store is the one enabled; German and Italian views are
 * defined for when multistore is switched on. With multistore on, a view with appendStoreCode puts
 * `/{storeCode}` in front of every path (checkout included) and the API gets a `storeCode` parameter.
 */
export interface StoreView {
  storeCode: string;
  storeId: number;
  name: string;
  disabled: boolean;
  appendStoreCode: boolean;
  i18n: { defaultLocale: string; language: 'en' | 'de' | 'it'; currencyCode: 'GBP'; defaultCountry: string };
  tax: { defaultCountry: string };
}

export interface StoreConfig {
  multistore: boolean;
  views: readonly StoreView[];
}

const view = (storeCode: string, storeId: number, name: string, language: 'en' | 'de' | 'it', country: string, disabled: boolean, appendStoreCode: boolean): StoreView => ({
  storeCode,
  storeId,
  name,
  disabled,
  appendStoreCode,
  i18n: { defaultLocale: `${language}-${country}`, language, currencyCode: 'GBP', defaultCountry: country },
  tax: { defaultCountry: country },
});

export const UK_STORE = view('uk', 1, 'Fixings Direct UK', 'en', 'GB', false, false);

export const STORE_VIEWS: readonly StoreView[] = [UK_STORE, view('de', 2, 'Fixings Direct Deutschland', 'de', 'DE', true, true), view('it', 3, 'Fixings Direct Italia', 'it', 'IT', true, true)];

export const MULTISTORE_SWITCH_KEY = 'fixings.multistore';

/**
 * Multistore is off in the shipped configuration. A build switches it on with VITE_MULTISTORE=true;
 * on a running shop, localStorage `fixings.multistore` = `on` does the same for one browser (to try
 * the store views before they are enabled). Read lazily: no browser storage at module load.
 */
export function storeConfig(): StoreConfig {
  const built = import.meta.env?.VITE_MULTISTORE === 'true';
  const local = typeof localStorage !== 'undefined' && localStorage.getItem(MULTISTORE_SWITCH_KEY) === 'on';
  return { multistore: built || local, views: STORE_VIEWS };
}

/** The store view a path belongs to: with multistore on, a prefixed view is named by the first segment. */
export function storeViewForPath(pathname: string, config: StoreConfig = storeConfig()): StoreView {
  if (!config.multistore) return UK_STORE;
  const first = pathname.split('/')[1] ?? '';
  return config.views.find((v) => v.appendStoreCode && v.storeCode === first) ?? UK_STORE;
}

/** The router basename for a view: `/de` for a prefixed view when multistore is on, else none. */
export function basenameFor(store: StoreView, config: StoreConfig = storeConfig()): string {
  return config.multistore && store.appendStoreCode ? `/${store.storeCode}` : '';
}

/** A shop path as the browser shows it (`/checkout` → `/de/checkout` for the German view with multistore on). */
export function localizedPath(path: string, store: StoreView, config: StoreConfig = storeConfig()): string {
  const base = basenameFor(store, config);
  return base === '' ? path : `${base}${path === '/' ? '' : path}` || '/';
}

/** The API parameters a store adds (SPEC §7: "In multistore a storeCode query parameter is appended"). */
export function storeParams(store: StoreView, config: StoreConfig = storeConfig()): Record<string, string> {
  return config.multistore ? { storeCode: store.storeCode } : {};
}

let current: StoreView = UK_STORE;
export const currentStore = (): StoreView => current;
export function setCurrentStore(store: StoreView): void {
  current = store;
}
