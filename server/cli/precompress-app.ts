import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESS_THRESHOLD } from '../catalog/reply-cache';

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the built app, for the
 * server to send as they are (`preCompressed` in `server/http/static-app.ts`). Compressed once here
 * at the strongest settings, the files are smaller than the server's on-the-fly compression makes
 * them (Brotli 11 against 4), and a request costs the server a file read instead of compressing the
 * script again for every visitor: the service worker's install alone fetches every route chunk.
 */

/** Files worth compressing: text. Pictures and fonts are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const COMPRESSED_COPY = /\.(?:br|gz)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Compresses every text file under `distDir`; copies left from an earlier build whose file is gone are removed. */
export async function precompressApp(distDir: string): Promise<PrecompressSummary> {
  const all = await filesUnder(distDir);
  const present = new Set(all);
  const stale = all.filter((file) => COMPRESSED_COPY.test(file) && !present.has(file.replace(COMPRESSED_COPY, '')));
  await Promise.all(stale.map((file) => rm(file, { force: true })));
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const texts = all.filter((file) => TEXT_FILE.test(file));
  await Promise.all(
    texts.map(async (file) => {
      const body = await readFile(file);
      // Below the server's own threshold a compressed copy saves less than it costs.
      if (body.length < COMPRESS_THRESHOLD) return;
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      summary.files += 1;
      summary.bytes += body.length;
      summary.brotliBytes += br.length;
      summary.gzipBytes += gz.length;
    }),
  );
  return summary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = path.resolve(process.env.DIST_DIR || 'dist');
  const started = Date.now();
  const s = await precompressApp(distDir);
  const kB = (n: number) => Math.round(n / 1024);
  console.log(`precompressed ${s.files} files (${kB(s.bytes)} kB): Brotli ${kB(s.brotliBytes)} kB, gzip ${kB(s.gzipBytes)} kB, in ${Date.now() - started} ms`);
}
