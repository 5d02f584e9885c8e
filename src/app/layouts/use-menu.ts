import { useMemo } from 'react';
import { categoryUrl, useCategoryTree, type CategoryNode } from '../../features/catalog/use-category-tree';
import type { MenuNode } from '../../ui/menu-node';

/** SPEC §6: guests have no group and use group 0. */
export const GUEST_GROUP_ID = 0;

/**
 * The menu from the category tree: categories with include_in_menu that the shopper's group may see
 * (restricted_customer_groups), in position order.
 */
export function menuFor(nodes: CategoryNode[], groupId: number): MenuNode[] {
  return nodes
    .filter((n) => n.includeInMenu && !n.restrictedGroups.includes(groupId))
    .map((n) => ({ id: n.id, name: n.name, to: categoryUrl(n), children: menuFor(n.children, groupId) }));
}

/** Every shopper is a guest until the account screens sign one in; they will pass the session's group. */
export function useMenu(groupId = GUEST_GROUP_ID): MenuNode[] {
  const tree = useCategoryTree().data;
  return useMemo(() => (tree ? menuFor(tree.roots, groupId) : []), [tree, groupId]);
}
