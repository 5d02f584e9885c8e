import type { Queryable } from '../../db/database';

/** `reviews`: written as 'pending', listed only once a moderator sets 'approved'. */
export interface ReviewRow {
  id: number;
  product_id: string;
  customer_id: number | null;
  nickname: string;
  title: string;
  detail: string;
  status: string;
  created_at: Date | string;
}

const COLUMNS = 'id, product_id, customer_id, nickname, title, detail, status, created_at';

export async function insertReview(db: Queryable, review: { productId: string; customerId: number | null; nickname: string; title: string; detail: string }): Promise<ReviewRow> {
  const rows = await db.query<ReviewRow>(
    `insert into reviews (product_id, customer_id, nickname, title, detail) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
    [review.productId, review.customerId, review.nickname, review.title, review.detail],
  );
  const row = rows[0];
  if (!row) throw new Error('review insert returned no row');
  return row;
}

export async function listApprovedReviews(db: Queryable, productId: string, pageSize: number, page: number): Promise<{ rows: ReviewRow[]; total: number }> {
  const rows = await db.query<ReviewRow>(
    `select ${COLUMNS} from reviews where product_id = $1 and status = 'approved' order by created_at desc, id desc limit $2 offset $3`,
    [productId, pageSize, (page - 1) * pageSize],
  );
  const count = await db.query<{ total: number }>("select count(*)::int as total from reviews where product_id = $1 and status = 'approved'", [productId]);
  return { rows, total: Number(count[0]?.total ?? 0) };
}

/** The API shape. The author's customer id is only shown to the author (on create). */
export function toApiReview(row: ReviewRow, withCustomer: boolean): Record<string, unknown> {
  return {
    id: Number(row.id),
    product_id: row.product_id,
    title: row.title,
    detail: row.detail,
    nickname: row.nickname,
    review_entity: 'product',
    review_status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    ...(withCustomer ? { customer_id: row.customer_id === null ? null : Number(row.customer_id) } : {}),
  };
}
