import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as v from 'valibot';
import { valibotResolver } from '../../ui/valibot-resolver';
import { sendForm, type FormKind, type FormReceipt } from './form-api';

export type SendState = { status: 'idle' } | { status: 'sending' } | { status: 'failed'; message: string } | { status: 'sent'; receipt: FormReceipt };

/**
 * react-hook-form on the shared valibot schema (the server checks the same one), plus the sending
 * state. The parsed values (trimmed, country upper-cased) are what is sent. A failure keeps the
 * typed data in the form and shows the server's message.
 */
export function useServiceForm<T extends FieldValues>(kind: FormKind, schema: v.GenericSchema<unknown, T>, defaultValues: DefaultValues<T>) {
  const form = useForm<T>({ resolver: valibotResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const [state, setState] = useState<SendState>({ status: 'idle' });
  const onSubmit = form.handleSubmit(async (values) => {
    setState({ status: 'sending' });
    try {
      setState({ status: 'sent', receipt: await sendForm(kind, values) });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  });
  const restart = () => {
    form.reset(defaultValues);
    setState({ status: 'idle' });
  };
  return { form, state, onSubmit, restart };
}
