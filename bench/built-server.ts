import path from 'node:path';
import { SERVER_BUILD_DIR, SERVER_BUILD_MAIN } from '../server/cli/build-server';
import { ensureServerBuilt } from '../server/cli/ensure-built';
import { REPO_ROOT } from '../tests/helpers/test-config';

/**
 * The server as `npm start` runs it (`build/server/main.js`, plain Node), built first when its
 * sources changed: start-up figures are of that, not of the TypeScript sources loaded through tsx.
 */
export async function builtServerMain(): Promise<string> {
  await ensureServerBuilt(REPO_ROOT);
  return path.join(REPO_ROOT, SERVER_BUILD_DIR, SERVER_BUILD_MAIN);
}
