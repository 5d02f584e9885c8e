import path from 'node:path';
import { loadConfig } from '../config';
import { ensureBuilt, ensureServerBuilt } from './ensure-built';

// Before `npm start` serves (`start.js`): the web app and the server, built when missing or older than their sources.
const root = path.resolve(import.meta.dirname, '../..');
ensureBuilt(root, loadConfig().distDir);
await ensureServerBuilt(root);
