import { useTranslation } from 'react-i18next';
import type { Doc } from '../../domain/cart/doc-fields';

interface Props {
  product: Doc;
  members: ReadonlyMap<string, Doc>;
  /** option_id → chosen link ids; a missing option uses its default (or first) link. */
  chosen: Record<string, string[]>;
  onChange: (optionId: string, linkIds: string[]) => void;
  /** Until the page is hydrated a choice would be lost (nothing handles it yet): the inputs wait. */
  disabled?: boolean;
}

const linksOf = (option: Doc) => (Array.isArray(option.product_links) ? (option.product_links as Doc[]) : []);
/** SPEC §4: an option untouched counts its default link, or its first link (one link, as the price rule sums). */
export const defaultLinkIds = (option: Doc): string[] => {
  const links = linksOf(option);
  const pick = links.find((l) => l.is_default === true) ?? links[0];
  return pick ? [String(pick.id)] : [];
};

/** Bundle options: radio/select choose one link, checkbox/multi any number. */
export function BundlePicker({ product, members, chosen, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const options = Array.isArray(product.bundle_options) ? (product.bundle_options as Doc[]) : [];
  return (
    <section className="bundle" aria-labelledby="bundle-title">
      <h2 id="bundle-title">{t('bundleItems')}</h2>
      {options.map((option) => {
        const id = String(option.option_id);
        const selected = chosen[id] ?? defaultLinkIds(option);
        const multi = option.type === 'checkbox' || option.type === 'multi';
        return (
          <fieldset key={id} className="option-group">
            <legend>
              {String(option.title)}
              {option.required === true ? ' *' : ''}
            </legend>
            {linksOf(option).map((link) => {
              const linkId = String(link.id);
              const member = members.get(String(link.sku));
              const qty = Number(link.qty ?? 1);
              return (
                <label key={linkId} className="choice">
                  <input
                    type={multi ? 'checkbox' : 'radio'}
                    name={`bundle-${id}`}
                    disabled={disabled}
                    checked={selected.includes(linkId)}
                    onChange={(e) => onChange(id, multi ? (e.target.checked ? [...selected, linkId] : selected.filter((s) => s !== linkId)) : [linkId])}
                  />
                  {qty > 1 ? `${qty} x ` : ''}
                  {member ? String(member.name) : String(link.sku)}
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </section>
  );
}
