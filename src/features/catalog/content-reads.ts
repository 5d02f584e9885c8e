import type { ContentEntity } from '../../../schemas/rx/content.schema';
import { localContent, localContentById } from '../../db/catalog/local-content';
import { activeBanners as bannersToShow } from '../../domain/content/active-banners';
import { isUnanswered, RefusedReplyError } from '../../../replication/api/api-errors';
import { activeBanners, cmsBlockByIdentifier, staticContent, type Doc } from './catalog-api';

/**
 * The home page's content (banners, CMS blocks, static JSON): the server's answer while online, else
 * the device's replica of the same documents, so an offline reload shows the same home page.
 */

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** What the server says for a missing document, so an offline miss looks like an online one. */
const notOnDevice = (entity: ContentEntity) => new RefusedReplyError(404, `No ${entity} saved on this device`);

async function serverElseDevice<T>(server: () => Promise<T>, device: () => Promise<T>): Promise<T> {
  if (!isOffline()) {
    try {
      return await server();
    } catch (error) {
      if (!isUnanswered(error)) throw error;
    }
  }
  return device();
}

export const readBanners = () =>
  serverElseDevice(activeBanners, async () => {
    const docs = await localContent('banner');
    if (!docs) throw notOnDevice('banner');
    return bannersToShow(docs);
  });

/** A block switched off in the CMS is as good as missing (as the server answers it). */
export const readCmsBlock = (identifier: string) =>
  serverElseDevice(
    () => cmsBlockByIdentifier(identifier),
    async (): Promise<Doc> => {
      const doc = (await localContent('cms_block', identifier))?.find((d) => d.active !== false);
      if (!doc) throw notOnDevice('cms_block');
      return doc;
    },
  );

export type StaticContentName = Parameters<typeof staticContent>[0];

export const readStaticContent = <T>(name: StaticContentName) =>
  serverElseDevice(
    () => staticContent<T>(name),
    async () => {
      const doc = await localContentById('static_content', name);
      if (!doc || !('value' in doc)) throw notOnDevice('static_content');
      return doc.value as T;
    },
  );
