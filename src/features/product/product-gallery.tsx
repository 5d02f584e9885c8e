import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductImage } from '../../ui/product-image';
import type { Doc } from '../../domain/cart/doc-fields';

/** The gallery (600x744): the chosen child's image first, then the media gallery; thumbnails switch it. */
export function ProductGallery({ product, child }: { product: Doc; child?: Doc | undefined }) {
  const { t } = useTranslation();
  const gallery = Array.isArray(product.media_gallery) ? (product.media_gallery as Doc[]).filter((m) => m.typ !== 'video').map((m) => String(m.image)) : [];
  const first = typeof child?.image === 'string' ? child.image : typeof product.image === 'string' ? product.image : undefined;
  const images = [...new Set([...(first ? [first] : []), ...gallery])];
  const [index, setIndex] = useState(0);
  const shown = images[Math.min(index, images.length - 1)];
  return (
    <section className="gallery" aria-label={t('gallery')}>
      <ProductImage path={shown} size="gallery" alt={String(product.name)} eager className="gallery-main" />
      {images.length > 1 && (
        <ul className="gallery-thumbs">
          {images.map((image, i) => (
            <li key={image}>
              <button type="button" aria-label={`${t('gallery')} ${i + 1}`} aria-pressed={i === index} onClick={() => setIndex(i)}>
                <ProductImage path={image} size="cart" alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
