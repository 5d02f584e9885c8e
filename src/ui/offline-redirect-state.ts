/** The navigation state that tells Home why the shopper landed there (read by the offline notices). */
export const OFFLINE_REDIRECT_STATE = { offlineRedirect: true } as const;

export const isOfflineRedirect = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as { offlineRedirect?: unknown }).offlineRedirect === true;
