/**
 * The quick order pad over the demo catalogue at the local size (10,000 products): 200 pasted lines
 * parsed, each code resolved from the in-memory index (SKU, EAN, a variant's SKU) and the row priced
 * at its quantity with VAT and checked with the add-to-cart rules, as the pad does on every change.
 * Prints one JSON object. Usage: node --import tsx bench/quick-order-pad.ts [products=10000] [repeats=30]
 */
import { generateCatalog } from '../server/seed/generate-catalog';
import { createCatalogIndex, inProductBaseline } from '../src/domain/catalog-query/catalog-index';
import { findByCode } from '../src/domain/catalog-query/code-lookup';
import type { Doc } from '../src/domain/catalog-query/types';
import { findTaxRatePercent, type TaxRuleFields } from '../src/domain/pricing/tax-rate';
import { parsePadLines } from '../src/features/quick-order/pad-lines';
import { evaluateRow, type RowContext } from '../src/features/quick-order/pad-row';
import { median, round } from './stats';

const products = Number(process.argv[2] ?? 10_000);
const repeats = Number(process.argv[3] ?? 30);
const LINES = 200;

const catalog = generateCatalog({ products });
const docs = catalog.products as unknown as Doc[];
let started = performance.now();
const index = createCatalogIndex('product', docs);
const buildMs = performance.now() - started;

/** A trade buyer's list: mostly SKUs, some EANs and variants' SKUs, a few unknown codes and bad quantities, every separator. */
function pastedList(): string {
  const listed = docs.filter((d) => inProductBaseline(d) && d.type_id !== 'configurable');
  const variants = docs.filter((d) => d.type_id === 'configurable').flatMap((d) => (d.configurable_children as Doc[]).map((c) => String(c.sku)));
  const separators = ['\t', ',', ';', ' '];
  return Array.from({ length: LINES }, (_, i) => {
    const product = listed[(i * 7919) % listed.length]!;
    const kind = i % 20;
    const ean = typeof product.ean === 'string' ? product.ean : undefined;
    const code = kind < 3 && ean ? ean : kind < 5 ? (variants[i % variants.length] ?? String(product.sku)) : kind === 5 ? `NOPE-${i}` : String(product.sku);
    const qty = kind === 6 ? '2.5' : kind === 7 ? 'ten' : String(1 + (i % 12));
    return `${code}${separators[i % separators.length]!}${qty}`;
  }).join('\n');
}

const text = pastedList();
const rules = catalog.taxrules as unknown as TaxRuleFields[];
const context: RowContext = {
  lookup: (code) => findByCode(index, code),
  customerGroupId: 0,
  now: new Date(),
  taxPercent: (taxClassId) => findTaxRatePercent(rules, { productTaxClassId: typeof taxClassId === 'number' ? taxClassId : 2, countryId: 'GB' }),
  inCart: () => 0,
};

const padRun = () => parsePadLines(text).entries.map((entry) => evaluateRow(entry, context));
const lookupRun = () => parsePadLines(text).entries.map((entry) => findByCode(index, entry.code));

/** The first run also builds the text index's SKU lookup (once per page, shared with the first search). */
started = performance.now();
const firstOutcomes = padRun();
const firstMs = performance.now() - started;

function time(run: () => unknown) {
  const wall: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < repeats; i++) {
    const at = performance.now();
    run();
    wall.push(performance.now() - at);
  }
  const used = process.cpuUsage(cpu);
  return { medianMs: round(median(wall), 3), cpuMs: round((used.user + used.system) / 1000 / repeats, 3) };
}

const kinds: Record<string, number> = {};
for (const outcome of firstOutcomes) kinds[outcome.kind] = (kinds[outcome.kind] ?? 0) + 1;
console.log(
  JSON.stringify({
    products: docs.length,
    lines: LINES,
    buildMs: round(buildMs, 0),
    firstMs: round(firstMs, 1),
    pad: time(padRun),
    lookupOnly: time(lookupRun),
    kinds,
  }),
);
