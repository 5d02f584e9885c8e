import type { CartApplyReply, CartOp, CartOpResult } from '../../schemas/api/cart-sync';
import { lineKey } from '../../src/domain/cart/line-key';
import { parseQuantity } from '../../src/domain/quantity/quantity-rules';
import type { AuthClaims } from '../auth/authenticate';
import type { AppContext } from '../context';
import { loadCart } from './cart-access';
import { addToLine, claimOp, deleteLine, deleteLines, findLine, forgetOldOps, opSeen, putLine, takeFromLine, touch, type LineWrite, type OverwrittenLine } from './cart-store';
import { itemReply, pricedCart } from './cart-view';
import { priceLines, type LineOutcome } from './line-pricing';

type Ctx = Pick<AppContext, 'db' | 'log' | 'catalog'>;

/**
 * What each line holds as the ops of one request are planned: read from the cart once, then as the
 * ops before would leave it, so two adds in one request are checked together (a minimum order).
 */
function heldQuantities(ctx: Ctx, cartId: string) {
  const known = new Map<string, number>();
  return {
    of: async (sku: string, checksum: string) => {
      const key = lineKey(sku, checksum);
      if (!known.has(key)) known.set(key, (await findLine(ctx.db, cartId, sku, checksum))?.qty ?? 0);
      return known.get(key)!;
    },
    set: (sku: string, checksum: string | null, qty: number) => void (checksum !== null && known.set(lineKey(sku, checksum), qty)),
  };
}
type HeldQuantities = ReturnType<typeof heldQuantities>;

/** What an op will write, worked out before the cart is locked (pricing reads the catalogue and stock). */
type Planned =
  | { op: CartOp; kind: 'write'; add: boolean; write: LineWrite }
  | { op: CartOp; kind: 'remove'; sku: string; checksum: string | null }
  | { op: CartOp; kind: 'take'; sku: string; checksum: string; qty: number }
  | { op: CartOp; kind: 'refused'; code: number; message: string };

const price = (ctx: Ctx, auth: AuthClaims | null, sku: string, qty: unknown, productOption: Record<string, unknown> | null, checkStock: boolean) =>
  priceLines(ctx, [{ key: 0, sku, qty, productOption }], { customerGroupId: auth?.groupId ?? 0, now: new Date(), checkStock }).then((o) => o[0]!);

const writeOf = (outcome: Extract<LineOutcome, { ok: true }>, qty: number): LineWrite => {
  const line = outcome.line;
  return { sku: line.resolved.lineSku, parentSku: line.resolved.parentSku, qty, productOption: line.resolved.productOption, checksum: line.checksum };
};

/**
 * Checks one op against the catalogue with the rules of /api/cart/update: an add is checked for the
 * quantity the line will have (what the cart holds now plus the added), a set for its own.
 */
async function plan(ctx: Ctx, cartId: string, auth: AuthClaims | null, op: CartOp, held: HeldQuantities): Promise<Planned> {
  const option = (op.product_option ?? null);
  if (op.type === 'remove') {
    const outcome = await price(ctx, auth, op.sku, 1, option, false);
    // A product no longer sold still names its line: every line of the sku goes.
    return outcome.ok ? { op, kind: 'remove', sku: outcome.line.resolved.lineSku, checksum: outcome.line.checksum } : { op, kind: 'remove', sku: op.sku, checksum: null };
  }
  const qty = parseQuantity(op.qty);
  if (!qty.ok) return { op, kind: 'refused', code: 400, message: qty.message };
  if (op.type === 'take') {
    // Named like a removal, at the quantity the device held (a product's minimum order allows it);
    // a product no longer sold names no single line: its lines go, as they would for a removal.
    const outcome = await price(ctx, auth, op.sku, qty.qty, option, false);
    return outcome.ok ? { op, kind: 'take', sku: outcome.line.resolved.lineSku, checksum: outcome.line.checksum, qty: qty.qty } : { op, kind: 'remove', sku: op.sku, checksum: null };
  }
  // An add is checked for the quantity the line will hold (a minimum order counts what is there).
  const first = await price(ctx, auth, op.sku, qty.qty, option, op.type === 'set');
  if (!first.ok) return { op, kind: 'refused', code: first.code, message: first.message };
  if (op.type === 'set') return { op, kind: 'write', add: false, write: writeOf(first, qty.qty) };
  const holds = await held.of(first.line.resolved.lineSku, first.line.checksum);
  const total = await price(ctx, auth, op.sku, holds + qty.qty, option, true);
  if (!total.ok) return { op, kind: 'refused', code: total.code, message: total.message };
  return { op, kind: 'write', add: true, write: writeOf(first, qty.qty) };
}

