import { describe, expect, it } from 'vitest';
import { buildTree } from '../../features/catalog/use-category-tree';
import { GUEST_GROUP_ID, menuFor } from './use-menu';

const tree = buildTree([
  { id: 2, name: 'Default Category', parent_id: 1, level: 1 },
  { id: 20, name: 'Anchors & Fixings', parent_id: 2, level: 2, url_key: 'anchors-fixings' },
  { id: 101, name: 'Through Bolts', parent_id: 20, level: 3, url_key: 'through-bolts' },
  { id: 31, name: 'Trade Only', parent_id: 2, level: 2, url_key: 'trade-only', restricted_customer_groups: [0] },
  { id: 900, name: 'Clearance', parent_id: 2, level: 2, url_key: 'clearance', include_in_menu: false },
]);

describe('menuFor', () => {
  it('hides categories restricted for the guest group and those not in the menu', () => {
    const menu = menuFor(tree.roots, GUEST_GROUP_ID);
    expect(menu.map((m) => m.name)).toEqual(['Anchors & Fixings']);
    expect(menu[0]?.children.map((m) => m.name)).toEqual(['Through Bolts']);
  });

  it('shows a restricted category to the groups it is not restricted for', () => {
    expect(menuFor(tree.roots, 1).map((m) => m.name)).toEqual(['Anchors & Fixings', 'Trade Only']);
  });
});
