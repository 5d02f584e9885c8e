import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import * as v from 'valibot';
import { orderReferenceField } from '../../../../schemas/forms/order-reference-field';
import { valibotResolver } from '../../../ui/valibot-resolver';
import { FormField } from '../../forms/form-field';

/** The URL parameter the filter lives in, so the back button and a shared link keep it. */
export const REFERENCE_PARAM = 'reference';

const filterSchema = v.object({ reference: orderReferenceField });
type FilterForm = v.InferOutput<typeof filterSchema>;

/** The reference the order list is filtered by (trimmed), or '' for every order. */
export function useReferenceFilter(): string {
  const [params] = useSearchParams();
  return (params.get(REFERENCE_PARAM) ?? '').trim();
}

/**
 * "Filter by your reference": keeps the orders whose own reference (job or PO number) starts with
 * what is typed, ignoring case (the server filters, so every page of the history is searched).
 * The text is checked by the same rule as at checkout before it is sent.
 */
export function OrderReferenceFilter() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = useReferenceFilter();
  const form = useForm<FilterForm>({ resolver: valibotResolver(filterSchema), defaultValues: { reference: current }, mode: 'onSubmit', reValidateMode: 'onChange' });
  const apply = (reference: string | undefined) => {
    const next = new URLSearchParams(params);
    if (reference) next.set(REFERENCE_PARAM, reference);
    else next.delete(REFERENCE_PARAM);
    setParams(next);
  };
  const clear = () => {
    form.reset({ reference: '' });
    apply(undefined);
  };
  return (
    <form role="search" className="order-reference-filter" noValidate onSubmit={(e) => void form.handleSubmit((values) => apply(values.reference))(e)}>
      <FormField id="orders-filter-reference" label={t('accountOrdersFilter')} registration={form.register('reference')} error={form.formState.errors.reference} autoComplete="off" />
      <button type="submit" className="button button-secondary">
        {t('accountOrdersFilterSubmit')}
      </button>
      {current && (
        <button type="button" className="link-button" onClick={clear}>
          {t('accountOrdersFilterClear')}
        </button>
      )}
    </form>
  );
}
