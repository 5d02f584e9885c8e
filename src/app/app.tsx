import { useEffect, useState } from 'react';
import { loadMenu, loadNewCollection, type MenuCategory, type ProductTile } from './catalog-client';

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The shop shell: header, category menu and the new collection. */
export function App() {
  const [menu, setMenu] = useState<MenuCategory[]>([]);
  const [products, setProducts] = useState<ProductTile[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    Promise.all([loadMenu(), loadNewCollection()]).then(
      ([m, p]) => {
        setMenu(m);
        setProducts(p);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);

  return (
    <>
      <header className="site-header">
        <a className="brand" href="/">
          Fixings Direct
        </a>
        <span className="strap">Fixings and tools for the trade</span>
      </header>
      <nav aria-label="Categories" className="menu">
        <ul>
          {menu.map((c) => (
            <li key={c.id}>
              <a href={`/c/${c.url_path}`}>{c.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <h1>New collection</h1>
        {error && <p role="alert">{error}</p>}
        <ul className="tiles" aria-label="New collection">
          {products.map((p) => (
            <li key={p.id} className="tile">
              {p.thumbnail && <img src={`/img/324/489/resize${p.thumbnail}`} alt="" width={162} height={245} loading="lazy" />}
              <a href={`/p/${p.sku}/${p.url_path}`}>{p.name}</a>
              <span className="price">{money.format(p.final_price)}</span>
              {p.sell_unit_description && <span className="unit">{p.sell_unit_description}</span>}
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
