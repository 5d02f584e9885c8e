// `npm start`. Plain JavaScript, so that Node loads no TypeScript here: the web app and the server
// are built first when their sources changed (`prepare-start.ts`, in a process of its own, through
// tsx), then the built server (`build/server/`, see `build-server.ts`) runs in this process, and
// any API processes it forks run the same built code.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const prepared = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./prepare-start.ts', import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit'] });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources
await import('../../build/server/main.js');
