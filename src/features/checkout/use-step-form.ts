import { useEffect } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type * as v from 'valibot';
import { saveCheckoutSection, type CheckoutSection } from '../../db/orders/checkout-details';
import type { ShopDatabase } from '../../db/database-types';
import { valibotResolver } from '../../ui/valibot-resolver';

/** Typing pauses this long before the draft is written to the device. */
const DRAFT_DELAY_MS = 400;

/**
 * A checkout step's form: validated by the schema chosen for the current values (a tick box may
 * add required fields), and kept in the `checkout` local document while the shopper types, so a
 * reload or another tab finds the details again (SPEC §4 "in checkout").
 */
export function useStepForm<T extends FieldValues>(db: ShopDatabase, section: CheckoutSection, schemaFor: (values: T) => v.GenericSchema<unknown, unknown>, defaultValues: DefaultValues<T>) {
  const resolver: Resolver<T> = (values, context, options) => valibotResolver(schemaFor(values) as v.GenericSchema<unknown, T>)(values, context, options);
  const form = useForm<T>({ resolver, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const values = useWatch({ control: form.control });
  useEffect(() => {
    if (!form.formState.isDirty) return;
    const timer = setTimeout(() => void saveCheckoutSection(db, section, values as Record<string, unknown>), DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [db, form.formState.isDirty, section, values]);
  return form;
}
