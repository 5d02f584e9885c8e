import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SafeHtml } from '../../ui/safe-html';
import { BANNER_SIZE, bannerImageUrl } from '../../domain/images/image-url';
import { useTitle } from '../../ui/use-title';
import { ProductGrid } from './product-grid';
import { HOME_LISTS, useAccreditations, useBanners, useCmsBlock, useHomeList, useInfoLinks, usePromotedOffers } from './use-home-lists';
import { HOME_LIST_SIZE } from '../../domain/catalog/list-query';
import { FallbackImage } from '../../ui/fallback-image';

/** Home (SPEC §2): banners, promoted offers, the three lists of 8, CMS blocks, accreditations, info links. */
export function HomePage() {
  const { t } = useTranslation();
  useTitle(undefined);
  const bannerQuery = useBanners();
  const banners = bannerQuery.data ?? [];
  const offers = usePromotedOffers().data;
  const heroQuery = useCmsBlock('home-hero');
  const hero = heroQuery.data;
  const promise = useCmsBlock('delivery-promise').data;
  const accreditations = useAccreditations().data ?? [];
  const infoLinks = useInfoLinks().data ?? [];
  return (
    <div className="home">
      <h1 className="visually-hidden">{t('shopName')}</h1>
      <section className="banners" aria-label="Banners">
        {banners.slice(0, 3).map((b, i) => (
          <Link key={String(b.id)} to={String(b.link)} className="banner">
            <FallbackImage src={bannerImageUrl(String(b.image))} alt="" width={BANNER_SIZE[0]} height={BANNER_SIZE[1]} loading={i === 0 ? 'eager' : 'lazy'} />
            <span className="banner-text">
              <strong>{String(b.title)}</strong>
              {typeof b.subtitle === 'string' && <span>{b.subtitle}</span>}
            </span>
          </Link>
        ))}
        {bannerQuery.isPending && <BannerPlaceholder />}
      </section>
      {hero && typeof hero.content === 'string' && <SafeHtml html={hero.content} className="cms-block" />}
      {heroQuery.isPending && <div className="cms-block cms-block-placeholder" aria-hidden="true" />}
      {HOME_LISTS.slice(0, 1).map((list) => (
        <HomeList key={list.key} title={t(list.key)} filters={list.filters} aboveTheFold />
      ))}
      {offers?.smallBanners && (
        <section aria-labelledby="offers-title" className="offers">
          <h2 id="offers-title">{t('promoted')}</h2>
          <ul>
            {offers.smallBanners.map((o) => (
              <li key={o.link}>
                <Link to={o.link}>
                  <strong>{o.title}</strong>
                  {o.subtitle && <span>{o.subtitle}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {HOME_LISTS.slice(1).map((list) => (
        <HomeList key={list.key} title={t(list.key)} filters={list.filters} />
      ))}
      {promise && typeof promise.content === 'string' && <SafeHtml html={promise.content} className="cms-block" />}
      {accreditations.length > 0 && (
        <section aria-labelledby="accreditations-title" className="accreditations">
          <h2 id="accreditations-title">{t('accreditations')}</h2>
          <ul>
            {accreditations.map((a) => (
              <li key={a.name}>
                <Link to={a.link}>{a.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {infoLinks.length > 0 && (
        <nav aria-label={t('infoLinks')} className="info-links">
          {infoLinks.map((l) => (
            <Link key={l.link} to={l.link}>
              {l.title}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}

/** Holds the first banner's place while the banners load, so the lists below do not jump down. */
function BannerPlaceholder() {
  return (
    <div className="banner banner-placeholder" aria-hidden="true">
      <span className="banner-image-placeholder" />
      <span className="banner-text">
        <strong>&nbsp;</strong>
        <span>&nbsp;</span>
      </span>
    </div>
  );
}

/**
 * One of the home lists. Only the first starts above the fold (on a phone, under the banner): the
 * others' pictures load lazily. Eager, the server render preloaded all twelve before the first
 * paint, on a phone's connection beside the style sheet and the first screen's own pictures.
 */
function HomeList({ title, filters, aboveTheFold = false }: { title: string; filters: (typeof HOME_LISTS)[number]['filters']; aboveTheFold?: boolean }) {
  const list = useHomeList(filters);
  const items = list.data ?? [];
  return (
    <section className="home-list" aria-label={title}>
      <h2>{title}</h2>
      <ProductGrid products={items} label={title} expected={list.data ? items.length : HOME_LIST_SIZE} eager={aboveTheFold ? 4 : 0} />
    </section>
  );
}
