/**
 * The Idempotency-Key of a task's request. The server acts once per key and refuses the same key on
 * another request (422). A task that names the cart (`{{cartId}}`) and is retried after the cart was
 * re-created goes to another cart: another request, which must still make the shopper's change, so
 * the key carries the cart it was filled with. A retry to the same cart keeps its key and is
 * answered, not acted on twice.
 */
export function taskIdempotencyKey(taskId: string, cartId: string | null): string {
  return cartId === null ? taskId : `${taskId}@${cartId}`;
}
