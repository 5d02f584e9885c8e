import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCAL_FIRST, readCatalog } from './catalog-reads';

export interface AttributeMeta {
  code: string;
  label: string;
  filterable: boolean;
  /** SPEC §3: "1" or true means comparable. */
  comparable: boolean;
  options: Map<string, string>;
}

/** The attribute list (SPEC §9: page size 150): filter labels, option labels and the comparable flag. */
export const attributesQuery = () =>
  queryOptions({
    queryKey: ['attributes'],
    networkMode: LOCAL_FIRST,
    queryFn: async () => {
      const result = await readCatalog('attribute', { size: 150 });
      const out = new Map<string, AttributeMeta>();
      for (const a of result.items) {
        const options = Array.isArray(a.options) ? (a.options as { label: string; value: string }[]) : [];
        out.set(String(a.attribute_code), {
          code: String(a.attribute_code),
          label: String(a.frontend_label ?? a.attribute_code),
          filterable: a.is_filterable === true || a.is_filterable === '1' || a.is_filterable === 1,
          comparable: a.is_comparable === true || a.is_comparable === '1',
          options: new Map(options.map((o) => [String(o.value), o.label])),
        });
      }
      return out;
    },
    staleTime: 5 * 60_000,
  });

export const useAttributes = () => useQuery(attributesQuery());

/** The attributes a category page offers as filters (its facets), in list order. */
export const facetCodes = (attributes: Map<string, AttributeMeta> | undefined): string[] => [...(attributes?.values() ?? [])].filter((a) => a.filterable).map((a) => a.code);

/** The shopper-facing text of an attribute value ("12" → "M12"). */
export function attributeText(meta: AttributeMeta | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => meta?.options.get(String(v)) ?? String(v)).join(', ');
}
