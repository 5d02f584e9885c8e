import type { Category, CategoryChild } from '../../schemas/catalog/category';
import { TOP_LEVEL, type CategoryNode } from './category-tree';
import { productImage, type ImageFamily } from './image-paths';

export const ROOT_CATEGORY_ID = 2;
/** Magento's hidden tree root above "Default Category"; it only appears in paths. */
const TREE_ROOT_ID = 1;

/** What a product needs to know about its leaf category. */
export interface CategoryPlacement {
  /** The leaf and its ancestors, root (2) excluded, top level first. */
  ids: number[];
  refs: { category_id: number; name: string }[];
}

export interface CategoryIndex {
  categories: Category[];
  byKey: Map<string, Category>;
  placement(key: string): CategoryPlacement;
}

function childrenData(nodes: CategoryNode[] | undefined): CategoryChild[] {
  return (nodes ?? []).map((n) => (n.children ? { id: n.id, name: n.name, children_data: childrenData(n.children) } : { id: n.id, name: n.name }));
}

function describe(name: string, parent: string | undefined): string {
  return parent
    ? `${name} from our ${parent} range, stocked for next-day delivery across the UK with trade quantity breaks.`
    : `${name} for builders, installers and maintenance teams: trade-quality stock, quantity breaks and next-day delivery.`;
}

/** Builds the flat category list (product counts are filled in once the products exist). */
export function buildCategories(): CategoryIndex {
  const categories: Category[] = [];
  const root: Category = {
    id: ROOT_CATEGORY_ID, name: 'Default Category', slug: 'default-category', parent_id: TREE_ROOT_ID,
    parent_ids: [TREE_ROOT_ID], path: `${TREE_ROOT_ID}/${ROOT_CATEGORY_ID}`, level: 1, position: 1, product_count: 0,
    is_active: true, include_in_menu: true, url_key: 'default-category', url_path: 'default-category', image: null,
    children_data: childrenData(TOP_LEVEL), restricted_customer_groups: [],
    description: 'All products', meta_title: 'Fixings, fasteners and tools', meta_description: 'Trade fixings, fasteners and tools.',
  };
  categories.push(root);

  const visit = (node: CategoryNode, parent: Category, family: ImageFamily, restricted: number[], position: number): void => {
    const urlPath = parent.id === ROOT_CATEGORY_ID ? node.key : `${parent.url_path}/${node.key}`;
    const nodeRestricted = node.restricted ?? restricted;
    const category: Category = {
      id: node.id, name: node.name, slug: node.key, parent_id: parent.id,
      parent_ids: [...(parent.parent_ids ?? []), parent.id], path: `${parent.path}/${node.id}`,
      level: parent.level + 1, position, product_count: 0, is_active: true, include_in_menu: node.inMenu ?? true,
      url_key: node.key, url_path: urlPath, image: productImage(node.family ?? family, `category-${node.key}`, 1),
      children_data: childrenData(node.children), restricted_customer_groups: nodeRestricted,
      description: describe(node.name, parent.id === ROOT_CATEGORY_ID ? undefined : parent.name),
      meta_title: `${node.name} | Trade Prices & Next-Day Delivery`,
      meta_description: `Buy ${node.name.toLowerCase()} online at trade prices. Quantity breaks, fast UK delivery.`,
    };
    categories.push(category);
    node.children?.forEach((child, i) => visit(child, category, node.family ?? family, nodeRestricted, i + 1));
  };
  TOP_LEVEL.forEach((node, i) => visit(node, root, node.family ?? 'kits', [], i + 1));

  const byKey = new Map(categories.map((c) => [c.url_key, c]));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const placements = new Map<string, CategoryPlacement>();
  const placement = (key: string): CategoryPlacement => {
    const cached = placements.get(key);
    if (cached) return cached;
    const category = byKey.get(key);
    if (!category) throw new Error(`Unknown category key "${key}"`);
    const ids = [...(category.parent_ids ?? []), category.id].filter((id) => id !== TREE_ROOT_ID && id !== ROOT_CATEGORY_ID);
    const refs = ids.map((id) => ({ category_id: id, name: byId.get(id)?.name ?? '' }));
    const made = { ids, refs };
    placements.set(key, made);
    return made;
  };
  return { categories, byKey, placement };
}

/**
 * Counts the products a shopper can list in each category (enabled, visible in the catalogue),
 * including those of its sub-categories since products carry their ancestors' ids.
 */
export function fillProductCounts(categories: Category[], products: readonly { category_ids?: number[]; status: number; visibility: number }[]): void {
  const counts = new Map<number, number>();
  for (const p of products) {
    if (p.status !== 1 || (p.visibility !== 2 && p.visibility !== 4)) continue;
    for (const id of p.category_ids ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const c of categories) {
    c.product_count = c.id === ROOT_CATEGORY_ID ? products.filter((p) => p.status === 1 && (p.visibility === 2 || p.visibility === 4)).length : counts.get(c.id) ?? 0;
  }
}
