import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrRenderer } from '#domain/ssr.ts';

/**
 * The web app's server-rendering entry from source, for API tests of server-rendered pages (ADR 017):
 * the same module `vite build --ssr` bundles for production, loaded through Vitest's own Vite
 * transform. Loaded by path: server code never imports the web app (docs/style.md 'Boundaries').
 */
export async function webRenderer(): Promise<SsrRenderer> {
  const entry = path.resolve(import.meta.dirname, '../../web/entry-server.tsx');
  return (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as SsrRenderer;
}