/** The line a set or a removal overwrites, whatever it held (adds and takes build on it). */
function overwrittenBy(p: Exclude<Planned, { kind: 'refused' }>): OverwrittenLine | null {
  if (p.kind === 'remove') return { sku: p.sku, checksum: p.checksum };
  if (p.kind === 'write' && !p.add) return { sku: p.write.sku, checksum: p.write.checksum };
  return null;
}

/** The cart's lines as /api/cart/pull replies them. */
async function cartItems(ctx: Ctx, cartId: string, auth: AuthClaims | null) {
  const fresh = await loadCart(ctx.db, cartId, auth);
  const { rows, outcomes } = await pricedCart(ctx, fresh, auth);
  return rows.map((row, i) => itemReply(fresh.id, row, outcomes[i]));
}

/**
 * Applies the shopper's changes in the order sent, each once per op_id: a retry of an op that was
 * applied (its reply lost) is `duplicate` and changes nothing, whichever cart it names now. The
 * cart row is locked for the writes, so ops from two devices take turns and each applies to the
 * cart as the other left it. A refused op (out of stock, a bad quantity) leaves the rest applied.
 */
export async function applyCartOps(ctx: Ctx, cartId: string, auth: AuthClaims | null, ops: readonly CartOp[], deviceId: string | null = null): Promise<CartApplyReply> {
  await loadCart(ctx.db, cartId, auth);
  const planned: Planned[] = [];
  const held = heldQuantities(ctx, cartId);
  for (const op of ops) {
    const next = await plan(ctx, cartId, auth, op, held);
    if (next.kind === 'remove') held.set(next.sku, next.checksum, 0);
    else if (next.kind === 'take') held.set(next.sku, next.checksum, Math.max(0, (await held.of(next.sku, next.checksum)) - next.qty));
    else if (next.kind === 'write') held.set(next.write.sku, next.write.checksum, next.add ? (await held.of(next.write.sku, next.write.checksum)) + next.write.qty : next.write.qty);
    planned.push(next);
  }
  const results = await ctx.db.transaction(async (tx) => {
    const cart = await loadCart(tx, cartId, auth, true);
    await forgetOldOps(tx);
    const out: CartOpResult[] = [];
    let changed = false;
    for (const p of planned) {
      if (p.kind === 'refused') {
        // A retry of a change applied before is answered as such, whatever the catalogue says now.
        if (await opSeen(tx, p.op.op_id)) out.push({ op_id: p.op.op_id, status: 'duplicate' });
        else out.push({ op_id: p.op.op_id, status: 'refused', code: p.code, message: p.message });
        continue;
      }
      if (!(await claimOp(tx, p.op.op_id, cart.id, deviceId, overwrittenBy(p)))) {
        out.push({ op_id: p.op.op_id, status: 'duplicate' });
        continue;
      }
      if (p.kind === 'remove') {
        if (p.checksum === null) await deleteLines(tx, cart.id, { sku: p.sku });
        else await deleteLine(tx, cart.id, p.sku, p.checksum);
      } else if (p.kind === 'take') await takeFromLine(tx, cart.id, p.sku, p.checksum, p.qty);
      else if (p.add) await addToLine(tx, cart.id, p.write);
      else await putLine(tx, cart.id, p.write);
      changed = true;
      out.push({ op_id: p.op.op_id, status: 'applied' });
    }
    if (changed) await touch(tx, cart.id);
    return out;
  });
  return { cart_id: cartId, items: await cartItems(ctx, cartId, auth), results };
}
