import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { SDL_FILE, printCatalogSdl } from './schema-sdl';

// `npm run graphql:sdl`: after a change to the schema, commit the file it writes with the change.
writeFileSync(SDL_FILE, printCatalogSdl());
console.info(`wrote ${relative(process.cwd(), SDL_FILE)}`);
