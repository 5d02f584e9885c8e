/** Notification rules (SPEC §3 Notification, §4 cart notifications, §8, §9): pure, shared by every view. */

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export interface NoticeAction {
  label: string;
  action?: string;
}

export interface NoticeInput {
  type: NoticeType;
  message: string;
  action1?: NoticeAction;
  action2?: NoticeAction | null;
  timeToLive?: number;
  hasNoTimeout?: boolean;
}

export interface Notice {
  id: string;
  type: NoticeType;
  message: string;
  action1: NoticeAction;
  action2: NoticeAction | null;
  timeToLive: number;
  hasNoTimeout: boolean;
  created_at: number;
}

/** SPEC §9: notification default lifetime 5000 ms. */
export const NOTIFICATION_LIFETIME_MS = 5000;
/** SPEC §8: each notification has an OK action. */
export const OK_ACTION: NoticeAction = { label: 'OK', action: 'close' };
export const PROCEED_TO_CHECKOUT: NoticeAction = { label: 'Proceed to checkout', action: 'goToCheckout' };

export function buildNotice(input: NoticeInput, id: string, now: number): Notice {
  return {
    id,
    type: input.type,
    message: input.message,
    action1: input.action1 ?? OK_ACTION,
    action2: input.action2 ?? null,
    timeToLive: input.timeToLive ?? NOTIFICATION_LIFETIME_MS,
    hasNoTimeout: input.hasNoTimeout ?? false,
    created_at: now,
  };
}

export function isExpired(notice: Pick<Notice, 'created_at' | 'timeToLive' | 'hasNoTimeout'>, now: number): boolean {
  return !notice.hasNoTimeout && now >= notice.created_at + notice.timeToLive;
}

/** SPEC §4: "A repeat of the last message is ignored" — the same type and text as the newest one still shown. */
export function isRepeatOfLast(shown: readonly Pick<Notice, 'type' | 'message' | 'created_at' | 'timeToLive' | 'hasNoTimeout'>[], next: NoticeInput, now: number): boolean {
  const visible = shown.filter((n) => !isExpired(n, now));
  const last = visible.reduce<(typeof visible)[number] | undefined>((a, b) => (!a || b.created_at >= a.created_at ? b : a), undefined);
  return last !== undefined && last.message === next.message && last.type === next.type;
}

/**
 * A cart notice (SPEC §8): success ones offer "Proceed to checkout" unless an external checkout is
 * configured (the shopper is then sent to the other site from the cart instead).
 */
export function cartNotice(type: NoticeType, message: string, options: { externalCheckout?: boolean } = {}): NoticeInput {
  return { type, message, action1: OK_ACTION, action2: type === 'success' && !options.externalCheckout ? PROCEED_TO_CHECKOUT : null };
}
