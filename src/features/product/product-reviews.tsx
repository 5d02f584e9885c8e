import { valibotResolver } from '../../ui/valibot-resolver';
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
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

/** Reviews: the approved list and the form (sent with the shopper's session; guests see the server's answer). */
export function ProductReviews({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: ['reviews', productId], queryFn: () => reviewList(productId) });
  const form = useForm<ReviewForm>({ resolver: valibotResolver(reviewForm), defaultValues: { title: '', detail: '', nickname: '' } });
  const send = useMutation({
    mutationFn: (values: ReviewForm) => createReview({ product_id: productId, ...values }),
    onSuccess: () => {
      notify({ type: 'success', message: t('reviewSent') });
      form.reset();
      void client.invalidateQueries({ queryKey: ['reviews', productId] });
    },
    onError: (e) => notify({ type: 'error', message: e instanceof Error ? e.message : String(e) }),
  });
  const errors = form.formState.errors;
  // A server-rendered form is sent by the browser itself until hydration gives it its handler.
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
      <form className="review-form" onSubmit={(event) => void form.handleSubmit((values) => send.mutate(values))(event)} noValidate>
        <h3>{t('writeReview')}</h3>
        {(['nickname', 'title', 'detail'] as const).map((name) => (
          <label key={name} className="field">
            <span>{t(name === 'title' ? 'reviewTitle' : name === 'detail' ? 'reviewDetail' : 'reviewNickname')}</span>
            {name === 'detail' ? <textarea rows={4} {...form.register(name)} aria-invalid={!!errors[name]} /> : <input type="text" {...form.register(name)} aria-invalid={!!errors[name]} />}
            {errors[name] && <span className="field-error">{errors[name]?.message}</span>}
          </label>
        ))}
        <button type="submit" className="button" disabled={!hydrated || send.isPending}>
          {t('reviewSend')}
        </button>
      </form>
    </section>
  );
}
