import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, mapTileOrigin } from './config';
import { defaultPoolSize } from './db/pool-size';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'x'.repeat(32);

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir,
      databaseUrl: undefined,
      seedDemo: true,
      smtpUrl: undefined,
      rateLimit: true,
      adminEmails: [],
      logLevel: 'info',
      trustProxy: false,
      webConcurrency: 1,
    });
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://glowfind.example/',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      SEED_DEMO: '0',
      SMTP_URL: 'smtp://mail:25',
      AUTH_SECRET: SECRET,
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://glowfind.example',
      databaseUrl: 'postgres://u:p@db:5432/app',
      seedDemo: false,
      smtpUrl: 'smtp://mail:25',
      authSecret: SECRET,
      adminEmails: ['boss@example.com', 'ops@example.com'],
      rateLimit: false,
      logLevel: 'warn',
      mailFrom: 'Glowfind <no-reply@glowfind.example>',
    });
  });

  it('reads DATABASE_REPLICA_URLS as a list of postgres URLs, only beside DATABASE_URL', () => {
    const base = { DATA_DIR: dataDir, AUTH_SECRET: SECRET };
    const primary = 'postgres://u:p@db:5432/app';
    expect(loadConfig(base).databaseReplicaUrls).toEqual([]);
    expect(
      loadConfig({ ...base, DATABASE_URL: primary, DATABASE_REPLICA_URLS: '' }).databaseReplicaUrls,
    ).toEqual([]);
    expect(
      loadConfig({
        ...base,
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: ' postgres://u:p@replica-1:5432/app , postgresql://u:p@replica-2/app',
      }).databaseReplicaUrls,
    ).toEqual(['postgres://u:p@replica-1:5432/app', 'postgresql://u:p@replica-2/app']);
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URLS: 'postgres://u:p@replica-1:5432/app' })).toThrow(
      'Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (the primary)',
    );
    for (const bad of [
      'mysql://u:p@replica/app',
      'postgres://u:p@replica/app,replica-2',
      'postgres://',
      'postgres://u:p@replica/app,',
    ]) {
      expect(() => loadConfig({ ...base, DATABASE_URL: primary, DATABASE_REPLICA_URLS: bad })).toThrow(
        'Invalid configuration: DATABASE_REPLICA_URLS must be a comma-separated list of postgres:// URLs',
      );
    }
  });

  it('treats an empty optional variable as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: '', SMTP_URL: '  ' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('waits 500 ms for a Redis command unless REDIS_COMMAND_TIMEOUT_MS says otherwise, within 50 ms to 60 s', () => {
    const timeout = (value?: string) =>
      loadConfig({
        DATA_DIR: dataDir,
        AUTH_SECRET: SECRET,
        ...(value === undefined ? {} : { REDIS_COMMAND_TIMEOUT_MS: value }),
      }).redisCommandTimeoutMs;
    expect(timeout()).toBe(500);
    expect(timeout('10000')).toBe(10_000);
    for (const bad of ['49', '60001', '1.5', 'soon']) {
      expect(() => timeout(bad)).toThrow(/^Invalid configuration: REDIS_COMMAND_TIMEOUT_MS /);
    }
  });

  it('treats a blank PORT as unset, not as port 0', () => {
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, PORT: '' }).port).toBe(3000);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, PORT: '0' }).port).toBe(0);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail'],
    ['AUTH_SECRET', 'too-short'],
    ['ADMIN_EMAILS', 'boss@example.com,not-an-email'],
    ['RATE_LIMIT', 'maybe'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'nginx'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['TRUST_PROXY', '300.1.1.1'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '1.5'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', 'two'],
    ['WEB_CONCURRENCY', '1.5'],
    ['WEB_CONCURRENCY', '65'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', 'ten'],
    ['DATABASE_POOL_SIZE', '101'],
    ['INBOUND_SMTP_PORT', 'smtp'],
    ['INBOUND_SMTP_PORT', '65536'],
    ['REPLY_DOMAIN', 'not a domain'],
    ['REPLY_DOMAIN', 'reply@glowfind.example'],
    ['REPLY_DOMAIN', 'localhost'],
  ])('a bad %s (%j) throws a one-line ConfigError naming it', (name, value) => {
    const load = () => loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid configuration: ${name} [^\\n]+$`));
  });

  describe('TRUST_PROXY (whose X-Forwarded-For is believed)', () => {
    const load = (value: string | undefined) =>
      loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, TRUST_PROXY: value }).trustProxy;

    it('trusts nothing when unset, blank or 0: the socket address is the client', () => {
      expect(load(undefined)).toBe(false);
      expect(load('  ')).toBe(false);
      expect(load('0')).toBe(false);
    });

    it('reads a hop count', () => {
      expect(load('1')).toBe(1);
      expect(load(' 2 ')).toBe(2);
    });

    it('reads a comma-separated list of addresses, CIDR blocks and named ranges', () => {
      expect(load('127.0.0.1')).toEqual(['127.0.0.1']);
      expect(load('10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8,loopback,uniquelocal')).toEqual([
        '10.0.0.0/8',
        '192.168.1.7',
        '::1',
        'fd00::/8',
        'loopback',
        'uniquelocal',
      ]);
    });
  });

  describe('WEB_CONCURRENCY (server processes)', () => {
    const PG = 'postgres://u:p@db:5432/app';

    it('reads a process count on PostgreSQL; blank is 1', () => {
      expect(
        loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: PG, WEB_CONCURRENCY: ' 4 ' })
          .webConcurrency,
      ).toBe(4);
      expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, WEB_CONCURRENCY: '' }).webConcurrency).toBe(
        1,
      );
    });

    it('allows 1 on the embedded database', () => {
      expect(
        loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, WEB_CONCURRENCY: '1' }).webConcurrency,
      ).toBe(1);
    });

    it('refuses more than 1 without DATABASE_URL, in one line saying why', () => {
      const load = () => loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, WEB_CONCURRENCY: '2' });
      expect(load).toThrow(
        new ConfigError(
          'Invalid configuration: WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database runs in one process',
        ),
      );
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, WEB_CONCURRENCY: '2', DATABASE_URL: ' ' }),
      ).toThrow(/^Invalid configuration: WEB_CONCURRENCY=2 needs DATABASE_URL/);
    });
  });

  describe('DATABASE_POOL_SIZE (the request connections of each process)', () => {
    const PG = 'postgres://u:p@db:5432/app';

    it('reads a size; unset or blank, about two connections per core shared by the processes', () => {
      const load = (env: Record<string, string>) =>
        loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: PG, ...env }).databasePoolSize;
      expect(load({ DATABASE_POOL_SIZE: '16' })).toBe(16);
      expect(load({ DATABASE_POOL_SIZE: ' ' })).toBe(defaultPoolSize());
      expect(load({})).toBe(defaultPoolSize());
      expect(load({ WEB_CONCURRENCY: '2' })).toBe(defaultPoolSize(undefined, 2));
    });

    it('defaults to cores × 2 in all, split over the processes, never under 2', () => {
      expect(defaultPoolSize(2, 1)).toBe(4);
      expect(defaultPoolSize(2, 2)).toBe(2);
      expect(defaultPoolSize(8, 1)).toBe(16);
      expect(defaultPoolSize(8, 3)).toBe(6);
      expect(defaultPoolSize(2, 8)).toBe(2);
      expect(defaultPoolSize(1, 1)).toBe(2);
    });
  });

  describe('replies by email (INBOUND_SMTP_PORT, INBOUND_SMTP_HOST, REPLY_DOMAIN)', () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, ...env });

    it('is off when INBOUND_SMTP_PORT is unset or blank; the reply domain is then still MAIL_FROM’s', () => {
      expect(load({}).inboundSmtp).toBeUndefined();
      expect(load({ INBOUND_SMTP_PORT: ' ' }).inboundSmtp).toBeUndefined();
      expect(load({ PUBLIC_URL: 'https://glowfind.example' }).replyDomain).toBe('glowfind.example');
    });

    it('listens on 127.0.0.1 unless INBOUND_SMTP_HOST says otherwise; port 0 is any free port', () => {
      expect(load({ INBOUND_SMTP_PORT: '2525', MAIL_FROM: 'x@glowfind.example' }).inboundSmtp).toEqual({
        port: 2525,
        host: '127.0.0.1',
      });
      expect(
        load({ INBOUND_SMTP_PORT: '0', INBOUND_SMTP_HOST: '0.0.0.0', MAIL_FROM: 'x@glowfind.example' })
          .inboundSmtp,
      ).toEqual({ port: 0, host: '0.0.0.0' });
    });

    it('takes the reply domain from REPLY_DOMAIN, else from the MAIL_FROM address', () => {
      expect(load({ MAIL_FROM: 'Glowfind <Hello@Mail.Glowfind.example>' }).replyDomain).toBe(
        'mail.glowfind.example',
      );
      expect(
        load({ MAIL_FROM: 'hello@glowfind.example', REPLY_DOMAIN: 'Reply.Glowfind.example' }).replyDomain,
      ).toBe('reply.glowfind.example');
    });

    it('refuses a port without a domain to receive on', () => {
      // The default MAIL_FROM is no-reply@localhost (PUBLIC_URL unset): not a domain mail can reach.
      expect(() => load({ INBOUND_SMTP_PORT: '2525' })).toThrow(
        /^Invalid configuration: INBOUND_SMTP_PORT needs REPLY_DOMAIN/,
      );
      expect(load({ INBOUND_SMTP_PORT: '2525', REPLY_DOMAIN: 'glowfind.example' }).replyDomain).toBe(
        'glowfind.example',
      );
    });
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      new ConfigError('Invalid configuration: AUTH_SECRET is required when NODE_ENV=production'),
    );
  });

  it('moves the clock by TEST_CLOCK_FILE only in tests', () => {
    const file = path.join(dataDir, 'clock');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TEST_CLOCK_FILE: file }).testClockFile).toBe(
      file,
    );
    expect(loadConfig({ DATA_DIR: dataDir }).testClockFile).toBeUndefined();
    for (const env of ['development', 'production'])
      expect(() =>
        loadConfig({ NODE_ENV: env, DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(40), TEST_CLOCK_FILE: file }),
      ).toThrow(new ConfigError('Invalid configuration: TEST_CLOCK_FILE is only allowed when NODE_ENV=test'));
  });

  it('generates AUTH_SECRET once into DATA_DIR and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.authSecret).toBe(first.authSecret);
  });

  it('creates DATA_DIR for the secret when it does not exist yet', () => {
    const nested = path.join(dataDir, 'a', 'b');
    const config = loadConfig({ DATA_DIR: nested });
    expect(readFileSync(path.join(nested, 'auth-secret'), 'utf8').trim()).toBe(config.authSecret);
  });

  it('does not write a secret file when AUTH_SECRET is given', () => {
    loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET });
    expect(() => statSync(path.join(dataDir, 'auth-secret'))).toThrow();
  });

  it('different DATA_DIRs get different secrets', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'glowfind-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).authSecret).not.toBe(
        loadConfig({ DATA_DIR: dataDir }).authSecret,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('MAP_TILE_URL', () => {
  const load = (MAP_TILE_URL: string) => () =>
    loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, MAP_TILE_URL });

  it("defaults to OpenStreetMap's tiles (blank too) and takes another http(s) template", () => {
    expect(load('')().mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).mapTileUrl).toBe(
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
    expect(load('http://{s}.tiles.example.test:8080/{z}/{x}/{y}.png')().mapTileUrl).toBe(
      'http://{s}.tiles.example.test:8080/{z}/{x}/{y}.png',
    );
  });

  it('refuses a template that is not http(s) or lacks {z}, {x} or {y}, naming the variable', () => {
    for (const bad of [
      'javascript:alert(1)//{z}/{x}/{y}',
      'ftp://tiles.example.test/{z}/{x}/{y}.png',
      'https://tiles.example.test/{z}/{x}.png',
      'https://tiles example.test/{z}/{x}/{y}.png',
      'https:///{z}/{x}/{y}.png',
    ]) {
      expect(load(bad), bad).toThrow(ConfigError);
      expect(load(bad), bad).toThrow(/MAP_TILE_URL/);
    }
  });

  it("gives the CSP the tiles' origin, a {s} subdomain as a wildcard", () => {
    expect(mapTileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(mapTileOrigin('http://{s}.Tiles.example.test:8080/{z}/{x}/{y}.png?key=1')).toBe(
      'http://*.tiles.example.test:8080',
    );
  });
});
