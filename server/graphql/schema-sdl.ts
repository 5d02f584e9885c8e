import { fileURLToPath } from 'node:url';
import { CATALOG_SDL } from './catalog-schema';
import { graphqlJs } from './graphql-js';

/**
 * The committed schema of `/graphql` (what GET /graphql/schema.graphql serves), so a change to the
 * API shows in review as a change to this file. `npm run graphql:sdl` writes it.
 */
export const SDL_FILE = fileURLToPath(new URL('./schema.graphql', import.meta.url));

/** The schema as graphql-js prints it: the server prints its live schema the same way. */
export const printCatalogSdl = (): string => `${graphqlJs.printSchema(graphqlJs.buildSchema(CATALOG_SDL))}\n`;
