import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The dev server proxies the API and git to the embedded server (npm run dev starts both).
const backend = process.env.FORGE_BACKEND ?? 'http://localhost:3000';

/**
 * Writes `x.br` and `x.gz` beside every text asset of the build, compressed once at the highest
 * levels, so the server sends them as they are (Content-Encoding) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'forge-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After a successful write only, and only this build's own files.
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && /\.(js|mjs|css|svg|json|txt|wasm)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const data = await fs.promises.readFile(file);
          // Below a packet or so compression saves nothing worth a second file.
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            new Promise<Buffer>((resolve, reject) =>
              zlib.brotliCompress(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }, (e, b) => (e ? reject(e) : resolve(b))),
            ),
            new Promise<Buffer>((resolve, reject) => zlib.gzip(data, { level: 9 }, (e, b) => (e ? reject(e) : resolve(b)))),
          ]);
          if (br.length < data.length) await fs.promises.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.promises.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** 'sonner' as the app imports it is src/lib/lazy-sonner.tsx, which loads the real one on the first toast. */
function lazySonner(): Plugin {
  const shim = path.resolve(import.meta.dirname, 'src/lib/lazy-sonner.tsx');
  return {
    name: 'forge-lazy-sonner',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'sonner' && importer && path.resolve(importer) !== shim) return shim;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [lazySonner(), react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': backend, '/avatars': backend },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
