import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SUBMENU_DELAY_MS, type MenuNode } from './menu-node';

/**
 * The desktop category bar: a submenu opens on hover or focus and closes 300 ms after the pointer
 * leaves, so moving diagonally into it does not close it.
 */
export function TopMenu({ nodes, label }: { nodes: MenuNode[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = (id: number) => {
    window.clearTimeout(timer.current);
    setOpen(id);
  };
  const hideLater = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(null), SUBMENU_DELAY_MS);
  };
  return (
    <nav className="top-menu" aria-label={label} onKeyDown={(e) => e.key === 'Escape' && setOpen(null)}>
      <ul>
        {nodes.map((node) => (
          <li key={node.id} onMouseEnter={() => show(node.id)} onMouseLeave={hideLater} onFocus={() => show(node.id)} onBlur={hideLater}>
            <Link to={node.to} aria-haspopup={node.children.length > 0 ? 'true' : undefined} aria-expanded={node.children.length > 0 ? open === node.id : undefined} onClick={() => setOpen(null)}>
              {node.name}
            </Link>
            {open === node.id && node.children.length > 0 && (
              <ul className="submenu">
                {node.children.map((child) => (
                  <li key={child.id}>
                    <Link to={child.to} onClick={() => setOpen(null)}>
                      {child.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
