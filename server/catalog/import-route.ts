import type { FastifyInstance } from 'fastify';
import { parseCatalogImport } from '../../schemas/catalog/catalog-import';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { ownerOnly } from '../http/owner-only';
import { importCatalog, type ImportSource } from './import-catalog';

const URL = '/api/catalog/import';
const ADMIN_TOKEN_REQUIRED = "The catalogue import needs the shop owner's admin token";
const IMPORT_BODY_LIMIT = 200 * 1024 * 1024;

/** A text/csv body as the parser hands it on: a class, so no JSON body can pass for one. */
class CsvBody {
  constructor(readonly text: string) {}
}

function importSource(body: unknown): ImportSource {
  if (body instanceof CsvBody) return { kind: 'csv', text: body.text };
  const parsed = parseCatalogImport(body);
  if (!parsed.ok) throw new ApiError(400, parsed.message);
  return { kind: 'json', sections: parsed.value };
}

/**
 * POST /api/catalog/import: a catalogue file in the API's JSON shape, or a CSV of products
 * (`Content-Type: text/csv`), upserted in one transaction; the reply counts what was created and
 * updated per entity.
 */
export function registerCatalogImportRoute(app: FastifyInstance, ctx: AppContext): void {
  // The import may send 200 MB: a caller without the owner's token is refused before any of it is read.
  ownerOnly(app, ctx, URL, ADMIN_TOKEN_REQUIRED, () => 'catalog:import');

  // In a scope of its own, so no other route takes a text/csv body.
  void app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, text, done) => done(null, new CsvBody(String(text))));
    defineRoute(scope, ctx, {
      method: 'POST',
      url: URL,
      summary:
        'Upsert products, categories, attributes and content in the API shape, or products from a CSV file (Content-Type: text/csv; columns sku, name, price, ' +
        'special_price, qty, category, description, short_description, ean and attribute codes). Products without an id are matched by SKU. ' +
        'Shop owner only: an admin token',
      tags: ['catalog', 'admin'],
      auth: 'admin',
      bodyLimit: IMPORT_BODY_LIMIT,
      result: {
        type: 'object',
        properties: {
          imported: { type: 'object', description: 'per entity: {created, updated}', additionalProperties: { type: 'object', properties: { created: { type: 'integer' }, updated: { type: 'integer' } } } },
          seq: { type: 'integer' },
        },
      },
      handler: async ({ request }) => {
        const imported = await importCatalog(ctx.db, importSource(request.body));
        await ctx.catalog.refresh();
        return { imported, seq: ctx.catalog.seq };
      },
    });
  });
}
