/** One status change of an order, as the API sends it; carrier and tracking number come with a "shipped" change. */
export interface StatusEntry {
  status: string;
  comment: string | null;
  carrier: string | null;
  tracking_number: string | null;
  created_at: string;
}
