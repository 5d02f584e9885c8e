import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SUBMENU_DELAY_MS, type MenuNode } from './menu-node';

interface Props {
  nodes: MenuNode[];
  labels: { back: string; all: string };
  onNavigate: () => void;
}

/**
 * The phone sidebar: drill down into a category's children; going back slides the level out and pops
 * the path after 300 ms (SPEC §9), once the animation has run.
 */
export function SidebarMenu({ nodes, labels, onNavigate }: Props) {
  const [path, setPath] = useState<MenuNode[]>([]);
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const current = path.at(-1);
  const level = current ? current.children : nodes;
  const back = () => {
    setLeaving(true);
    timer.current = window.setTimeout(() => {
      setPath((p) => p.slice(0, -1));
      setLeaving(false);
    }, SUBMENU_DELAY_MS);
  };
  return (
    <div className={leaving ? 'sidebar-level leaving' : 'sidebar-level'}>
      {current && (
        <>
          <button type="button" className="sidebar-back" onClick={back}>
            ‹ {labels.back}
          </button>
          <Link className="sidebar-all" to={current.to} onClick={onNavigate}>
            {labels.all} {current.name}
          </Link>
        </>
      )}
      <ul className="sidebar-list">
        {level.map((node) => (
          <li key={node.id}>
            {node.children.length > 0 ? (
              <button type="button" className="sidebar-item" aria-label={`${node.name} ›`} onClick={() => setPath([...path, node])}>
                {node.name} <span aria-hidden="true">›</span>
              </button>
            ) : (
              <Link className="sidebar-item" to={node.to} onClick={onNavigate}>
                {node.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
