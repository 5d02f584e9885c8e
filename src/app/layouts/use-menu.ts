import { useMemo } from 'react';
import { categoryUrl, useCategoryTree, type CategoryNode } from '../../features/catalog/use-category-tree';
import type { MenuNode } from '../../ui/menu-node';

/** The menu from the category tree: only categories with include_in_menu, in position order. */
function toMenu(nodes: CategoryNode[]): MenuNode[] {
  return nodes.filter((n) => n.includeInMenu).map((n) => ({ id: n.id, name: n.name, to: categoryUrl(n), children: toMenu(n.children) }));
}

export function useMenu(): MenuNode[] {
  const tree = useCategoryTree().data;
  return useMemo(() => (tree ? toMenu(tree.roots) : []), [tree]);
}
