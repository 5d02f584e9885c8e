import { readAmount, toPence } from '../pricing/money';
import { recordsOf, textOf, type Doc } from '../cart/doc-fields';
import { percentOf } from './allocate';

export type OptionLabel = { label: string; value: string };

/** What the chosen custom options add to one unit, with their labels; null when the choice is invalid. */
export interface CustomOptionsPrice {
  addPence: number;
  labels: OptionLabel[];
}

const SELECT_TYPES = new Set(['drop_down', 'radio', 'checkbox', 'multiple']);

/** Fixed prices are added; percent prices are a share of the product's unit price (SPEC §4). */
function optionPrice(price: unknown, priceType: unknown, basePence: number): number {
  const amount = readAmount(price) ?? 0;
  return priceType === 'percent' ? percentOf(basePence, amount) : toPence(amount);
}

function chosenValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => textOf(v)).filter((s) => s !== '');
  return textOf(value).split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Prices the custom options chosen in `product_option.extension_attributes.custom_options`
 * ([{option_id, option_value}]) against the product's `custom_options`. Null when a required option
 * is missing or a choice names an option or value the product does not have.
 */
export function priceCustomOptions(product: Doc, chosen: readonly Doc[], basePence: number): CustomOptionsPrice | null {
  const defined = recordsOf(product.custom_options);
  let addPence = 0;
  const labels: OptionLabel[] = [];
  for (const choice of chosen) {
    if (!defined.some((o) => textOf(o.option_id) === textOf(choice.option_id))) return null;
  }
  for (const option of defined) {
    const choice = chosen.find((c) => textOf(c.option_id) === textOf(option.option_id));
    const title = textOf(option.title, textOf(option.option_id));
    if (SELECT_TYPES.has(textOf(option.type))) {
      const picked = chosenValues(choice?.option_value);
      if (picked.length === 0) {
        if (option.is_require === true) return null;
        continue;
      }
      if (option.type !== 'checkbox' && option.type !== 'multiple' && picked.length > 1) return null;
      const values = recordsOf(option.values);
      const names: string[] = [];
      for (const id of picked) {
        const value = values.find((v) => textOf(v.option_type_id) === id);
        if (!value) return null;
        addPence += optionPrice(value.price, value.price_type, basePence);
        names.push(textOf(value.title, id));
      }
      labels.push({ label: title, value: names.join(', ') });
    } else {
      const text = textOf(choice?.option_value).trim();
      if (text === '') {
        if (option.is_require === true) return null;
        continue;
      }
      const max = readAmount(option.max_characters) ?? 0;
      if ((max > 0 && text.length > max) || text.length > 1000) return null;
      addPence += optionPrice(option.price, option.price_type, basePence);
      labels.push({ label: title, value: text });
    }
  }
  return { addPence, labels };
}
