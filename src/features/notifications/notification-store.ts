import { useSyncExternalStore } from 'react';

/**
 * Notifications (SPEC §3, §4, §9): type, message, an OK action (and an optional second action),
 * auto-dismissed after 5000 ms unless hasNoTimeout; a repeat of the last message is ignored.
 */
export interface NotificationAction {
  label: string;
  run?: () => void;
}

export interface ShopNotification {
  id: number;
  type: 'success' | 'warning' | 'error' | 'info';
  message: string;
  action1: NotificationAction;
  action2?: NotificationAction;
  timeToLive?: number;
  hasNoTimeout?: boolean;
}

export const DEFAULT_LIFETIME_MS = 5000;

let items: ShopNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismiss(id: number): void {
  items = items.filter((n) => n.id !== id);
  emit();
}

export function notify(input: Omit<ShopNotification, 'id' | 'action1'> & { action1?: NotificationAction }): void {
  if (items.at(-1)?.message === input.message) return;
  const notification: ShopNotification = { action1: { label: 'OK' }, ...input, id: nextId++ };
  items = [...items, notification];
  emit();
  if (!notification.hasNoTimeout && typeof window !== 'undefined') {
    window.setTimeout(() => dismiss(notification.id), notification.timeToLive ?? DEFAULT_LIFETIME_MS);
  }
}

export function useNotifications(): ShopNotification[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => items,
  );
}
