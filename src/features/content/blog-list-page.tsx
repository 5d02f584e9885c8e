import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textOf } from '../../domain/cart/doc-fields';
import { imageUrl } from '../../domain/images/image-url';
import { useTitle } from '../../ui/use-title';
import { blogPostUrl } from '../../domain/content/blog-url';
import { useBlogList } from './use-content';
import { formatDate } from '../../ui/format-date';
import { FallbackImage } from '../../ui/fallback-image';


/** /latest-news: the blog list. */
export function BlogListPage() {
  const { t } = useTranslation();
  useTitle(t('latestNews'));
  const { data, isPending } = useBlogList();
  return (
    <section className="blog">
      <h1>{t('latestNews')}</h1>
      {isPending && <p className="loading">{t('loading')}</p>}
      <ul className="blog-list">
        {data?.items.map((post) => (
          <li key={String(post.id)}>
            <article className="blog-card">
              {typeof post.image === 'string' && <FallbackImage src={imageUrl(post.image, 480, 270)} alt="" width={480} height={270} loading="lazy" />}
              <h2>
                <Link to={blogPostUrl(post)}>{String(post.title)}</Link>
              </h2>
              <p className="muted">
                {textOf(post.author)} · {typeof post.published_at === 'string' ? formatDate(post.published_at) : ''}
              </p>
              {typeof post.short_content === 'string' && <p>{post.short_content}</p>}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
