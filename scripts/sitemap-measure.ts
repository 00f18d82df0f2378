// `node --import tsx scripts/sitemap-measure.ts [--database-url URL]`
//
// The sitemap at a million providers. Starts the real server (production mode, as
// `npm run bench` does) on an existing, seeded PostgreSQL database — it only reads it — and fetches
// the sitemap index and every file it names, timing each (first byte and whole body), counting
// URLs and bytes, and reading the server's peak resident memory (VmHWM in /proc/<pid>/status).
// Two passes, each on a freshly started server: a crawler's order (the index, then the files one
// after the other), then the last provider file first (its start found by walking the slug index
// from the beginning). Prints a markdown table for docs/performance.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startAppServer, stopProcess } from './bench/processes';

const { values } = parseArgs({
  options: {
    'database-url': {
      type: 'string',
      default: 'postgres://app_test:app_test@127.0.0.1:5432/bench_60a0acb38ecd0205',
    },
  },
});
const databaseUrl = values['database-url']!;

interface Fetched {
  name: string;
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  urls: number;
}

/** KiB from a /proc/<pid>/status line ('VmHWM:   123456 kB'). */
function procStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN);
}

async function fetchTimed(base: string, name: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${base}/${name}`, { headers });
  const firstByteMs = performance.now() - started;
  let bytes = 0;
  let urls = 0;
  let tail = '';
  const decoder = new TextDecoder();
  const reader = res.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    const chunk = read.value;
    bytes += chunk.byteLength;
    // Count <loc> across chunk borders: keep the last few characters of each.
    const text = tail + decoder.decode(chunk, { stream: true });
    urls += text.split('<loc>').length - 1;
    tail = text.slice(-4);
  }
  const fetched: Fetched = {
    name,
    status: res.status,
    firstByteMs,
    totalMs: performance.now() - started,
    bytes,
    urls,
  };
  return { fetched, etag: res.headers.get('etag'), names: [] as string[] };
}

async function indexNames(base: string): Promise<string[]> {
  const text = await (await fetch(`${base}/sitemap.xml`)).text();
  return [...text.matchAll(/<loc>[^<]*\/(sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
}

async function withServer<T>(work: (base: string, pid: number) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'glowfind-sitemap-'));
  const { child, base } = await startAppServer({ dataDir, databaseUrl });
  try {
    return await work(base, child.pid!);
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => v.toFixed(0);
const mib = (kib: number) => (kib / 1024).toFixed(0);

async function main() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM users WHERE user_type = 'provider') AS providers,
       (SELECT count(*) FROM users WHERE listed) AS listed, version() AS server`,
  );
  await client.end();
  const { providers, listed, server } = rows[0] as { providers: string; listed: string; server: string };
  const cpus = os.cpus();
  console.log(
    `# ${Number(providers).toLocaleString('en-US')} providers, ${Number(listed).toLocaleString('en-US')} listed; ` +
      `${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}, ${server.split(',')[0]}`,
  );

  // Pass 1: a crawler's order.
  const crawl = await withServer(async (base, pid) => {
    const idleKiB = procStatus(pid, 'VmRSS');
    const fetched: Fetched[] = [];
    const index = await fetchTimed(base, 'sitemap.xml');
    fetched.push(index.fetched);
    // The landing-page list is made in the background (ADR 018): the index names the places files
    // once it is. Asked every 2 s, as a crawler's retry would.
    const listStarted = performance.now();
    let names = await indexNames(base);
    while (!names.some((n) => n.includes('places-')) && performance.now() - listStarted < 15 * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      names = await indexNames(base);
    }
    const placesListMs = performance.now() - listStarted;
    const placesListPeakKiB = procStatus(pid, 'VmHWM');
    const started = performance.now();
    for (const name of names) {
      const one = await fetchTimed(base, name);
      fetched.push(one.fetched);
      console.error(`${name}: ${one.fetched.status} ${ms(one.fetched.totalMs)} ms, ${one.fetched.urls} URLs`);
    }
    const filesMs = performance.now() - started;
    // The index as it is now (the first one named no places files), then its repeat.
    const latest = await fetchTimed(base, 'sitemap.xml');
    const repeat = await fetchTimed(base, 'sitemap.xml', { 'if-none-match': latest.etag ?? '' });
    const last = names.filter((n) => n.includes('providers-')).at(-1)!;
    const lastEtag = (await fetch(`${base}/${last}`, { method: 'HEAD' })).headers.get('etag') ?? '';
    const repeatFile = await fetchTimed(base, last, { 'if-none-match': lastEtag });
    const peakKiB = procStatus(pid, 'VmHWM');
    // Once more: a peak that keeps growing would be memory kept from one file to the next.
    for (const name of names) await fetchTimed(base, name);
    return {
      fetched,
      filesMs,
      placesListMs,
      placesListPeakKiB,
      secondPeakKiB: procStatus(pid, 'VmHWM'),
      repeat: repeat.fetched,
      repeatFile: repeatFile.fetched,
      idleKiB,
      peakKiB,
    };
  });

  // Pass 2: the last provider file first, on a fresh server (nothing remembered).
  const jump = await withServer(async (base, pid) => {
    const names = await indexNames(base);
    const last = names.filter((n) => n.includes('providers-')).at(-1)!;
    const one = await fetchTimed(base, last);
    const head = await fetchTimed(base, names.filter((n) => n.includes('providers-'))[0]!);
    return { last: one.fetched, first: head.fetched, peakKiB: procStatus(pid, 'VmHWM') };
  });

  const files = crawl.fetched.filter((f) => f.name.startsWith('sitemaps/providers-'));
  const urls = files.reduce((sum, f) => sum + f.urls, 0);
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const slowest = files.reduce((a, b) => (b.totalMs > a.totalMs ? b : a));
  const times = files.map((f) => f.totalMs).sort((a, b) => a - b);
  console.log('\n| file | status | first byte (ms) | whole (ms) | URLs | bytes |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const f of crawl.fetched)
    console.log(
      `| ${f.name} | ${f.status} | ${ms(f.firstByteMs)} | ${ms(f.totalMs)} | ${f.urls.toLocaleString('en-US')} | ${f.bytes.toLocaleString('en-US')} |`,
    );
  console.log(
    `\nCrawl: ${files.length} provider files, ${urls.toLocaleString('en-US')} URLs (listed: ${Number(listed).toLocaleString('en-US')}), ` +
      `${(bytes / 2 ** 20).toFixed(1)} MiB; all files in ${(crawl.filesMs / 1000).toFixed(1)} s; per provider file median ${ms(times[Math.floor(times.length / 2)]!)} ms, ` +
      `slowest ${ms(slowest.totalMs)} ms (${slowest.name}).`,
  );
  const placeFiles = crawl.fetched.filter((f) => f.name.startsWith('sitemaps/places-'));
  console.log(
    `Landing pages: ${placeFiles.reduce((sum, f) => sum + f.urls, 0).toLocaleString('en-US')} URLs in ${placeFiles.length} places files ` +
      `(${placeFiles.map((f) => `${ms(f.totalMs)} ms`).join(', ')}); their list was made ${(crawl.placesListMs / 1000).toFixed(1)} s after the ` +
      `first index (${ms(crawl.fetched[0]!.totalMs)} ms, without them), peak ${mib(crawl.placesListPeakKiB)} MiB by then.`,
  );
  console.log(
    `Repeat of the index with If-None-Match: ${crawl.repeat.status} in ${ms(crawl.repeat.totalMs)} ms; ` +
      `of the last provider file: ${crawl.repeatFile.status} in ${ms(crawl.repeatFile.totalMs)} ms.`,
  );
  console.log(
    `Server memory: ${mib(crawl.idleKiB)} MiB resident after start, peak (VmHWM) ${mib(crawl.peakKiB)} MiB over the crawl, ${mib(crawl.secondPeakKiB)} MiB after a second crawl.`,
  );
  console.log(
    `Fresh server, last file first: ${jump.last.name} ${jump.last.status} in ${ms(jump.last.totalMs)} ms ` +
      `(first byte ${ms(jump.last.firstByteMs)} ms), then providers-1 in ${ms(jump.first.totalMs)} ms; peak ${mib(jump.peakKiB)} MiB.`,
  );
}

await main();
