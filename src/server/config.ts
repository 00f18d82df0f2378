import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { BRAND } from '#domain/brand.ts';
import { MAP_TEXTS } from '#domain/map-texts.ts';
import { defaultPoolSize } from './db/pool-size';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

/** What TRUST_PROXY may name besides addresses: proxy-addr's reserved ranges (Fastify's trustProxy). */
const TRUST_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One proxy in TRUST_PROXY: an IPv4/IPv6 address, a CIDR block, or one of the named ranges. */
function isProxyAddress(item: string): boolean {
  if (TRUST_PROXY_RANGES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, the socket's address is the client (nothing in X-Forwarded-For is believed);
 * a number, that many hops in front of the server are trusted; otherwise the proxies' addresses.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{1,2}$/.test(v) || v.split(',').every((item) => isProxyAddress(item.trim())),
    'must be a hop count or a comma-separated list of addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8)',
  )
  .transform((v): TrustProxy => {
    if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
    return v.split(',').map((item) => item.trim());
  });

/** A postgres:// (or postgresql://) URL with a host, as node-postgres takes it. */
function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** A host name of at least two labels (letters, digits, hyphens), as a reply address's domain. */
const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** The domain of an address such as `Glowfind <no-reply@glowfind.example>`, lower-cased; undefined without one. */
function addressDomain(address: string): string | undefined {
  const match = /@([^\s<>@]+?)>?\s*$/.exec(address.trim());
  const domain = match?.[1]?.toLowerCase();
  return domain && DOMAIN_NAME.test(domain) ? domain : undefined;
}

/** A tile template: http(s), a host (a `{s}` subdomain allowed), then a path. */
const MAP_TILE_TEMPLATE = /^https?:\/\/(\{s\}\.)?[a-z0-9.-]+(:\d{1,5})?\/\S*$/i;

/**
 * The origin the map's tiles come from, for the CSP's img-src: `https://{s}.tile.example.org/...` is
 * `https://*.tile.example.org`.
 */
export function mapTileOrigin(template: string): string {
  const match = /^(https?:\/\/[^/]+)/i.exec(template);
  return (match?.[1] ?? '').replace('{s}', '*').toLowerCase();
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Blank means unset here too: z.coerce would turn '' into port 0 (a random port).
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://')),
  /** Read replicas for the public replies: comma-separated postgres:// URLs (db/replicas.ts). */
  DATABASE_REPLICA_URLS: optional(
    z
      .string()
      .refine(
        (v) => v.split(',').every((url) => isPostgresUrl(url.trim())),
        'must be a comma-separated list of postgres:// URLs',
      ),
  ),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: optional(z.string()),
  SUPPORT_EMAIL: optional(z.email()),
  SUPPORT_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  INSTAGRAM_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  MAP_TILE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(MAP_TILE_TEMPLATE, 'must be an http(s) tile URL with {z}, {x} and {y}')
      .refine((v) => ['{z}', '{x}', '{y}'].every((part) => v.includes(part)), 'must contain {z}, {x} and {y}')
      .default(MAP_TEXTS.defaultTileUrl),
  ),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.url()),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_PUBLIC_URL: optional(z.url()),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_EMAILS: optional(
    z
      .string()
      .refine(
        (v) => v.split(',').every((e) => z.email().safeParse(e.trim()).success),
        'must be a comma-separated list of emails',
      ),
  ),
  ADMIN_PASSWORD: optional(z.string()),
  BETA_PASSWORD: optional(z.string()),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  ALERT_GROUPING_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Mail worker timings (fault drills shorten them; the defaults suit production). */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** PostgreSQL: a query unanswered for this long fails with 503 (0 = no limit). Migrations are exempt. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** PostgreSQL: each server process's request pool (unset: about two connections per core in all, db/pool-size.ts). */
  DATABASE_POOL_SIZE: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).optional()),
  /** Server processes (node:cluster); more than one needs PostgreSQL (DATABASE_URL). */
  WEB_CONCURRENCY: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must start with redis://')),
  /** A rate-limit store (Redis) command unanswered for this long fails and the limit lets the request through. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  TRUST_PROXY: z.preprocess(blankToUndefined, TrustProxySchema.optional()),
  /** Replies by email: the inbound SMTP server's port (unset: off; 0: any free port, for tests). */
  INBOUND_SMTP_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  INBOUND_SMTP_HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  /** The domain of the reply addresses (reply+…@REPLY_DOMAIN); unset: MAIL_FROM's. */
  REPLY_DOMAIN: optional(
    z.string().trim().toLowerCase().regex(DOMAIN_NAME, 'must be a domain name (e.g. reply.glowfind.example)'),
  ),
  /** Web Push (RFC 8292): the server's VAPID key pair, base64url; unset, generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key')),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key'),
  ),
  /** Who push services may contact about our pushes: a mailto: or https: URL (unset: SUPPORT_EMAIL, else MAIL_FROM's address). */
  VAPID_SUBJECT: optional(
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL'),
  ),
  /** Tests and local development: also take push endpoints at http://127.0.0.1. */
  PUSH_ALLOW_HTTP_LOOPBACK: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Browser tests only (NODE_ENV=test): a file holding milliseconds added to the server's clock. */
  TEST_CLOCK_FILE: optional(z.string()),
});

/**
 * Which peers' X-Forwarded-For is believed: false (none: the socket address is the client), a hop
 * count, or the proxies' addresses and CIDR blocks.
 */
