import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as v from 'valibot';
import { useShopStatus } from '../../db/hooks/shop-context';
import type { Outcome } from '../../db/session/account-api';
import { valibotResolver } from '../../ui/valibot-resolver';

export type AccountFormState = { status: 'idle' | 'sending' | 'done' } | { status: 'failed'; message: string };

/**
 * react-hook-form on an account schema (SPEC §5 messages) and the call it makes. A refusal keeps
 * what was typed and shows the server's message; `done` is for the screens that say what happened.
 * Every call goes through the local shop (API client, session), which opens after the first paint:
 * a form sent before that would only report a network error without trying, so it is not sent
 * while the database is still opening (AccountFormFrame disables its button meanwhile).
 */
export function useAccountForm<T extends FieldValues>(schema: v.GenericSchema<unknown, T>, defaultValues: DefaultValues<T>, send: (values: T) => Promise<Outcome>, options: { resetOnDone?: boolean } = {}) {
  const form = useForm<T>({ resolver: valibotResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const [state, setState] = useState<AccountFormState>({ status: 'idle' });
  const starting = useShopStatus().status === 'starting';
  const onSubmit = form.handleSubmit(async (values) => {
    setState({ status: 'sending' });
    try {
      const outcome = await send(values);
      // Passwords are not left in the fields once they did their job.
      if (outcome.ok && options.resetOnDone) form.reset();
      setState(outcome.ok ? { status: 'done' } : { status: 'failed', message: outcome.message });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  });
  const submit = (event?: React.BaseSyntheticEvent) => {
    if (!starting) return void onSubmit(event);
    event?.preventDefault();
  };
  return { form, state, setState, onSubmit: submit };
}
