import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Above every layout: scroll restored when going back, to the top on a new path, or to the hash
 * (SPEC §2) — the data router's ScrollRestoration does all three.
 */
export function RootShell() {
  return (
    <>
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
      <Outlet />
    </>
  );
}
