import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// DIST_DIR lets parallel test runs build into folders of their own (the server reads the same
// variable). The build empties it first, so an empty value (which would mean this folder) or a folder
// holding the project is refused rather than wiping the repository.
const outDir = process.env.DIST_DIR || 'dist';
if (path.relative(path.resolve(outDir), import.meta.dirname).split(path.sep)[0] !== '..') {
  throw new Error(`DIST_DIR=${outDir} holds the project itself; the build empties its output folder, so give it a folder of its own`);
}

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The back-office (admin.html, src/admin/) is a second pass of `npm run build` with ADMIN_BUILD=1, into
// the same folder: as a second input of this build it changed the shop's chunks (its shared modules
// split the shop's entry into four more first-screen requests). Apart, the shop's output is the same
// file for file, and the back-office is one chunk under assets/admin/, which the shop's service-worker
// precache leaves out (sw/admin-caching.ts).
const adminBuild = process.env.ADMIN_BUILD === '1';
const adminOutput = {
  input: path.resolve(import.meta.dirname, 'admin.html'),
  output: { entryFileNames: 'assets/admin/[name]-[hash].js', chunkFileNames: 'assets/admin/[name]-[hash].js', codeSplitting: false },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: !adminBuild,
    target: 'es2022',
    sourcemap: false,
    // One stylesheet, linked from index.html: a server-rendered page must have every style its first
    // screen uses before it paints, and the app's code (and so any per-chunk CSS) arrives after load.
    cssCodeSplit: false,
    // No preload helper around dynamic imports: it adds a <link rel=modulepreload> per chunk the import
    // needs (~35 for the app's first screen), 25-40 ms of one main-thread task on a phone for each lazy
    // start (the app, the local database). The browser fetches a chunk's static imports itself as
    // soon as the chunk is parsed, all at once (the build lists its transitive imports on it).
    modulePreload: false,
    ...(adminBuild ? { rolldownOptions: adminOutput } : {}),
  },
  // The catalogue worker (src/catalog-worker/) is a module worker that loads its parts as chunks.
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/img': { target: api, changeOrigin: false },
      '/pub': { target: api, changeOrigin: false },
      '/graphql': { target: api, changeOrigin: false },
    },
  },
});
