import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BRAND } from './src/domain/brand.ts';

/**
 * Writes .br and .gz beside every built script, stylesheet and SVG of 1 KB or more; the server
 * sends them to browsers that accept them (@fastify/static `preCompressed`). Uncompressed, the
 * entry chunk alone is ~330 KB on the wire instead of ~107 KB (Lighthouse's first paint on mobile).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'glowfind:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** index.html's title and description name the brand from src/domain/brand.ts, not a copy of it. */
function brandHead(): Plugin {
  return {
    name: 'glowfind:brand-head',
    transformIndexHtml: (html) =>
      html.replaceAll('%BRAND_NAME%', () => BRAND.name).replaceAll('%BRAND_TAGLINE%', () => BRAND.tagline),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), brandHead(), ...(isSsrBuild ? [] : [precompress()])],
  build: isSsrBuild
    ? {
        // `vite build --ssr`: the server-rendering entry the server imports (ADR 017).
        ssr: 'entry-server.tsx',
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        // scripts/check-budgets.mjs reads the chunk graph from .vite/manifest.json.
        manifest: true,
        // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // Everything the entry imports statically goes into the entry chunk itself, instead of a
            // dozen small shared chunks (each one more request and worse compression on the first load).
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial'] },
                // The provider cards are on the home page's first screen (its first results) and on the
                // landing pages: in the entry, instead of split between those two into chunks of a few
                // hundred bytes that the home page's first load would fetch beside the results.
                { name: 'index', test: /src\/web\/features\/search\/components\/ProviderGrid\.tsx$/ },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
