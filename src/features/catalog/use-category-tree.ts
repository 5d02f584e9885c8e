import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Doc } from './catalog-api';
import { LOCAL_FIRST, readCatalog } from './catalog-reads';

/** SPEC §9: categories are fetched 4000 at a time, sorted by position ascending; the root id is 2. */
export const ROOT_CATEGORY_ID = 2;
/** SPEC §9: breadcrumb categories are limited to ids below 809. */
export const BREADCRUMB_ID_LIMIT = 809;

export interface CategoryNode {
  id: number;
  name: string;
  parentId: number;
  level: number;
  includeInMenu: boolean;
  /** Customer groups that may not see the category (SPEC §6); guests are group 0. */
  restrictedGroups: number[];
  urlPath: string;
  urlKey: string;
  description?: string;
  /** SPEC §3 "meta title, meta description": the page's title and description when set. */
  metaTitle?: string;
  metaDescription?: string;
  productCount?: number;
  children: CategoryNode[];
}

export interface CategoryTree {
  byId: Map<number, CategoryNode>;
  roots: CategoryNode[];
}

export function buildTree(docs: Doc[]): CategoryTree {
  const byId = new Map<number, CategoryNode>();
  for (const d of docs) {
    if (d.is_active === false) continue;
    byId.set(Number(d.id), {
      id: Number(d.id),
      name: String(d.name),
      parentId: Number(d.parent_id),
      level: Number(d.level),
      includeInMenu: d.include_in_menu !== false,
      restrictedGroups: Array.isArray(d.restricted_customer_groups) ? d.restricted_customer_groups.map(Number) : [],
      urlPath: String(d.url_path ?? d.slug),
      urlKey: String(d.url_key ?? d.slug),
      ...(typeof d.description === 'string' ? { description: d.description } : {}),
      ...(typeof d.meta_title === 'string' && d.meta_title !== '' ? { metaTitle: d.meta_title } : {}),
      ...(typeof d.meta_description === 'string' && d.meta_description !== '' ? { metaDescription: d.meta_description } : {}),
      ...(typeof d.product_count === 'number' ? { productCount: d.product_count } : {}),
      children: [],
    });
  }
  for (const node of byId.values()) byId.get(node.parentId)?.children.push(node);
  return { byId, roots: byId.get(ROOT_CATEGORY_ID)?.children ?? [] };
}

/** Ancestors from the top level down to the category itself, ids below 809 only. */
export function trailOf(tree: CategoryTree, id: number): CategoryNode[] {
  const out: CategoryNode[] = [];
  for (let node = tree.byId.get(id); node && node.id !== ROOT_CATEGORY_ID; node = tree.byId.get(node.parentId)) {
    if (node.id < BREADCRUMB_ID_LIMIT) out.unshift(node);
  }
  return out;
}

export const categoryUrl = (node: CategoryNode) => `/c/${node.urlKey}`;

/** The category tree's read; the page loaders (server and browser) fill the same entry. */
export const categoryTreeQuery = () =>
  queryOptions({
    queryKey: ['category-tree'],
    networkMode: LOCAL_FIRST,
    queryFn: async () => {
      const result = await readCatalog('category', {
        size: 4000,
        searchQuery: { _appliedSort: [{ field: 'position', options: 'asc' }] },
        sourceExclude: ['children_data'],
      });
      return buildTree(result.items);
    },
    staleTime: 5 * 60_000,
  });

export const useCategoryTree = () => useQuery(categoryTreeQuery());
