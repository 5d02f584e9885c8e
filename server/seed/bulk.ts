import { issueSku, makeIssue } from './issues';
import type { FamilyCatalogue, LoadedFamily } from './product-families';
import type { SeedContext } from './seed-context';

/**
 * Fills the catalogue up to the requested size. Each family gets its weight's share; within a family
 * the picks are spread evenly over its sizes (so a small catalogue still spans M6 to M20), and once
 * every size is on sale the next brand issues them again. SKUs a core product already took move on
 * to the next issue, so the count holds.
 */
export function fillBulk(ctx: SeedContext, catalogue: FamilyCatalogue, count: number): void {
  if (count <= 0) return;
  const totalWeight = catalogue.families.reduce((sum, f) => sum + f.weight, 0);
  let remaining = count;
  catalogue.families.forEach((family, i) => {
    const last = i === catalogue.families.length - 1;
    const share = last ? remaining : Math.min(remaining, Math.round((count * family.weight) / totalWeight));
    remaining -= share;
    fillFamily(ctx, family, share);
  });
}

function fillFamily(ctx: SeedContext, family: LoadedFamily, share: number): void {
  const sizes = family.variants.length;
  if (sizes === 0) return;
  for (let pass = 0; pass * sizes < share; pass++) {
    const picks = Math.min(sizes, share - pass * sizes);
    for (let j = 0; j < picks; j++) {
      const spec = family.variants[Math.floor((j * sizes) / picks)];
      if (!spec) continue;
      let issue = pass;
      while (ctx.bySku.has(issueSku(family.brands, spec.sku, issue))) issue += 1;
      makeIssue(ctx, spec, family.brands, issue);
    }
  }
}
