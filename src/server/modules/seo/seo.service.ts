import { PRIVATE_PAGES } from '#domain/private-pages.ts';
import type { AppContext } from '#server/context.ts';
import { etagOf } from '#server/lib/catalogue-cache.ts';
import * as q from './seo.queries';

/** The sitemap protocol's limit of URLs in one file (sitemaps.org); its other limit is 50 MB. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A landing page the sitemap lists: its path on PUBLIC_URL ('/balayage/austin-tx') and last change. */
export interface PlacePage {
  path: string;
  lastmod: Date;
}

export interface SitemapOptions {
  /** URLs per file (at most SITEMAP_MAX_URLS); tests make it small to test the boundaries. */
  pageSize: number;
  /** Rows per keyset query while a provider file streams. */
  batchSize: number;
  /**
   * The landing pages worth listing (only those that have providers), in a stable order. Places
   * files exist, and the index names them, only when it yields something. Read once per catalogue
   * version to count them, and once per places file.
   */
  placePages?: (() => AsyncIterable<PlacePage>) | undefined;
  /**
   * The landing pages are kept as one list made by `placePages` (a whole-catalogue aggregate: 4–5 s
   * at 100,000 providers, 85–93 s at a million). A list made at an older catalogue version is made
   * again only once it is this old, so the aggregate runs at most once per interval however often
   * the catalogue changes (0: at every new version).
   */
  placesRefreshMs: number;
  /**
   * How long a request waits for a list being made before it is answered from the previous one
   * (the index then names the places files of that list, and the list goes on being made).
   */
  placesWaitMs: number;
}

export const SITEMAP_DEFAULTS: SitemapOptions = {
  pageSize: SITEMAP_MAX_URLS,
  batchSize: 5_000,
  placesRefreshMs: 15 * 60_000,
  placesWaitMs: 2_000,
};

/** The landing pages as one aggregate found them. */
interface PlaceList {
  /** The catalogue version read before the aggregate began: every change it holds is in the list. */
  version: number;
  /** Epoch ms when the list was complete. */
  madeAt: number;
  paths: string[];
  /** Epoch ms of each path's last change. */
  lastmods: number[];
}

/**
 * The public pages every sitemap lists: those the server renders (docs/product.md §2's route table,
 * without the private ones). /availability is drawn in the browser (the server sends the app's shell
 * with its title), so a crawler would find no openings there: it is left out until it is rendered on
 * the server.
 */
export const FIXED_PAGES = ['/', '/help', '/about', '/terms', '/privacy'] as const;

export type SitemapFile =
  | { kind: 'index'; name: 'sitemap.xml' }
  | { kind: 'pages'; name: string }
  | { kind: 'providers' | 'places'; name: string; n: number };

const FILE_NAME = /^(?:(pages)|(providers|places)-([1-9][0-9]{0,6}))\.xml$/;

/** The file a /sitemaps/{name} path names, or null for anything else. */
export function parseSitemapFile(name: string): SitemapFile | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  if (match[1]) return { kind: 'pages', name };
  return { kind: match[2] as 'providers' | 'places', name, n: Number(match[3]) };
}

/** What the sitemaps are as of one catalogue version. */
interface SitemapState {
  version: number;
  seenAt: number;
  providerFiles: number;
  placeFiles: number;
}

