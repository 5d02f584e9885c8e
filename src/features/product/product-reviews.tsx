import { valibotResolver } from '../../ui/valibot-resolver';
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEventHandler } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../ui/use-hydrated';
import * as v from 'valibot';
import { createReview, reviewList } from '../catalog/catalog-api';
import { notify } from '../notifications/notification-store';

const reviewForm = v.object({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty('This field is required'), v.maxLength(120)),
  detail: v.pipe(v.string(), v.trim(), v.nonEmpty('This field is required'), v.maxLength(5000)),
  nickname: v.pipe(v.string(), v.trim(), v.nonEmpty('This field is required'), v.maxLength(64)),
});
type ReviewForm = v.InferOutput<typeof reviewForm>;
type FieldName = keyof ReviewForm;
const FIELDS: readonly FieldName[] = ['nickname', 'title', 'detail'];

/** Reviews: the approved list and the form (sent with the shopper's session; guests see the server's answer). */
export function ProductReviews({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['reviews', productId], queryFn: () => reviewList(productId) });
  // The form takes its handlers once the page is live: a server-rendered form is sent by the browser
  // itself until then. The live form's set-up (react-hook-form updates its state as it mounts) is left
  // out of hydration, where that update re-rendered synchronously in hydration's last task, with the
  // whole page's effects run ahead of it: the one long task of a product page's first visit.
  const hydrated = useHydrated();
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">
        {t('reviews')} ({data?.total_count ?? 0})
      </h2>
      {data && data.items.length === 0 && <p>{t('noReviews')}</p>}
      <ul>
        {data?.items.map((r) => (
          <li key={String(r.id)}>
            <h3>{String(r.title)}</h3>
            <p>{String(r.detail)}</p>
            <p className="muted">{String(r.nickname)}</p>
          </li>
        ))}
      </ul>
      {hydrated ? <LiveReviewForm productId={productId} /> : <ReviewFormView field={(name) => ({ name })} errors={{}} sending={true} />}
    </section>
  );
}

/**
 * What was typed into the server-rendered form before the page went live: read while the live form
 * first renders, when the server's inputs are still in the page, so the swap keeps it.
 */
function typedBeforeLive(): ReviewForm {
  const typed: ReviewForm = { title: '', detail: '', nickname: '' };
  if (typeof document === 'undefined') return typed;
  for (const name of FIELDS) {
    const input = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`.review-form [name="${name}"]`);
    if (input) typed[name] = input.value;
  }
  return typed;
}

function LiveReviewForm({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [defaultValues] = useState(typedBeforeLive);
  const form = useForm<ReviewForm>({ resolver: valibotResolver(reviewForm), defaultValues });
  const send = useMutation({
    mutationFn: (values: ReviewForm) => createReview({ product_id: productId, ...values }),
    onSuccess: () => {
      notify({ type: 'success', message: t('reviewSent') });
      form.reset();
      void client.invalidateQueries({ queryKey: ['reviews', productId] });
    },
    onError: (e) => notify({ type: 'error', message: e instanceof Error ? e.message : String(e) }),
  });
  return (
    <ReviewFormView
      field={(name) => form.register(name)}
      errors={form.formState.errors}
      sending={send.isPending}
      onSubmit={(event) => void form.handleSubmit((values) => send.mutate(values))(event)}
    />
  );
}

interface ViewProps {
  field: (name: FieldName) => { name: string };
  errors: FieldErrors<ReviewForm>;
  /** The button is off while a review is on its way, and before the page is live. */
  sending: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}

/** The review form's markup, the same before the page is live and after. */
function ReviewFormView({ field, errors, sending, onSubmit }: ViewProps) {
  const { t } = useTranslation();
  return (
    <form className="review-form" onSubmit={onSubmit} noValidate>
      <h3>{t('writeReview')}</h3>
      {FIELDS.map((name) => (
        <label key={name} className="field">
          <span>{t(name === 'title' ? 'reviewTitle' : name === 'detail' ? 'reviewDetail' : 'reviewNickname')}</span>
          {name === 'detail' ? <textarea rows={4} {...field(name)} aria-invalid={!!errors[name]} /> : <input type="text" {...field(name)} aria-invalid={!!errors[name]} />}
          {errors[name] && <span className="field-error">{errors[name]?.message}</span>}
        </label>
      ))}
      <button type="submit" className="button" disabled={sending}>
        {t('reviewSend')}
      </button>
    </form>
  );
}
