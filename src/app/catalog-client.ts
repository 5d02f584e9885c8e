/** Minimal reads for the shell until the local database takes over the screens. */
export interface MenuCategory {
  id: number;
  name: string;
  url_path: string;
  position: number;
}

export interface ProductTile {
  id: number;
  sku: string;
  name: string;
  final_price: number;
  url_path: string;
  thumbnail?: string;
  sell_unit_description?: string;
}

async function search<T>(body: object): Promise<T[]> {
  const response = await fetch('/api/catalog', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const reply = (await response.json()) as { code: number; result: { items: T[] } | string };
  if (reply.code !== 200 || typeof reply.result === 'string') throw new Error(typeof reply.result === 'string' ? reply.result : 'Search failed');
  return reply.result.items;
}

export function loadMenu(): Promise<MenuCategory[]> {
  return search<MenuCategory>({
    type: 'category',
    size: 50,
    searchQuery: { _appliedFilters: [{ attribute: 'level', value: 2 }, { attribute: 'include_in_menu', value: true }], _appliedSort: [{ field: 'position', options: 'asc' }] },
    sourceInclude: ['id', 'name', 'url_path', 'position'],
  });
}

export function loadNewCollection(): Promise<ProductTile[]> {
  return search<ProductTile>({
    type: 'product',
    size: 8,
    searchQuery: { _appliedSort: [{ field: 'created_at', options: 'desc' }] },
    sourceInclude: ['id', 'sku', 'name', 'final_price', 'url_path', 'thumbnail', 'sell_unit_description'],
  });
}
