import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductGrid } from '../catalog/product-grid';
import { MIN_TERM_LENGTH, useSearch } from './use-search';

/** The search panel: results as the shopper types, the 3-character rule, thumbnails and load more. */
export function SearchPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const deferred = useDeferredValue(term);
  const [debounced, setDebounced] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(deferred), 200);
    return () => window.clearTimeout(timer);
  }, [deferred]);
  const search = useSearch(debounced);
  const pages = search.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const tooShort = term.trim().length > 0 && term.trim().length < MIN_TERM_LENGTH;
  return (
    <div className="search-panel" role="search" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="search-bar">
        <label htmlFor="search-input" className="visually-hidden">
          {t('searchLabel')}
        </label>
        <input id="search-input" ref={input} type="search" autoComplete="off" placeholder={t('searchLabel')} value={term} onChange={(e) => setTerm(e.target.value)} />
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <div aria-live="polite">
        {tooShort && <p className="search-message">{t('searchMin')}</p>}
        {pages[0]?.offline && <p className="search-message">{t('searchOffline')}</p>}
        {!tooShort && search.isSuccess && items.length === 0 && debounced.trim().length >= MIN_TERM_LENGTH && <p className="search-message">{t('searchNone', { term: debounced.trim() })}</p>}
      </div>
      {!tooShort && <ProductGrid products={items} label={t('search')} />}
      {!tooShort && search.hasNextPage && (
        <button type="button" className="button load-more" onClick={() => void search.fetchNextPage()}>
          {t('loadMore')}
        </button>
      )}
    </div>
  );
}
