import { addToCart } from '../../../src/db/cart/cart-actions';
import { cartItemFromDocument } from '../../../src/db/cart/cart-product';
import type { Tab } from './shop-tab';
import type { StepContext } from './step-context';

/** The shopper adds a product in this tab of the step's device; the model hears of it if the add went in. */
export async function add(ctx: StepContext, tab: Tab, sku: string, qty: number): Promise<void> {
  const result = await addToCart(tab.db, await cartItemFromDocument(tab.db, ctx.products.get(sku)!), qty);
  if (result.added) ctx.model.add(sku, qty, ctx.device);
  else ctx.notes.push(`add ${sku} refused: ${result.messages.join('; ')}`);
}

/** The line at `pick` of the lines the tab shows now (by sku), or null with an empty cart. */
export async function lineAt(tab: Tab, pick: number) {
  const lines = (await tab.db.cart.find().exec()).sort((a, b) => a.sku.localeCompare(b.sku));
  return lines.length ? lines[Math.floor(pick * lines.length)]! : null;
}
