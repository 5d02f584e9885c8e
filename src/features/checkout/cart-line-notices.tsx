import { useTranslation } from 'react-i18next';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { priceChangeOf } from '../../domain/cart/line-price-state';
import { PriceChangeNotice } from '../cart/price-change-notice';

/**
 * What changed in the cart since the shopper put it together, at the top of every checkout step, so
 * it is read before the order is placed: each line whose price changed (old and new price), and each
 * line the stock check marked ("Out of the stock!", SPEC §8).
 */
export function CartLineNotices({ lines }: { lines: readonly CartLine[] }) {
  const { t } = useTranslation();
  const changes = lines.flatMap((line) => priceChangeOf(line) ?? []);
  const problems = lines.flatMap((line) => Object.entries(line.errors).map(([key, message]) => ({ id: `${line.id}:${key}`, name: line.name, sku: line.sku, message })));
  if (changes.length === 0 && problems.length === 0) return null;
  return (
    <section className="checkout-line-notices" aria-label={t('cartChanges')} data-testid="checkout-line-notices">
      {changes.map((change) => (
        <PriceChangeNotice key={change.lineId} change={change} />
      ))}
      {problems.map((problem) => (
        <p key={problem.id} className="field-error" role="alert" data-sku={problem.sku}>
          {t('cartLineProblem', { name: problem.name, message: problem.message })}
        </p>
      ))}
    </section>
  );
}
