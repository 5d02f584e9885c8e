import type { Product } from '../../schemas/catalog/product';
import type { ConfigurableChild, ConfigurableOption } from '../../schemas/catalog/product-options';
import { attributeDef, optionLabel } from './attributes';
import { CONFIGURABLE_TEMPLATES, type ConfigurableTemplate } from './configurable-templates';
import { issueBrand, issueSku, makeIssue } from './issues';
import type { FamilyCatalogue } from './product-families';
import type { SeedContext } from './seed-context';
import { shellProduct } from './shell-product';

/**
 * Configurable products. Every variant is also a simple product of its own with visibility 1 (not
 * listed by itself), as the platform keeps them; the parent embeds a copy in configurable_children
 * and carries `<code>_options` lists so a filter on a variant's option also finds the parent.
 * Large catalogues repeat each template under the other brands of its family.
 */
export function addConfigurables(ctx: SeedContext, catalogue: FamilyCatalogue, repeats: number): void {
  for (let n = 0; n < repeats; n++) {
    for (const template of CONFIGURABLE_TEMPLATES) addConfigurable(ctx, catalogue, template, n);
  }
}

function addConfigurable(ctx: SeedContext, catalogue: FamilyCatalogue, template: ConfigurableTemplate, n: number): void {
  const lines = template.children.map((child) => {
    const line = catalogue.core.get(child.sku);
    if (!line) throw new Error(`Configurable ${template.sku} has unknown child ${child.sku}`);
    return { line, traits: child.traits };
  });
  const firstLine = lines[0]?.line;
  if (!firstLine) throw new Error(`Configurable ${template.sku} has no children`);
  const sku = issueSku(firstLine.brands, template.sku, n);
  if (ctx.bySku.has(sku)) return;
  const children = lines.map(({ line, traits }) =>
    makeIssue(ctx, line.spec, line.brands, n, { traits: { status: 1, inStock: true, qty: 120, leadTimeDays: 0, ...traits, visibility: 1 } }));
  const first = children[0] as Product;
  const brandName = issueBrand(firstLine.brands, n).name;
  const sellable = children.filter((c) => c.status === 1);
  const inStock = sellable.filter((c) => c.stock?.is_in_stock);
  const cheapest = (pick: (c: Product) => number) => Math.min(...sellable.map(pick));

  const parent = shellProduct(ctx, {
    sku, name: brandName ? `${brandName} ${template.name}` : template.name, type: 'configurable', family: firstLine.spec.family,
    category: firstLine.spec.category, price: cheapest((c) => c.price), description: template.description,
    keywords: [...new Set([...template.keywords, ...firstLine.spec.keywords])],
    inStock: inStock.length > 0, qty: inStock.reduce((sum, c) => sum + (c.stock?.qty ?? 0), 0), manageStock: true,
  });
  // Children differ in pack size, so the sell unit belongs to each child, not the parent.
  delete parent.sell_unit_description;
  delete parent.sell_unit_amount;
  delete parent.product_price_multiplier;
  parent.original_price = parent.price;
  parent.final_price = cheapest((c) => c.final_price ?? c.price);
  parent.technical = first.technical ?? '';
  parent.specifications = [{ label: 'Options', value: template.axes.map((code) => attributeDef(code).label).join(', ') }];
  parent.configurable_options = template.axes.map((code, position): ConfigurableOption => ({
    attribute_id: attributeDef(code).id, attribute_code: code, label: attributeDef(code).label, position,
    values: distinct(children, code).map((value) => ({ value_index: value, label: optionLabel(code, value) })),
  }));
  parent.configurable_children = children.map((c) => childOf(c, template.axes));
  for (const code of template.axes) parent[`${code}_options`] = distinct(sellable, code);
  for (const code of template.shared) parent[code] = first[code];
  // The standalone copies name their parent, so a child's own url or sku finds it by the sku index.
  for (const child of children) child.parentSku = sku;
  ctx.add(parent);
}

/** The option values the products use, in option order (values are numeric strings). */
function distinct(products: readonly Product[], code: string): string[] {
  return [...new Set(products.map((p) => String(p[code])))].sort((a, b) => Number(a) - Number(b));
}

function childOf(c: Product, axes: readonly string[]): ConfigurableChild {
  const child: ConfigurableChild = {
    id: c.id, sku: c.sku, name: c.name, status: c.status, stock: { ...(c.stock ?? { is_in_stock: false, qty: 0 }) },
    price: c.price, final_price: c.final_price ?? c.price, special_price: c.special_price ?? null,
    special_from_date: c.special_from_date ?? null, special_to_date: c.special_to_date ?? null,
    tier_prices: (c.tier_prices ?? []).map((t) => ({ ...t })), image: c.image,
    sell_unit_description: c.sell_unit_description, product_price_multiplier: c.product_price_multiplier,
    custom_attributes: axes.map((code) => ({ attribute_code: code, value: String(c[code]) })),
  };
  for (const code of axes) child[code] = c[code];
  return child;
}
