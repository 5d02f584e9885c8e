import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AdminDevice } from '../store/admin-device';
import type { AdminApi } from '../sync/admin-api';
import type { AdminSync } from '../sync/admin-sync';

export interface AdminServices {
  device: AdminDevice;
  api: AdminApi;
  sync: AdminSync;
}

export const AdminContext = createContext<AdminServices | null>(null);

export function useAdmin(): AdminServices {
  const services = useContext(AdminContext);
  if (!services) throw new Error('useAdmin outside the back-office');
  return services;
}

/** The device, re-rendering the caller whenever anything on it changes. */
export function useDevice(): AdminDevice {
  const { device } = useAdmin();
  useSyncExternalStore(device.subscribe, device.getVersion);
  return device;
}
