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
              zlib.brotliCompress(
                data,
                { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } },
                (e, b) => (e ? reject(e) : resolve(b)),
              ),
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

/**
 * main.tsx imports the app (and the session code) only once /config.json has answered, so the API
 * base URL is known before the router's first loaders run. Their files are named in index.html as
 * <link rel=modulepreload>, so they download alongside the entry instead of after config.json
 * (issue #22); the module still runs only when main.tsx imports it.
 */
function preloadAppShell(): Plugin {
  const wanted = [/[\\/]src[\\/]app[\\/]app\.tsx$/, /[\\/]src[\\/]features[\\/]auth[\\/]api[\\/]auth-queries\.ts$/];
  return {
    name: 'forge-preload-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (already.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          const c = bundle[fileName];
          if (c?.type === 'chunk') c.imports.forEach(add);
        };
        for (const c of chunks) if (c.facadeModuleId && wanted.some((re) => re.test(c.facadeModuleId!))) add(c.fileName);
        return {
          html,
          tags: [...files].map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
        };
      },
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

// react-router's package exports only its development build (warnings, invariant messages, dev
// checks) for browsers; a build takes its production twin, ~10 KB gzipped less. The dev server
// keeps the development one for its warnings. Both entries point into the same folder, so the app
// and react-router/dom share one copy (one router context).
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs') },
];

const appShell = new RegExp(
  [
    String.raw`[\\/]src[\\/]lib[\\/](api[\\/]|auth-store|config|format|fetch-blob|lazy-sonner|paths|theme|use-document-title)`,
    String.raw`[\\/]src[\\/]components[\\/]ui[\\/](avatar|button|copy-button|error-notice|menu-keys|octicons|relative-time|spinner)\.`,
    String.raw`[\\/]src[\\/]app[\\/](query-client|layout[\\/]route-error|routes[\\/]not-found)\.`,
    String.raw`[\\/]src[\\/]features[\\/](repos|branches|auth|forks)[\\/]api[\\/][\w-]+-queries\.`,
    String.raw`[\\/]src[\\/]features[\\/]repos[\\/]api[\\/]use-star-repo\.`,
  ].join('|'),
);

// The browser's own structuredClone for the Markdown stack (see the module's comment).
const nativeStructuredClone = {
  find: /^@ungap\/structured-clone$/,
  replacement: path.resolve(import.meta.dirname, 'src/features/markdown/lib/native-structured-clone.ts'),
};

export default defineConfig(({ command }) => ({
  plugins: [lazySonner(), react(), tailwindcss(), precompress(), preloadAppShell()],
  resolve: {
    alias: [{ find: '@', replacement: path.resolve(import.meta.dirname, 'src') }, nativeStructuredClone, ...(command === 'build' ? reactRouterProduction : [])],
  },
  server: {
    port: 5173,
    proxy: { '/api': backend, '/avatars': backend },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser the es2022 target allows knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs before its own code: one file compresses better than the
            // dozen shared chunks the automatic split makes of it.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|openapi-fetch)[\\/]/,
              priority: 2,
            },
            // The app's own small modules that every repository page (and the shell around all
            // pages) runs: one file rather than thirty sub-kilobyte ones, each with its own imports.
            { name: 'app-shell', test: appShell, priority: 1 },
          ],
        },
      },
    },
  },
}));
