import type { CustomOption } from '../../schemas/catalog/product-options';
import type { CustomOptionSet } from './variant-spec';

/**
 * The custom options a shopper fills in on the product page. `fixed` prices are added as they are;
 * `percent` prices are a percentage of the product price (SPEC §4), e.g. 10 on a £100 drill is £10.
 */
export function customOptions(sets: readonly CustomOptionSet[], nextId: () => number): CustomOption[] {
  const out: CustomOption[] = [];
  for (const set of sets) {
    if (set === 'engraving') {
      out.push({ option_id: nextId(), title: 'Engraving (name or company, up to 20 characters)', type: 'field', is_require: false, sort_order: out.length + 1, price: 4.5, price_type: 'fixed', max_characters: 20 });
    } else if (set === 'warranty') {
      out.push({
        option_id: nextId(), title: 'Warranty', type: 'drop_down', is_require: false, sort_order: out.length + 1,
        values: [
          { option_type_id: nextId(), title: 'Standard 3 years (included)', price: 0, price_type: 'fixed', sort_order: 1 },
          { option_type_id: nextId(), title: '5 years parts and labour', price: 10, price_type: 'percent', sort_order: 2 },
          { option_type_id: nextId(), title: '5 years with next-day swap', price: 15, price_type: 'percent', sort_order: 3 },
        ],
      });
    } else {
      out.push(
        { option_id: nextId(), title: 'Cut length in mm (per piece)', type: 'field', is_require: true, sort_order: out.length + 1, price: 0.75, price_type: 'fixed', max_characters: 4 },
        {
          option_id: nextId(), title: 'Cut ends', type: 'drop_down', is_require: true, sort_order: out.length + 2,
          values: [
            { option_type_id: nextId(), title: 'Square cut', price: 0, price_type: 'fixed', sort_order: 1 },
            { option_type_id: nextId(), title: 'Square cut and deburred', price: 0.5, price_type: 'fixed', sort_order: 2 },
            { option_type_id: nextId(), title: 'Chamfered and deburred', price: 5, price_type: 'percent', sort_order: 3 },
          ],
        },
      );
    }
  }
  return out;
}
