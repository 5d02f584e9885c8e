import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { textOf } from '../../domain/cart/doc-fields';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { NotFound } from '../../ui/not-found';
import { imageUrl } from '../../domain/images/image-url';
import { SafeHtml } from '../../ui/safe-html';
import { useTitle } from '../../ui/use-title';
import { useBlogPost } from './use-content';
import { formatDate } from '../../ui/format-date';
import { FallbackImage } from '../../ui/fallback-image';

/** /latest-news/{id}/{slug}: one blog post. */
export function BlogPostPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: post, isPending, error } = useBlogPost(id);
  useTitle(post ? String(post.title) : undefined);
  if (isPending) return <p className="loading">{t('loading')}</p>;
  if (error || !post) return <NotFound />;
  return (
    <article className="blog-post">
      <Breadcrumbs trail={[{ name: t('latestNews'), to: '/latest-news' }, { name: String(post.title) }]} />
      <h1>{String(post.title)}</h1>
      <p className="muted">
        {textOf(post.author)} · {typeof post.published_at === 'string' ? formatDate(post.published_at) : ''}
      </p>
      {typeof post.image === 'string' && <FallbackImage src={imageUrl(post.image, 960, 540)} alt="" width={960} height={540} />}
      <SafeHtml html={textOf(post.content)} />
    </article>
  );
}
