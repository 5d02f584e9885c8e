import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core over a page (WCAG 2.2 AA and best practice): what fails is any serious or critical
 * violation, and any at all of the rules users tripped on (Label in Name, heading order, the banner
 * landmark at the top level), whatever impact axe gives them.
 */
export const ALWAYS = ['label-content-name-mismatch', 'heading-order', 'landmark-banner-is-top-level', 'landmark-no-duplicate-banner', 'landmark-unique'];

export interface Found {
  state: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe on the page as it is now. Label in Name is "experimental" in axe, so it is turned on by name. */
export async function audit(page: Page, state: string): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({ rule: v.id, impact: v.impact ?? 'minor', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.map((v) => ({ state, ...v }));
}

export const failing = (found: Found[]) => found.filter((f) => f.impact === 'serious' || f.impact === 'critical' || ALWAYS.includes(f.rule));
export const listed = (found: Found[]) => found.map((f) => `${f.state}: ${f.rule} (${f.impact}) ${f.help}: ${f.targets.slice(0, 3).join(', ')}`).join('\n');
