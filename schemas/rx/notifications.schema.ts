import { EPOCH_MS, type CollectionDefinition } from './json-schema';

export const NOTIFICATION_TYPES = ['success', 'info', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Messages shown to the shopper (SPEC §3 Notification). Each has an OK action (`action1`) and lives
 * `timeToLive` ms (5000 by default) unless `hasNoTimeout`. Kept in the database so every tab shows them.
 */
export const notificationsCollection: CollectionDefinition = {
  schema: {
    title: 'notifications',
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 80 },
      type: { type: 'string', enum: NOTIFICATION_TYPES },
      message: { type: 'string' },
      action1: { type: 'object', properties: { label: { type: 'string' }, action: { type: 'string' } }, required: ['label'] },
      action2: { type: ['object', 'null'], properties: { label: { type: 'string' }, action: { type: 'string' } } },
      timeToLive: { type: 'integer', minimum: 0 },
      hasNoTimeout: { type: 'boolean' },
      created_at: EPOCH_MS,
    },
    required: ['id', 'type', 'message', 'action1', 'timeToLive', 'hasNoTimeout', 'created_at'],
    indexes: ['created_at'],
  },
  migrationStrategies: {},
};

export interface NotificationAction {
  label: string;
  /** A named action the view runs ("close", "goToCheckout", "confirmOrders"). */
  action?: string;
}

export interface NotificationRecord {
  id: string;
  type: NotificationType;
  message: string;
  action1: NotificationAction;
  action2?: NotificationAction | null;
  timeToLive: number;
  hasNoTimeout: boolean;
  created_at: number;
}
