import { unitPricesPence, type PriceContext } from '../../src/domain/pricing/final-price';
import { addPercent, fromPence } from '../../src/domain/pricing/money';

/** Statuses of 2 and higher mean disabled (SPEC §9 "Variant status of 2 or higher means unavailable"). */
const isEnabled = (item: Record<string, unknown>) => !(Number(item.status) >= 2);

export interface PriceInfo {
  final_price: number;
  regular_price: number;
  minimal_price: number;
  max_price: number;
  special_price?: number;
  extension_attributes: { tax_adjustments: { final_price: number; regular_price: number; minimal_price: number; max_price: number; special_price?: number } };
}

interface PencePrices {
  final: number;
  regular: number;
  minimal: number;
  max: number;
  special: number | null;
}

/**
 * A configurable product costs what its cheapest enabled child costs, and ranges up to its dearest;
 * a product without priced children is priced by its own fields.
 */
function pencePrices(item: Record<string, unknown>, context: PriceContext): PencePrices {
  const children = Array.isArray(item.configurable_children)
    ? (item.configurable_children as Record<string, unknown>[]).filter((c) => typeof c === 'object' && c !== null && isEnabled(c))
    : [];
  if (item.type_id === 'configurable' && children.length > 0) {
    const prices = children.map((child) => unitPricesPence(child, context));
    const cheapest = prices.reduce((best, p) => (p.final < best.final ? p : best));
    return {
      final: cheapest.final,
      regular: cheapest.regular,
      minimal: cheapest.final,
      max: Math.max(...prices.map((p) => p.final)),
      special: cheapest.special !== null && cheapest.special === cheapest.final ? cheapest.special : null,
    };
  }
  const p = unitPricesPence(item, context);
  return { final: p.final, regular: p.regular, minimal: p.final, max: p.final, special: p.special };
}

/**
 * The render-list `price_info` of one product or child: prices excluding tax, and the same prices
 * including tax under `extension_attributes.tax_adjustments` (the Magento render-info shape).
 */
export function priceInfo(item: Record<string, unknown>, context: PriceContext, taxPercent: number): PriceInfo {
  const p = pencePrices(item, context);
  const gross = (pence: number) => fromPence(addPercent(pence, taxPercent));
  const special = p.special ?? undefined;
  return {
    final_price: fromPence(p.final),
    regular_price: fromPence(p.regular),
    minimal_price: fromPence(p.minimal),
    max_price: fromPence(p.max),
    ...(special !== undefined ? { special_price: fromPence(special) } : {}),
    extension_attributes: {
      tax_adjustments: {
        final_price: gross(p.final),
        regular_price: gross(p.regular),
        minimal_price: gross(p.minimal),
        max_price: gross(p.max),
        ...(special !== undefined ? { special_price: gross(special) } : {}),
      },
    },
  };
}
