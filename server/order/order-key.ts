import { isOrderNumber } from '../../schemas/api/order-id';

/**
 * The column an id given to a lookup names: digits only is an order number (`increment_id`), anything
 * else a client's `order_id` (which can never be digits only). Never both, so one cannot pose as the other.
 */
export const orderKeyColumn = (id: string): 'increment_id' | 'order_id' => (isOrderNumber(id) ? 'increment_id' : 'order_id');
