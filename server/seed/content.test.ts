import { describe, expect, it } from 'vitest';
import { TEST_NOW, testCatalog } from '../../tests/doubles/test-catalog';

describe('demo catalogue content', () => {
  const catalog = testCatalog();

  it('has UK VAT at 20 % standard and 0 % zero-rated, plus DE, IT and US rates', () => {
    const rateFor = (taxClass: number, country: string) =>
      catalog.taxrules.find((r) => r.product_tax_class_ids.includes(taxClass))?.rates.find((x) => x.tax_country_id === country)?.rate;
    expect(rateFor(2, 'GB')).toBe(20);
    expect(rateFor(5, 'GB')).toBe(0);
    expect([rateFor(2, 'DE'), rateFor(2, 'IT'), rateFor(2, 'US')]).toEqual([19, 22, 0]);
    expect(catalog.taxrules.every((r) => r.customer_tax_class_ids.includes(3))).toBe(true);
  });

  it('has the CMS pages the routes open, and CMS blocks', () => {
    const identifiers = catalog.cms_pages.map((p) => p.identifier);
    for (const id of ['about-us', 'delivery', 'sustainability', 'contact', 'meet-the-team', 'privacy-policy', 'terms-and-conditions', 'returns', 'trade-credit']) {
      expect(identifiers).toContain(id);
    }
    expect(catalog.cms_pages.every((p) => !p.content.includes('<script'))).toBe(true);
    expect(catalog.cms_blocks.map((b) => b.identifier)).toEqual(expect.arrayContaining(['home-hero', 'footer-about', 'delivery-promise', 'trade-banner']));
  });

  it('has a dozen blog posts published before now, and banners some of which are off', () => {
    expect(catalog.blog_posts.length).toBeGreaterThanOrEqual(12);
    expect(catalog.blog_posts.every((p) => Date.parse(p.published_at) < TEST_NOW.getTime())).toBe(true);
    expect(catalog.banners.filter((b) => b.status === 1).length).toBeGreaterThan(0);
    expect(catalog.banners.filter((b) => b.status === 0).length).toBeGreaterThan(0);
  });

  it('has promoted offers, accreditations and info links', () => {
    expect(catalog.static_content.promoted_offers.smallBanners.length).toBeGreaterThan(0);
    expect(catalog.static_content.accreditations.length).toBeGreaterThan(0);
    expect(catalog.static_content.info_links.length).toBeGreaterThan(0);
  });

  it('has the newsletter, trade and expired coupons', () => {
    const byCode = new Map(catalog.coupons.map((c) => [c.code, c]));
    expect(byCode.get('WELCOME10')).toMatchObject({ discount_type: 'percent', discount_amount: 10, uses_per_email: 1 });
    expect(byCode.get('TRADE5')).toMatchObject({ discount_amount: 5, customer_group_ids: [1] });
    expect(Date.parse(byCode.get('EXPIRED20')?.to_date ?? '')).toBeLessThan(TEST_NOW.getTime());
  });
});
