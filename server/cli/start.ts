import path from 'node:path';
import { loadConfig } from '../config';
import { ensureBuilt } from './ensure-built';

// `npm start`: build the app when needed, then one process serves it and /api.
const config = loadConfig();
ensureBuilt(path.resolve(import.meta.dirname, '../..'), config.distDir);
await import('../main');
