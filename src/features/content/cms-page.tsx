import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { textOf } from '../../domain/cart/doc-fields';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { NotFound } from '../../ui/not-found';
import { OfflineRedirect } from '../offline/offline-redirect';
import { useOnline } from '../../ui/use-online';
import { SafeHtml } from '../../ui/safe-html';
import { useTitle } from '../../ui/use-title';
import { useCmsPage } from './use-content';
import type { Doc } from '../../domain/catalog-query/types';


/** /i/{slug} and the static pages (/about-us, /delivery, ...): a CMS page by its identifier. */
export function CmsPage({ identifier }: { identifier?: string }) {
  const params = useParams();
  const id = identifier ?? params.slug ?? '';
  const { t } = useTranslation();
  const { data, isPending, error } = useCmsPage(id);
  // Offline the server read waits for the connection: the page is not on the device, so go Home.
  const online = useOnline();
  if (!online && !data) return <OfflineRedirect />;
  if (isPending) return <p className="loading">{t('loading')}</p>;
  if (error || !data) return <NotFound />;
  return <CmsView page={data} />;
}

export function CmsView({ page }: { page: Doc }) {
  const title = String(page.title ?? page.identifier);
  useTitle(textOf(page.meta_title, title));
  return (
    <article className="cms-page">
      <Breadcrumbs trail={[{ name: title }]} />
      <h1>{title}</h1>
      <SafeHtml html={textOf(page.content)} />
    </article>
  );
}