export type TrustProxy = false | number | string[];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_REPLICA_URLS: PostgreSQL read replicas for the public replies; empty: all on the primary. */
  databaseReplicaUrls: string[];
  /** PostgreSQL only: the server's per-query limit in ms (0: none), see db/client.ts. */
  databaseQueryTimeoutMs: number;
  /** PostgreSQL only: each process's request pool (DATABASE_POOL_SIZE, or defaultPoolSize for WEB_CONCURRENCY). */
  databasePoolSize: number;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string | undefined;
  /** The external payment page behind 'Support Our Mission' (about page); hidden when unset. */
  supportUrl: string | undefined;
  /** INSTAGRAM_URL: the footer's 'Follow us on Instagram' link; hidden when unset. */
  instagramUrl: string | undefined;
  /** MAP_TILE_URL: the results map's tiles ({z}/{x}/{y}, optionally {s}); OpenStreetMap's by default. */
  mapTileUrl: string;
  authSecret: string;
  adminEmails: string[];
  adminPassword: string | undefined;
  betaPassword: string | undefined;
  rateLimit: boolean;
  /** WEB_CONCURRENCY: server processes; above 1, main.ts forks that many workers (PostgreSQL only). */
  webConcurrency: number;
  redisUrl: string | undefined;
  redisCommandTimeoutMs: number;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (every per-IP limit reads it). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Where the built web app lives; the API serves it when present. */
  webDir: string;
  /** Mail worker timings; tests shorten them. */
  mail: { pollMs: number; retryBaseMs: number; maxAttempts: number };
  /** How long after a provider's first new opening the alert goes out (openings posted together share it). */
  alertGroupingMs: number;
  /** S3-compatible image storage; undefined keeps images on disk under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Replies by email (INBOUND_SMTP_PORT, INBOUND_SMTP_HOST): undefined when no inbound SMTP server runs. */
  inboundSmtp: { port: number; host: string } | undefined;
  /** REPLY_DOMAIN: the domain of the reply addresses (reply+<token>@replyDomain). */
  replyDomain: string;
  /** NODE_ENV=test only: the clock runs this file's milliseconds ahead (browser tests move time). */
  testClockFile: string | undefined;
  /** Web Push: the VAPID keys and subject, and whether http://127.0.0.1 endpoints are taken. */
  push: PushConfig;
}

export interface PushConfig {
  /** base64url, the uncompressed P-256 point the browsers subscribe with (applicationServerKey). */
  publicKey: string;
  /** base64url, the 32-byte private scalar. */
  privateKey: string;
  /** mailto: or https: (RFC 8292 'sub'). */
  subject: string;
  allowHttpLoopback: boolean;
}

export interface S3Config {
  bucket: string;
  /** A non-AWS endpoint (MinIO, R2, s3rver…); addressed path-style. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers fetch objects (a CDN or public bucket URL), without a trailing slash. */
  publicUrl: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a one-line ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration: AUTH_SECRET is required when NODE_ENV=production');
  }
  if (e.TEST_CLOCK_FILE && e.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration: TEST_CLOCK_FILE is only allowed when NODE_ENV=test');
  }
  // PGlite lives inside one process (and DATA_DIR's lock says so): a second process cannot open it.
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY=${e.WEB_CONCURRENCY} needs DATABASE_URL: the embedded database runs in one process`,
    );
  }
  // A replica follows a PostgreSQL primary; the embedded database has none.
  if (e.DATABASE_REPLICA_URLS && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (the primary)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (e.S3_BUCKET && !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  const mailFrom = e.MAIL_FROM ?? `${BRAND.name} <no-reply@${new URL(publicUrl).hostname}>`;
  const replyDomain = e.REPLY_DOMAIN ?? addressDomain(mailFrom) ?? new URL(publicUrl).hostname;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  }
  if (e.INBOUND_SMTP_PORT !== undefined && e.REPLY_DOMAIN === undefined && !addressDomain(mailFrom)) {
    throw new ConfigError(
      'Invalid configuration: INBOUND_SMTP_PORT needs REPLY_DOMAIN, or a MAIL_FROM address with a domain',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: (e.DATABASE_REPLICA_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(availableParallelism(), e.WEB_CONCURRENCY),
    seedDemo: e.SEED_DEMO === '1',
    smtpUrl: e.SMTP_URL,
    mailFrom,
    supportEmail: e.SUPPORT_EMAIL,
    supportUrl: e.SUPPORT_URL,
    instagramUrl: e.INSTAGRAM_URL,
    mapTileUrl: e.MAP_TILE_URL,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    adminPassword: e.ADMIN_PASSWORD,
    betaPassword: e.BETA_PASSWORD,
    rateLimit: e.RATE_LIMIT === 'on',
    webConcurrency: e.WEB_CONCURRENCY,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDir: path.resolve('dist/web'),
    mail: { pollMs: e.MAIL_POLL_MS, retryBaseMs: e.MAIL_RETRY_BASE_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS },
    alertGroupingMs: e.ALERT_GROUPING_SECONDS * 1000,
    testClockFile: e.TEST_CLOCK_FILE,
    inboundSmtp:
      e.INBOUND_SMTP_PORT === undefined
        ? undefined
        : { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST },
    replyDomain,
    push: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : readOrCreateVapidKeys(dataDir)),
      subject:
        e.VAPID_SUBJECT ??
        `mailto:${e.SUPPORT_EMAIL ?? addressOf(mailFrom) ?? `no-reply@${new URL(publicUrl).hostname}`}`,
      allowHttpLoopback: e.PUSH_ALLOW_HTTP_LOOPBACK === '1',
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
  };
}

/** The JWT secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** The bare address in `Name <address>` (or the whole value when it is one); undefined without an '@'. */
function addressOf(mailbox: string): string | undefined {
  const match = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailbox) ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(mailbox);
  return match?.[1];
}

/**
 * The VAPID key pair is generated once and kept in DATA_DIR like the JWT secret: the browsers'
 * subscriptions are bound to its public key, so a new pair would silence every device.
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A scalar with leading zero bytes comes back shorter: always 32 bytes.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  return keys;
}
