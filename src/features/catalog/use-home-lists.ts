import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppliedFilter } from '../../../schemas/catalog-query';
import { LOCAL_FIRST, readCatalog } from './catalog-reads';
import { readBanners, readCmsBlock, readStaticContent } from './content-reads';
import { homeListQuery } from '../../domain/catalog/list-query';

/**
 * The home page's reads: three lists of 8 (created_at descending), active banners, CMS blocks and the
 * static JSON (promoted offers, accreditations, info links).
 */
export const HOME_LISTS: { key: 'newCollection' | 'bestsellers' | 'customersBought'; filters: AppliedFilter[] }[] = [
  { key: 'newCollection', filters: [{ attribute: 'new', value: { in: ['1'] } }] },
  { key: 'bestsellers', filters: [{ attribute: 'category_ids', value: { in: [27, 28] } }] },
  { key: 'customersBought', filters: [{ attribute: 'category_ids', value: { in: [23, 26] } }] },
];

export const homeListOptions = (filters: AppliedFilter[]) =>
  queryOptions({ queryKey: ['home-list', filters], networkMode: LOCAL_FIRST, queryFn: ({ signal }) => readCatalog('product', homeListQuery(filters), signal).then((r) => r.items) });
export const useHomeList = (filters: AppliedFilter[]) => useQuery(homeListOptions(filters));

// Content reads run offline too (the device's replica answers), so they are not paused like server reads.
export const bannersQuery = () => queryOptions({ queryKey: ['banners'], networkMode: LOCAL_FIRST, queryFn: readBanners });
export const useBanners = () => useQuery(bannersQuery());

export const cmsBlockQuery = (identifier: string) => queryOptions({ queryKey: ['cms-block', identifier], networkMode: LOCAL_FIRST, queryFn: () => readCmsBlock(identifier), retry: false });
export const useCmsBlock = (identifier: string) => useQuery(cmsBlockQuery(identifier));

export interface PromotedOffers {
  mainBanner?: { link: string; image: string; title: string; subtitle?: string };
  smallBanners?: { link: string; image: string; title: string; subtitle?: string }[];
}

export const promotedOffersQuery = () => queryOptions({ queryKey: ['static', 'promoted_offers'], networkMode: LOCAL_FIRST, queryFn: () => readStaticContent<PromotedOffers>('promoted_offers') });
export const accreditationsQuery = () => queryOptions({ queryKey: ['static', 'accreditations'], networkMode: LOCAL_FIRST, queryFn: () => readStaticContent<{ name: string; image: string; link: string }[]>('accreditations') });
export const infoLinksQuery = () => queryOptions({ queryKey: ['static', 'info_links'], networkMode: LOCAL_FIRST, queryFn: () => readStaticContent<{ title: string; link: string }[]>('info_links') });
export const usePromotedOffers = () => useQuery(promotedOffersQuery());
export const useAccreditations = () => useQuery(accreditationsQuery());
export const useInfoLinks = () => useQuery(infoLinksQuery());
