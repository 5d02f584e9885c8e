import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ProductListingDocument } from '../../examples/graphql-product-listing';
import { graphqlJs } from './graphql-js';
import { SDL_FILE, printCatalogSdl } from './schema-sdl';

describe('the committed schema of /graphql', () => {
  const committed = readFileSync(SDL_FILE, 'utf8');

  it('is the schema the server builds', () => {
    // toBe rather than toEqual: the failure shows the lines that differ.
    expect(printCatalogSdl(), 'server/graphql/schema.graphql is out of date: run `npm run graphql:sdl` and commit the file with the schema change').toBe(committed);
  });

  it('accepts the client example in examples/, so the example changes with the schema', () => {
    const errors = graphqlJs.validate(graphqlJs.buildSchema(committed), graphqlJs.parse(ProductListingDocument));
    expect(errors.map((error) => error.message)).toEqual([]);
  });
});
