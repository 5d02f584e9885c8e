/** The one data layer: the same calls run on embedded PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a notification channel (LISTEN); returns the unsubscribe call. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Channel names are scoped per schema so shops sharing one PostgreSQL do not hear each other. */
  channel(name: string): string;
  close(): Promise<void>;
  /**
   * PGlite only: the data folder as an uncompressed tarball, taken with no statement or transaction
   * under way (backup-file.ts says why that copy is consistent and restorable).
   */
  dumpDataDir?(): Promise<Blob>;
}

/** Advisory lock keys: one place, so two features never pick the same number. */
export const LOCKS = {
  migrate: 7_310_001,
  seed: 7_310_002,
  catalogWrite: 7_310_003,
  /** Two-key form with hashtext(code, email): one use of a once-per-email coupon at a time. */
  couponUse: 7_310_201,
  /** Held from an order change's feed number to its commit, so feed numbers become visible in order. */
  orderFeed: 7_310_202,
  /** Two-key form with hashtext(order_id): placing and withdrawing one order id take turns. */
  orderId: 7_310_203,
} as const;
