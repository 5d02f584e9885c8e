import { useTranslation } from 'react-i18next';
import { useAccountQuery } from '../use-account-query';
import { formatDate } from '../../../ui/format-date';

interface MyReview {
  id: number;
  product_id: string;
  title: string;
  detail: string;
  review_status: string;
  created_at: string;
}

/** My product reviews: GET /api/user/reviews, with each review's moderation status. */
export function ReviewsBlock() {
  const { t } = useTranslation();
  const reviews = useAccountQuery<{ items: MyReview[]; total_count: number }>('reviews', '/api/user/reviews');
  return (
    <>
      <h2>{t('accountBlockReviews')}</h2>
      {reviews.isPending && <p>{t('accountLoading')}</p>}
      {reviews.isError && <p role="alert">{reviews.error.message || t('accountLoadFailed')}</p>}
      {reviews.data?.items.length === 0 && <p>{t('accountReviewsEmpty')}</p>}
      <ul className="my-reviews">
        {reviews.data?.items.map((r) => (
          <li key={r.id}>
            <h3>{r.title}</h3>
            <p>{r.detail}</p>
            <p className="muted">
              {formatDate(r.created_at)} · {r.review_status}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
