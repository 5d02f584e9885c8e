import { useCallback, useEffect, useRef } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type * as v from 'valibot';
import { saveCheckoutSection, type CheckoutSection } from '../../db/orders/checkout-details';
import type { ShopDatabase } from '../../db/database-types';
import { onPageHidden } from '../../ui/on-page-hidden';
import { valibotResolver } from '../../ui/valibot-resolver';

/** Typing pauses this long before the draft is written to the device. */
const DRAFT_DELAY_MS = 400;

/**
 * A checkout step's form: validated by the schema chosen for the current values (a tick box may
 * add required fields), and kept in the `checkout` local document while the shopper types, so a
 * reload or another tab finds the details again (SPEC §4 "in checkout"). A draft still waiting for
 * the typing to pause is written at once when the page is hidden or unloads (a reload, a link
 * followed) rather than dropped with its timer. A step that closes has no draft to keep: its
 * submitted values are written as it finishes, and a sign-out that clears the details must not
 * find them written back.
 */
export function useStepForm<T extends FieldValues>(db: ShopDatabase, section: CheckoutSection, schemaFor: (values: T) => v.GenericSchema<unknown, unknown>, defaultValues: DefaultValues<T>) {
  const resolver: Resolver<T> = (values, context, options) => valibotResolver(schemaFor(values) as v.GenericSchema<unknown, T>)(values, context, options);
  const form = useForm<T>({ resolver, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const values = useWatch({ control: form.control });
  const pending = useRef<Record<string, unknown> | null>(null);
  const flush = useCallback(() => {
    const draft = pending.current;
    pending.current = null;
    if (draft) void saveCheckoutSection(db, section, draft);
  }, [db, section]);
  useEffect(() => onPageHidden(flush), [flush]);
  useEffect(() => {
    if (!form.formState.isDirty) return;
    pending.current = values;
    const timer = setTimeout(flush, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [flush, form.formState.isDirty, values]);
  return form;
}
