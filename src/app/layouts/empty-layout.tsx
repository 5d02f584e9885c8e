import { Outlet } from 'react-router';

/** The empty layout: the page alone (the 500 page must render even when the shop's data cannot). */
export function EmptyLayout() {
  return (
    <main id="main" className="empty-main">
      <Outlet />
    </main>
  );
}
