import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDbKind } from './test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ listen: true });
});
afterAll(() => t?.close());

describe('test setup', () => {
  it('runs on the engine its Vitest project names, on a database of its own', async () => {
    const kind = testDbKind();
    expect(kind).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
    expect(t.database.kind).toBe(kind);
    const result = (await t.db.execute(
      sql`SELECT current_database() AS name, version() AS version`,
    )) as unknown as {
      rows: { name: string; version: string }[];
    };
    const { name, version } = result.rows[0]!;
    if (kind === 'postgres') {
      expect(name).toMatch(/^t_[0-9a-f]{16}$/);
      expect(version).toMatch(/^PostgreSQL 15\./);
    } else {
      expect(version).toMatch(/^PostgreSQL \d+/);
    }
  });
});

describe('GET /api/health', () => {
  it('answers ok after a database round trip', async () => {
    const res = await t.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('is reachable over real HTTP', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown API paths', () => {
  it.each(['GET', 'POST'] as const)('%s /api/x answers a JSON 404', async (method) => {
    const res = await t.app.inject({ method, url: '/api/x?y=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, error: 'NOT_FOUND', message: `No route ${method} /api/x` });
  });

  it('answers 404 JSON for a page path when no web build is present', async () => {
    const res = await t.get('/some-provider');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });
});

describe('malformed requests', () => {
  it('a body that is not JSON gets 400 VALIDATION_ERROR, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('an unsupported content type gets 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('OpenAPI document', () => {
  it('lists every auth path and the health check', async () => {
    const res = await t.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(res.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/signup',
        '/api/auth/login',
        '/api/auth/verify-email',
        '/api/auth/resend-verification',
        '/api/auth/refresh',
        '/api/auth/logout',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/auth/verify',
        '/api/auth/profile',
        '/api/auth/upgrade-to-provider',
      ]),
    );
    // zod constraints reach the document (the form and the API share one schema).
    const signup = res.body.paths['/api/auth/signup'].post;
    const schema = signup.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(schema.properties.password.minLength).toBe(6);
    expect(res.body.paths['/api/auth/profile'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it('serves the docs UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff and no framing', async () => {
    const res = await t.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends them on errors too', async () => {
    const res = await t.get('/api/x');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
