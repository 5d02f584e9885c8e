import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../ui/safe-html';
import type { Doc } from '../../domain/cart/doc-fields';

/** Description, specifications, technical data, downloads and video, each shown when the product has it. */
export function ProductDetails({ product }: { product: Doc }) {
  const { t } = useTranslation();
  const specs = Array.isArray(product.specifications) ? (product.specifications as { label: string; value: string }[]) : [];
  const downloads = Array.isArray(product.downloads) ? (product.downloads as { title: string; url: string }[]) : [];
  const video = product.video as { url: string; title: string } | null | undefined;
  return (
    <div className="details">
      {typeof product.description === 'string' && product.description !== '' && (
        <section aria-labelledby="d-description">
          <h2 id="d-description">{t('description')}</h2>
          <SafeHtml html={product.description} className="description" />
        </section>
      )}
      {specs.length > 0 && (
        <section aria-labelledby="d-specs">
          <h2 id="d-specs">{t('specifications')}</h2>
          <table className="spec-table">
            <tbody>
              {specs.map((s) => (
                <tr key={s.label}>
                  <th scope="row">{s.label}</th>
                  <td>{s.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {typeof product.technical === 'string' && product.technical !== '' && (
        <section aria-labelledby="d-technical">
          <h2 id="d-technical">{t('technical')}</h2>
          <p>{product.technical}</p>
        </section>
      )}
      {downloads.length > 0 && (
        <section aria-labelledby="d-downloads">
          <h2 id="d-downloads">{t('downloads')}</h2>
          <ul>
            {downloads.map((d) => (
              <li key={d.url}>
                <a href={d.url} download>
                  {d.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {video && (
        <section aria-labelledby="d-video">
          <h2 id="d-video">{t('video')}</h2>
          <a href={video.url} target="_blank" rel="noopener noreferrer">
            {video.title}
          </a>
        </section>
      )}
    </div>
  );
}
