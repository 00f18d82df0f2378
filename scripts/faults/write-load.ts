import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import { type Account, type Attempt, call } from './http';
import { sleep } from './server';

const HOUR = 3_600_000;
/** Openings a provider may have upcoming is 50 (OPENING_LIMITS); the load stays under it. */
const OPENINGS_PER_PROVIDER = 45;

interface OpeningWrite {
  key: string;
  providerId: string;
  ackedId?: string;
}
interface ClickWrite {
  key: string;
  clientId: string;
  providerId: string;
  url: string;
  acked: boolean;
  logged?: boolean;
}

export interface LoadOptions {
  /** Give up on one logical write after this long (the drill reports it as abandoned). */
  retryForMs: number;
  /** Give up on one attempt after this long without an answer (retried like a 503). */
  timeoutMs: number;
  /** Pause between a worker's writes, to keep the load steady rather than flat out. */
  pauseMs: number;
}

/**
 * Steady write traffic from a few concurrent users: clients save/unsave providers and log clicks on
 * openings' booking links, providers post openings. Every logical write is retried (same body, same
 * Idempotency-Key) after a 503, a timeout or a dropped connection until it is acknowledged, as a
 * careful client would; the ledger keeps what was acknowledged, for verify().
 */
export class WriteLoad {
  readonly attempts: (Attempt & { op: string })[] = [];
  readonly openings: OpeningWrite[] = [];
  readonly clicks: ClickWrite[] = [];
  /** client/provider → last acknowledged favourite state. */
  readonly favorites = new Map<string, boolean>();
  abandoned = 0;
  unexpected: string[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private readonly clickable: { providerId: string; url: string }[] = [];

  constructor(
    private readonly baseUrl: () => string,
    private readonly clients: Account[],
    private readonly providers: Account[],
    private readonly options: LoadOptions,
  ) {}

  start(): void {
    this.running = true;
    this.workers = [
      ...this.clients.map((c, i) => this.clientWorker(c, i)),
      ...chunk(this.providers, 2).map((group) => this.providerWorker(group)),
    ];
  }

  /** Stops starting new writes and waits for the ones under way (still retried until acknowledged). */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  get acknowledged(): number {
    return (
      this.openings.filter((o) => o.ackedId).length +
      this.clicks.filter((c) => c.acked).length +
      this.attempts.filter((a) => a.op.startsWith('favorite') && a.status === 200).length
    );
  }

  private async clientWorker(client: Account, index: number): Promise<void> {
    let step = index;
    const clicked = new Set<string>();
    while (this.running) {
      step++;
      const target = this.clickable.find((c) => !clicked.has(c.url));
      if (step % 2 === 0 && target) {
        clicked.add(target.url);
        const write: ClickWrite = { key: randomUUID(), clientId: client.id, ...target, acked: false };
        this.clicks.push(write);
        const res = await this.perform('booking-log', 'POST', '/api/booking-logs', client.token, write.key, {
          provider_id: target.providerId,
          url: target.url,
        });
        if (res) {
          write.acked = true;
          write.logged = res.body.logged;
        }
      } else {
        const provider = this.providers[step % this.providers.length]!;
        const pair = `${client.id}/${provider.id}`;
        const add = !this.favorites.get(pair);
        const res = await this.perform(
          add ? 'favorite-add' : 'favorite-remove',
          add ? 'POST' : 'DELETE',
          '/api/favorites',
          client.token,
          undefined,
          { providerId: provider.id },
        );
        // Abandoned: the outcome is unknown, so the pair is not checked until a later write lands.
        if (res) this.favorites.set(pair, add);
        else this.favorites.delete(pair);
      }
      await sleep(this.options.pauseMs);
    }
  }

  private async providerWorker(group: Account[]): Promise<void> {
    let step = 0;
    const posted = new Map<string, number>();
    while (this.running) {
      const provider = group[step++ % group.length]!;
      if ((posted.get(provider.id) ?? 0) >= OPENINGS_PER_PROVIDER) {
        if (group.every((p) => (posted.get(p.id) ?? 0) >= OPENINGS_PER_PROVIDER)) break;
        continue;
      }
      posted.set(provider.id, (posted.get(provider.id) ?? 0) + 1);
      const write: OpeningWrite = { key: randomUUID(), providerId: provider.id };
      this.openings.push(write);
      const now = Date.now();
      const url = `https://book.faults.test/opening/${write.key}`;
      const res = await this.perform(
        'opening',
        'POST',
        '/api/last-minute-openings',
        provider.token,
        write.key,
        {
          service_type: 'Silk press',
          start_time: new Date(now + 2 * HOUR).toISOString(),
          end_time: new Date(now + 3 * HOUR).toISOString(),
          // The key in the note lets verify() find every row one logical write made.
          note: write.key,
          booking_link_override: url,
        },
      );
      if (res) {
        write.ackedId = res.body.opening.id;
        this.clickable.push({ providerId: provider.id, url });
      }
      await sleep(this.options.pauseMs * 2);
    }
  }

  /** One logical write: retried until 2xx; a 4xx or giving up returns undefined. */
  private async perform(
    op: string,
    method: string,
    path: string,
    token: string,
    key: string | undefined,
    body: unknown,
  ): Promise<Attempt | undefined> {
    const deadline = Date.now() + this.options.retryForMs;
    for (;;) {
      const res = await call(this.baseUrl(), method, path, body, {
        token,
        ...(key ? { idempotencyKey: key } : {}),
        timeoutMs: this.options.timeoutMs,
      });
      this.attempts.push({ ...res, op });
      if (res.status >= 200 && res.status < 300) return res;
      if (res.status >= 400 && res.status < 500) {
        this.unexpected.push(`${op}: ${res.status} ${JSON.stringify(res.body)}`);
        return undefined;
      }
      if (Date.now() > deadline) {
        this.abandoned++;
        return undefined;
      }
      await sleep(200);
    }
  }

  /** Checks the database against the ledger: every acknowledged write there, exactly once. */
  async verify(db: Db): Promise<Verification> {
    const problems: string[] = [];
    let lost = 0;
    let duplicated = 0;
    const providerIds = this.providers.map((p) => p.id);
    const clientIds = this.clients.map((c) => c.id);

    const openingRows = rowsOf<{ id: string; note: string | null }>(
      await db.execute(sql`select id::text, note from openings
        where provider_id in (${sql.join(
          providerIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    const byNote = new Map<string, string[]>();
    for (const r of openingRows) byNote.set(r.note ?? '', [...(byNote.get(r.note ?? '') ?? []), r.id]);
    for (const o of this.openings) {
      const rows = byNote.get(o.key) ?? [];
      if (rows.length > 1) {
        duplicated += rows.length - 1;
        problems.push(`opening ${o.key}: ${rows.length} rows`);
      }
      if (o.ackedId && !rows.includes(o.ackedId)) {
        lost++;
        problems.push(`opening ${o.key} (${o.ackedId}) acknowledged but missing`);
      }
    }

    const clickRows = rowsOf<{ client_id: string; url: string; n: number }>(
      await db.execute(sql`select client_id::text, url, count(*)::int as n from booking_logs
        where client_id in (${sql.join(
          clientIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) group by 1, 2`),
    );
    const clickCount = new Map(clickRows.map((r) => [`${r.client_id} ${r.url}`, r.n]));
    for (const c of this.clicks) {
      const n = clickCount.get(`${c.clientId} ${c.url}`) ?? 0;
      if (n > 1) {
        duplicated += n - 1;
        problems.push(`booking log ${c.key}: ${n} rows`);
      }
      if (c.acked && c.logged && n === 0) {
        lost++;
        problems.push(`booking log ${c.key} acknowledged but missing`);
      }
      if (c.acked && !c.logged) problems.push(`booking log ${c.key} answered logged:false (unique url)`);
    }

    const favRows = rowsOf<{ pair: string }>(
      await db.execute(sql`select user_id::text || '/' || provider_id::text as pair from favorites
        where user_id in (${sql.join(
          clientIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    const present = new Set(favRows.map((r) => r.pair));
    for (const [pair, saved] of this.favorites) {
      if (saved !== present.has(pair)) {
        lost++;
        problems.push(`favourite ${pair}: acknowledged ${saved ? 'saved' : 'removed'}, found the opposite`);
      }
    }
    return {
      lost,
      duplicated,
      problems,
      openings: this.openings.filter((o) => o.ackedId).length,
      clicks: this.clicks.filter((c) => c.acked).length,
      favoriteOps: this.attempts.filter((a) => a.op.startsWith('favorite') && a.status === 200).length,
    };
  }
}

export interface Verification {
  lost: number;
  duplicated: number;
  problems: string[];
  openings: number;
  clicks: number;
  favoriteOps: number;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** 'status → count' of some attempts, e.g. '200×812 503×40 0(ECONNREFUSED)×3'. */
export function statusHistogram(attempts: Attempt[]): string {
  const counts = new Map<string, number>();
  for (const a of attempts) {
    const k = a.status === 0 ? `0(${a.error})` : String(a.status);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
}
