import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BRAND } from './src/domain/brand.ts';
import { PUSH_TEXTS } from './src/domain/push-texts.ts';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

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
      for (const file of filesUnder(outDir)) {
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

/** The page's background in styles.css, light (:root) and dark (.dark): the browser's bar and splash screen. */
function themeColours() {
  const css = readFileSync('src/web/styles.css', 'utf8');
  const bg = (block: string) => {
    const colour = new RegExp(`${block}\\s*\\{[^}]*?--bg:\\s*(#[0-9a-f]{3,8})`, 'i').exec(css)?.[1];
    if (!colour)
      throw new Error(`src/web/styles.css has no --bg in ${block}: update vite.config.ts themeColours`);
    return colour;
  };
  return { light: bg(':root'), dark: bg('\\.dark') };
}

/** The web app manifest (what an installed app is called, opens at and looks like). */
function webManifest(description: string, colours: { light: string }) {
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: BRAND.name,
    short_name: BRAND.name,
    description,
    lang: 'en',
    dir: 'ltr',
    // Which visits came from the installed app.
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    theme_color: colours.light,
    background_color: colours.light,
    categories: ['lifestyle', 'shopping'],
    icons: [
      icon('icon-192.png', 192, 'any'),
      icon('icon-512.png', 512, 'any'),
      icon('maskable-192.png', 192, 'maskable'),
      icon('maskable-512.png', 512, 'maskable'),
    ],
  };
}

/**
 * The installable app's files: /manifest.webmanifest (made here, from the brand and styles.css),
 * public/offline.html with the brand and PUSH_TEXTS written in, public/sw.js with the deployment's
 * version (a hash of every built file): a new deployment is a new worker, which replaces the old one
 * and its caches. index.html gets the theme colours. The dev server serves the same files (the
 * worker is registered only by a production build).
 */
function pwaFiles(): Plugin {
  let outDir = '';
  const colours = themeColours();
  const indexSource = readFileSync('src/web/index.html', 'utf8');
  const description = /<meta name="description" content="([^"]*)"/
    .exec(indexSource)?.[1]
    ?.replaceAll('%BRAND_TAGLINE%', BRAND.tagline);
  if (!description) throw new Error('src/web/index.html has no description: update vite.config.ts pwaFiles');
  const manifest = `${JSON.stringify(webManifest(description, colours), null, 2)}\n`;
  const fill = (text: string, values: Record<string, string>) =>
    Object.entries(values).reduce((out, [key, value]) => {
      if (!out.includes(key)) throw new Error(`${key} is no longer in a PWA file: update vite.config.ts`);
      return out.replaceAll(key, () => value);
    }, text);
  const offlinePage = (html: string) =>
    fill(html, {
      '%BRAND_NAME%': BRAND.name,
      '%OFFLINE_TITLE%': PUSH_TEXTS.offlineTitle,
      '%OFFLINE_BODY%': PUSH_TEXTS.offlineBody,
      '%OFFLINE_RETRY%': PUSH_TEXTS.offlineRetry,
      '%THEME_LIGHT%': colours.light,
      '%THEME_DARK%': colours.dark,
    });
  const worker = (js: string, version: string) =>
    fill(js, { __SW_VERSION__: version, __BRAND_NAME__: BRAND.name });
  const publicFile = (name: string) => readFileSync(path.join('src/web/public', name), 'utf8');
  return {
    name: 'glowfind:pwa-files',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: (html) =>
      fill(html, { '%THEME_LIGHT%': colours.light, '%THEME_DARK%': colours.dark }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const send = (type: string, body: string) => {
          res.setHeader('Content-Type', type);
          res.end(body);
        };
        if (req.url === '/manifest.webmanifest') return send('application/manifest+json', manifest);
        if (req.url === '/offline.html') return send('text/html', offlinePage(publicFile('offline.html')));
        if (req.url === '/sw.js') return send('text/javascript', worker(publicFile('sw.js'), 'dev'));
        next();
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: manifest });
    },
    // After the files are written (the public folder's copied), before they are compressed.
    writeBundle() {
      const offline = path.join(outDir, 'offline.html');
      writeFileSync(offline, offlinePage(readFileSync(offline, 'utf8')));
      const sw = path.join(outDir, 'sw.js');
      const hash = createHash('sha256');
      for (const file of filesUnder(outDir).sort()) {
        if (file === sw) continue;
        hash.update(path.relative(outDir, file)).update(readFileSync(file));
      }
      hash.update(readFileSync(sw));
      writeFileSync(sw, worker(readFileSync(sw, 'utf8'), hash.digest('hex').slice(0, 16)));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), brandHead(), ...(isSsrBuild ? [] : [pwaFiles(), precompress()])],
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
