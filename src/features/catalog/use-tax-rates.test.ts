import * as rxjs from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopDatabase } from '../../db/database-types';
import { watchStoredTaxRules } from './use-tax-rates';

type Load = NonNullable<Parameters<typeof watchStoredTaxRules>[2]>;
type Code = Awaited<ReturnType<Load>>;

const db = {} as ShopDatabase;
const rule = { tax_calculation_rate_id: 1, rate: 20, tax_country_id: 'GB', product_tax_class_ids: [2] };

/** The read's code with the device holding `stored` and a change stream the test drives. */
function codeWith(stored: Record<string, unknown>[]) {
  const changes = new rxjs.Subject<string>();
  const storedContent = vi.fn(async () => stored);
  const code = [rxjs, { storedContent }, { localCatalogChanges: () => changes.asObservable() }] as unknown as Code;
  return { code, changes, storedContent };
}

afterEach(() => vi.restoreAllMocks());

describe('watchStoredTaxRules', () => {
  it('gives the stored rules, and reads them again when the content changes', async () => {
    const { code, changes, storedContent } = codeWith([rule]);
    const onRules = vi.fn();
    const stop = watchStoredTaxRules(db, onRules, () => Promise.resolve(code));
    await vi.waitFor(() => expect(onRules).toHaveBeenCalledWith([rule]));
    changes.next('products');
    changes.next('content');
    await vi.waitFor(() => expect(storedContent).toHaveBeenCalledTimes(2));
    stop();
    changes.next('content');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(storedContent).toHaveBeenCalledTimes(2);
  });

  it('gives nothing when no rules are stored (0 % would be wrong)', async () => {
    const { code, storedContent } = codeWith([]);
    // Stopped before its code arrived: nothing given, nothing read.
    const onRules = vi.fn();
    watchStoredTaxRules(db, onRules, () => Promise.resolve(code))();
    const again = vi.fn();
    watchStoredTaxRules(db, again, () => Promise.resolve(code));
    await vi.waitFor(() => expect(again).toHaveBeenCalledWith(undefined));
    expect(storedContent).toHaveBeenCalledTimes(1);
    expect(onRules).not.toHaveBeenCalled();
  });

  it('keeps what the page has when the code fails to load (no unhandled rejection), and loads it again on the next use', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failed = Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const onRules = vi.fn();
    watchStoredTaxRules(db, onRules, () => failed);
    // A rejection nobody handles fails the run (vitest reports unhandled rejections).
    await failed.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onRules).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();

    const { code } = codeWith([rule]);
    const load = vi.fn(() => Promise.resolve(code));
    const next = vi.fn();
    watchStoredTaxRules(db, next, load);
    await vi.waitFor(() => expect(next).toHaveBeenCalledWith([rule]));
    expect(load).toHaveBeenCalledOnce();
  });
});
