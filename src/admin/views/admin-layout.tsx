import { NavLink, Outlet } from 'react-router';
import { useOnline } from '../../ui/use-online';
import { useAdmin, useDevice } from './admin-context';

const SECTIONS = [
  { to: '/', label: 'Orders', end: true },
  { to: '/webhooks', label: 'Webhooks', end: false },
  { to: '/import', label: 'Catalogue import', end: false },
  { to: '/tokens', label: 'Admin tokens', end: false },
];

/** The frame of every signed-in page: sections, the connection, what waits to be sent, Sign out. */
export function AdminLayout() {
  const device = useDevice();
  const { sync } = useAdmin();
  const online = useOnline();
  const waiting = device.changes().filter((c) => c.state === 'queued').length;
  const signOut = async () => {
    const note = waiting > 0 ? `\n\n${waiting} change(s) not sent yet stay on this tablet and are sent after the next sign-in.` : '';
    if (!window.confirm(`Sign out? The token and the orders kept on this tablet are forgotten.${note}`)) return;
    await device.signOut();
    sync.kick();
  };
  return (
    <div className="admin-frame">
      <header className="admin-header no-print">
        <p className="admin-title">Packing bench</p>
        <nav aria-label="Back-office">
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.end}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="connection" role="status">
          {online ? 'Online' : 'Offline: work is kept on this tablet'}
          {waiting > 0 ? ` · ${waiting} change${waiting === 1 ? '' : 's'} waiting to be sent` : ''}
        </p>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <Outlet />
    </div>
  );
}