/** A sitemap file as of one request: its validators, and its body when it is to be sent. */
export interface SitemapAnswer {
  etag: string;
  /** Epoch ms when this process first read the catalogue version: no change it holds is later. */
  seenAt: number;
  /** Starts the body (never called for a 304 or a HEAD); null when the file has gone meanwhile. */
  body: () => Promise<AsyncGenerator<string> | null>;
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text for an XML element: the five characters with entities are escaped. */
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** An absolute URL on PUBLIC_URL for a path ('/x' or 'x'), percent-encoded where needed and XML-escaped. */
function loc(publicUrl: string, path: string): string {
  return escapeXml(`${publicUrl}${encodeURI(path.startsWith('/') ? path : `/${path}`)}`);
}

const urlEntry = (location: string, lastmod?: string) =>
  `<url><loc>${location}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;

/** W3C datetime in UTC to the second ('2026-11-26T16:55:03Z'). */
export const w3cDatetime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The sitemap index and its files. Provider files are pages of `pageSize` listed
 * providers in routing-slug order: file N starts at the ((N−1)·pageSize)-th slug. The first slug of
 * each file is found by walking the slug index from the previous one and remembered for the
 * catalogue version, and a file that streams to its end remembers the next one, so a crawler
 * reading the files in order never walks the index twice. Bodies are written as keyset batches
 * arrive, never held whole.
 */
export class Sitemaps {
  private readonly options: SitemapOptions;
  /** First slug of each provider file (index 0: file 1), as of `version`. */
  private starts: { version: number; slugs: string[] } = { version: -1, slugs: [''] };
  private places: PlaceList | null = null;
  private makingPlaces: Promise<PlaceList> | null = null;

  constructor(
    private readonly ctx: AppContext,
    options: Partial<SitemapOptions> = {},
  ) {
    this.options = { ...SITEMAP_DEFAULTS, ...options };
    if (!(this.options.pageSize >= 1 && this.options.pageSize <= SITEMAP_MAX_URLS))
      throw new Error(`Sitemap pageSize must be 1 to ${SITEMAP_MAX_URLS}`);
  }

  /**
   * What `file` is as of this request, or null when it does not exist (a providers-N past the last
   * one). Costs the catalogue version and, once per version, a count of the listed providers (and
   * of the landing pages, for the index and the places files only).
   */
  async answer(file: SitemapFile): Promise<SitemapAnswer | null> {
    const { ctx } = this;
    const cached = await ctx.replies.get(
      'sitemap:state',
      async (db) => {
        const counted = await q.countListedProviders(db);
        const value = { ...counted, seenAt: ctx.now().getTime() };
        return { value, reply: value };
      },
      (reply) => JSON.stringify(reply),
    );
    const { version, listed, seenAt } = cached.value;
    const { pageSize } = this.options;
    const providerFiles = Math.ceil(listed / pageSize);
    const places = file.kind === 'index' || file.kind === 'places' ? await this.placesAt(version) : null;
    const placeFiles = places ? Math.ceil(places.paths.length / pageSize) : 0;
    if (file.kind === 'providers' && file.n > providerFiles) return null;
    if (file.kind === 'places' && file.n > placeFiles) return null;
    const state: SitemapState = { version, seenAt, providerFiles, placeFiles };
    return {
      // Strong: the catalogue version decides every byte, with PUBLIC_URL and the page size (and,
      // for the index, which files there are; for a places file, the list it comes from).
      etag: etagOf(
        [
          'sitemap',
          version,
          file.name,
          ctx.config.publicUrl,
          pageSize,
          providerFiles,
          placeFiles,
          places?.version ?? '',
          places?.madeAt ?? '',
        ].join('\u0000'),
      ),
      // A places file is as of its list, however late the catalogue version was first seen.
      seenAt: file.kind === 'places' && places ? places.madeAt : seenAt,
      body: () => this.body(state, file, places),
    };
  }

  /** The body of `file`, written piece by piece; null when it has gone since answer(). */
  private async body(
    state: SitemapState,
    file: SitemapFile,
    places: PlaceList | null,
  ): Promise<AsyncGenerator<string> | null> {
    switch (file.kind) {
      case 'index':
        return this.indexBody(state);
      case 'pages':
        return this.pagesBody();
      case 'providers': {
        // Found before the first byte, so a database error is still an error status.
        const from = await this.startOf(state.version, file.n);
        return from === null ? null : this.providersBody(state.version, from, file.n);
      }
      case 'places':
        return places ? this.placesBody(places, file.n) : null;
    }
  }

  private async *indexBody(state: SitemapState): AsyncGenerator<string> {
    const { publicUrl } = this.ctx.config;
    const names = [
      'pages.xml',
      ...Array.from({ length: state.providerFiles }, (_, i) => `providers-${i + 1}.xml`),
      ...Array.from({ length: state.placeFiles }, (_, i) => `places-${i + 1}.xml`),
    ];
    yield `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n`;
    yield names
      .map((name) => `<sitemap><loc>${loc(publicUrl, `/sitemaps/${name}`)}</loc></sitemap>\n`)
      .join('');
    yield '</sitemapindex>\n';
  }

  private async *pagesBody(): AsyncGenerator<string> {
    const { publicUrl } = this.ctx.config;
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
    yield FIXED_PAGES.map((path) => urlEntry(loc(publicUrl, path))).join('');
    yield '</urlset>\n';
  }

  private async *providersBody(version: number, from: string, n: number): AsyncGenerator<string> {
    const { ctx } = this;
    const { pageSize, batchSize } = this.options;
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
    let start: { from: string } | { after: string } = { from };
    let left = pageSize;
    while (left > 0) {
      // One row more on the last batch: the first slug of the next file, remembered below.
      const limit = Math.min(batchSize, left) + (left <= batchSize ? 1 : 0);
      const rows = await ctx.replies.gated(() => q.findListedProvidersBatch(ctx.db, start, limit));
      const page = rows.slice(0, left);
      yield page.map((row) => urlEntry(loc(ctx.config.publicUrl, row.slug), row.lastmod)).join('');
      left -= page.length;
      if (rows.length < limit) break;
      if (left === 0) {
        this.remember(version, n, rows[rows.length - 1]!.slug);
        break;
      }
      start = { after: page[page.length - 1]!.slug };
    }
    yield '</urlset>\n';
  }

  private async *placesBody(places: PlaceList, n: number): AsyncGenerator<string> {
    const { publicUrl } = this.ctx.config;
    const { pageSize } = this.options;
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
    const end = Math.min(n * pageSize, places.paths.length);
    let chunk = '';
    for (let i = (n - 1) * pageSize; i < end; i++) {
      chunk += urlEntry(loc(publicUrl, places.paths[i]!), w3cDatetime(new Date(places.lastmods[i]!)));
      if (chunk.length >= 256 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}</urlset>\n`;
  }

  /**
   * The first slug of provider file `n` at `version`, or null when there are fewer providers now.
   * Missing starts are found from the last known one, a page at a time (one index walk each).
   */
  private async startOf(version: number, n: number): Promise<string | null> {
    const { ctx } = this;
    if (this.starts.version !== version) this.starts = { version, slugs: [''] };
    const slugs = [...this.starts.slugs];
    let sameVersion = true;
    while (slugs.length < n) {
      const found = await ctx.replies.gated(() =>
        q.findSlugAfter(ctx.db, slugs[slugs.length - 1]!, this.options.pageSize),
      );
      if (found.slug === null) return null;
      sameVersion &&= found.version === version;
      slugs.push(found.slug);
    }
    // Only starts read at the version they are kept under: a write in between changes the version.
    if (sameVersion && this.starts.version === version && slugs.length > this.starts.slugs.length)
      this.starts = { version, slugs };
    return slugs[n - 1]!;
  }

  /** After file `n` streamed whole: the next file starts at `next` (kept if nothing has changed). */
  private remember(version: number, n: number, next: string) {
    if (this.starts.version === version && this.starts.slugs.length === n) this.starts.slugs.push(next);
  }

  /**
   * The landing-page list to answer from as of `version`: the kept one while it is of this version
   * or younger than `placesRefreshMs`; else a new one, waited for at most `placesWaitMs` before the
   * kept one is used (null: none made yet, so no places files for now). One is made at a time.
   */
  private async placesAt(version: number): Promise<PlaceList | null> {
    const source = this.options.placePages;
    if (!source) return null;
    const kept = this.places;
    const now = this.ctx.now().getTime();
    if (kept && (kept.version >= version || now - kept.madeAt < this.options.placesRefreshMs)) return kept;
    if (!this.makingPlaces) {
      const making = this.makePlaces(source, version);
      this.makingPlaces = making;
      void making
        .then(
          (list) => {
            if (!this.places || list.version >= this.places.version) this.places = list;
          },
          // A failed list is not kept: the next request tries again.
          (error: unknown) => this.ctx.log.error({ err: error }, 'sitemap: listing the landing pages failed'),
        )
        .finally(() => {
          if (this.makingPlaces === making) this.makingPlaces = null;
        });
    }
    const making = this.makingPlaces;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.options.placesWaitMs);
    });
    try {
      const made = await Promise.race([making, waited]);
      return made ?? this.places;
    } catch (error) {
      // The list could not be made: the kept one if any, else the error.
      if (this.places) return this.places;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async makePlaces(source: () => AsyncIterable<PlacePage>, version: number): Promise<PlaceList> {
    const paths: string[] = [];
    const lastmods: number[] = [];
    for await (const page of source()) {
      paths.push(page.path);
      lastmods.push(page.lastmod.getTime());
    }
    return { version, madeAt: this.ctx.now().getTime(), paths, lastmods };
  }
}

/**
 * /robots.txt (RFC 9309). The private pages (#domain/private-pages.ts) are disallowed by exact path
 * and as folders ('$' ends a rule), so a provider whose slug begins like one ('/adminah-hair') stays
 * crawlable; `/*?` keeps crawlers off search results and every other URL with a query string. Behind
 * the beta gate nothing may be crawled and no sitemap is named.
 */
export function robotsTxt(publicUrl: string, betaGate: boolean): string {
  if (betaGate) return 'User-agent: *\nDisallow: /\n';
  const privatePages = PRIVATE_PAGES.flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}/`]);
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePages,
    'Disallow: /api/',
    'Disallow: /*?',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
