import { createBrowserRouter, RouterProvider } from 'react-router';
import { PickListPage } from '../pick/pick-list-page';
import { AdminContext, useDevice, type AdminServices } from './admin-context';
import { AdminLayout } from './admin-layout';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { SignInPage } from './sign-in-page';
import { ImportPage } from '../manage/import-page';
import { TokensPage } from '../manage/tokens-page';
import { WebhooksPage } from '../manage/webhooks-page';

const router = createBrowserRouter(
  [
    {
      element: <AdminLayout />,
      children: [
        { path: '/', element: <OrdersPage /> },
        { path: '/orders/:orderId', element: <OrderPage /> },
        { path: '/orders/:orderId/pick-list', element: <PickListPage /> },
        { path: '/pick-lists', element: <PickListPage /> },
        { path: '/webhooks', element: <WebhooksPage /> },
        { path: '/import', element: <ImportPage /> },
        { path: '/tokens', element: <TokensPage /> },
        { path: '*', element: <OrdersPage /> },
      ],
    },
  ],
  { basename: '/admin' },
);

/** Without a token the tablet shows the sign-in page and nothing else. */
function Gate() {
  const device = useDevice();
  return device.token ? <RouterProvider router={router} /> : <SignInPage />;
}

export function AdminApp({ services }: { services: AdminServices }) {
  return (
    <AdminContext.Provider value={services}>
      <Gate />
    </AdminContext.Provider>
  );
}
