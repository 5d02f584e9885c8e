import type { Doc } from '../catalog-query/types';

/**
 * The category tree as pages, breadcrumbs and the server's page renderer read it: plain rules, shared
 * by the browser (src/features/catalog) and the server (server/render).
 */

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

/** SPEC §2: a category is looked up by url key, slug, id or url path. */
export function findCategory(tree: CategoryTree, key: string): CategoryNode | undefined {
  const clean = key.replace(/^\/+|\/+$/g, '');
  for (const node of tree.byId.values()) {
    if (node.urlKey === clean || node.urlPath === clean || String(node.id) === clean) return node;
  }
  return undefined;
}
