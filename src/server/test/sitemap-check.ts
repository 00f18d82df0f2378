import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import xml from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type BuildOptions, buildApp } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { createTestDatabase, TEST_PUBLIC_URL, TestClock, testConfig } from '#server/test/build-test-app.ts';
import { type SmtpSink, startSmtpSink } from '#server/test/smtp-sink.ts';

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const MAX_URLS = 50_000;
const MAX_BYTES = 50 * 1024 * 1024;
/** W3C datetime as the sitemap protocol takes it (date, or date and time with a zone). */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The real app with sitemap options (buildTestApp has none), on a fresh migrated database. */
export interface SeoTestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  close(): Promise<void>;
}

export async function buildSeoTestApp(
  options: { env?: Record<string, string>; sitemap?: BuildOptions['sitemap']; indexHtml?: string } = {},
): Promise<SeoTestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-seo-'));
  const smtp: SmtpSink = await startSmtpSink();
  const testDb = await createTestDatabase();
  const clock = new TestClock();
  const config = testConfig(dataDir, smtp.url, { env: options.env ?? {} });
  if (options.indexHtml !== undefined) {
    config.webDir = path.join(dataDir, 'web');
    mkdirSync(config.webDir, { recursive: true });
    writeFileSync(path.join(config.webDir, 'index.html'), options.indexHtml);
  }
  const app = await buildApp({
    config,
    database: testDb.database,
    now: clock.now,
    ...(options.sitemap ? { sitemap: options.sitemap } : {}),
  });
  await app.ready();
  return {
    app,
    db: testDb.database.db,
    clock,
    async close() {
      try {
        await app.close();
      } finally {
        await testDb.drop();
        await smtp.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!,
  );

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

/**
 * Checks a sitemap or sitemap index against the protocol's rules (sitemaps.org): well-formed XML
 * (a real parser), the root element in the 0.9 namespace, at most 50,000 entries and 50 MB, every
 * <loc> an absolute URL on PUBLIC_URL, every <lastmod> a W3C datetime. Returns the entries, decoded.
 */
export function checkSitemap(text: string, root: 'urlset' | 'sitemapindex'): SitemapEntry[] {
  expect(xml.validate(text)).toBe(true);
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_BYTES);
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  // The parser trims values: a URL or date with spaces around it would pass it unseen.
  expect(text).not.toMatch(/<(loc|lastmod)>\s|\s<\/(loc|lastmod)>/);
  const doc = xml.parse(text, {
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseNodeValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  expect(Object.keys(doc).filter((k) => !k.startsWith('?'))).toEqual([root]);
  const top = doc[root];
  expect(top['@_xmlns']).toBe(SITEMAP_NS);
  const child = root === 'urlset' ? 'url' : 'sitemap';
  expect(Object.keys(top).filter((k) => !k.startsWith('@_') && k !== child)).toEqual([]);
  const raw = top[child] === undefined ? [] : [top[child]].flat();
  expect(raw.length).toBeLessThanOrEqual(MAX_URLS);
  return raw.map((entry: Record<string, unknown>) => {
    expect(Object.keys(entry).every((k) => k === 'loc' || k === 'lastmod')).toBe(true);
    expect(typeof entry.loc).toBe('string');
    const loc = decode(entry.loc as string);
    expect(loc.startsWith(`${TEST_PUBLIC_URL}/`), loc).toBe(true);
    expect(new URL(loc).origin).toBe(new URL(TEST_PUBLIC_URL).origin);
    if (entry.lastmod === undefined) return { loc };
    const lastmod = entry.lastmod as string;
    expect(lastmod).toMatch(W3C_DATETIME);
    expect(Number.isFinite(Date.parse(lastmod))).toBe(true);
    return { loc, lastmod };
  });
}
