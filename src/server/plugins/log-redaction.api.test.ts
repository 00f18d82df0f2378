import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_HEADER, BETA_ACCESS_HEADER } from '#domain/admin-options.ts';
import { REDACTED } from '../lib/log-redaction';
import { unsubscribeToken } from '../modules/openings/opening-alerts.service';
import { buildTestApp, captureLog, type TestApp } from '../test/build-test-app';
import { createUnverifiedUser, createVerifiedUser, type VerifiedUser } from '../test/factories';
import { firstLink } from '../test/smtp-sink';

/**
 * The request log recorded whole URLs, so the links the product mails (password
 * reset, email verification, unsubscribe) put live tokens in the log. The app runs here as in
 * production (LOG_LEVEL=info, every request logged); the test follows the real links from the real
 * emails, sends the credential headers, and reads every line the app wrote.
 */

const INDEX = `<!doctype html>
<html lang="en"><head><title>Glowfind</title></head><body><div id="root"></div></body></html>`;

const log = captureLog();
let t: TestApp;
let user: VerifiedUser;
beforeAll(async () => {
  t = await buildTestApp({ indexHtml: INDEX, log, requestLogging: true, env: { LOG_LEVEL: 'info' } });
  user = await createVerifiedUser(t);
});
afterAll(async () => {
  await t?.close();
});

/** The URL of every 'incoming request' line, as logged. */
const loggedUrls = () =>
  log
    .entries()
    .filter((e) => e.msg === 'incoming request')
    .map((e) => (e.req as { url: string }).url);

/** Asserts `secret` is in no line of the log, raw or percent-encoded. */
function expectNowhere(secret: string) {
  expect(secret.length).toBeGreaterThan(8);
  expect(log.text).not.toContain(secret);
  expect(log.text).not.toContain(encodeURIComponent(secret));
}

describe('the request log with the links from real emails', () => {
  it('keeps no verification token or address from /?temp_token=…&type=email&email=…', async () => {
    const pending = await createUnverifiedUser(t);
    const page = await t.get(`${pending.link.pathname}${pending.link.search}`);
    expect(page.status).toBe(200);
    expectNowhere(pending.token);
    expect(log.text).not.toContain(`email=${encodeURIComponent(pending.email)}`);
    expect(loggedUrls()).toContain(`/?temp_token=${REDACTED}&type=email&email=${REDACTED}`);
    // The token still works: nothing but the log line changed.
    const verified = await t.post('/api/auth/verify-email', { temp_token: pending.token, type: 'email' });
    expect(verified.status, verified.text).toBe(200);
  });

  it('keeps no reset token from /reset-password?token=…', async () => {
    expect((await t.post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const mail = await t.smtp.waitForMail(user.email, (m) => m.subject.includes('password'));
    const link = new URL(firstLink(mail));
    const token = link.searchParams.get('token') ?? '';
    expect((await t.get(`${link.pathname}${link.search}`)).status).toBe(200);
    expectNowhere(token);
    expect(loggedUrls()).toContain(`/reset-password?token=${REDACTED}`);
  });

  it('keeps no unsubscribe token, from the page or the one-click POST', async () => {
    const token = await unsubscribeToken(t.app.ctx, user.user.id);
    expect((await t.get(`/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const oneClick = await t.post(`/api/opening-alerts/unsubscribe?token=${encodeURIComponent(token)}`, {});
    expect(oneClick.status, oneClick.text).toBe(200);
    expectNowhere(token);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        `/unsubscribe?token=${REDACTED}`,
        `/api/opening-alerts/unsubscribe?token=${REDACTED}`,
      ]),
    );
  });

  it('keeps no token whose parameter name is percent-encoded (?%74oken=), which the server reads as token', async () => {
    const token = await unsubscribeToken(t.app.ctx, user.user.id);
    const encodedName = `/api/opening-alerts/unsubscribe?%74oken=${encodeURIComponent(token)}`;
    const oneClick = await t.post(encodedName, {});
    // The route read it as its `token`: the link works, so its value is a live secret.
    expect(oneClick.status, oneClick.text).toBe(200);
    expect((await t.get(`/unsubscribe?%74%6F%6B%65%6E=${encodeURIComponent(token)}`)).status).toBe(200);
    expectNowhere(token);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        `/api/opening-alerts/unsubscribe?%74oken=${REDACTED}`,
        `/unsubscribe?%74%6F%6B%65%6E=${REDACTED}`,
      ]),
    );
  });

  it('keeps no jwt, session or refresh parameter', async () => {
    const bearer = user.session.access_token;
    const session = 'session-secret-0123456789';
    const refresh = 'refresh-secret-0123456789';
    const url = `/api/providers?limit=5&jwt=${bearer}&session=${session}&Refresh=${refresh}`;
    expect((await t.get(url)).status).toBe(200);
    for (const secret of [bearer, session, refresh]) expectNowhere(secret);
    expect(loggedUrls()).toContain(
      `/api/providers?limit=5&jwt=${REDACTED}&session=${REDACTED}&Refresh=${REDACTED}`,
    );
  });

  it('keeps the rest of the URL: other parameters and paths are logged as they came', async () => {
    expect((await t.get('/api/providers?limit=5&zip=78701')).status).toBe(200);
    expect(loggedUrls()).toContain('/api/providers?limit=5&zip=78701');
  });
});

describe('credential headers', () => {
  it('never reach the log, not even a line that dumps the headers', async () => {
    const bearer = user.session.access_token;
    const admin = 'admin-access-token-value-1234567890';
    const beta = 'beta-access-token-value-1234567890';
    const res = await t.get('/api/auth/profile', {
      token: bearer,
      headers: {
        [ADMIN_ACCESS_HEADER]: admin,
        [BETA_ACCESS_HEADER]: beta,
        cookie: 'refresh=cookie-secret-123',
      },
    });
    expect(res.status).toBe(200);
    // Code that one day logs a request's headers (or an object holding them) is covered too.
    t.app.log.info(
      {
        headers: {
          authorization: `Bearer ${bearer}`,
          [ADMIN_ACCESS_HEADER]: admin,
          [BETA_ACCESS_HEADER]: beta,
          cookie: 'refresh=cookie-secret-123',
          'user-agent': 'log-test',
        },
      },
      `request headers dump (Bearer ${bearer})`,
    );
    for (const secret of [bearer, admin, beta, 'cookie-secret-123']) expectNowhere(secret);
    const dump = log.entries().find((e) => String(e.msg).startsWith('request headers dump'));
    expect(dump).toMatchObject({
      msg: `request headers dump (Bearer ${REDACTED})`,
      headers: {
        authorization: REDACTED,
        [ADMIN_ACCESS_HEADER]: REDACTED,
        [BETA_ACCESS_HEADER]: REDACTED,
        cookie: REDACTED,
        'user-agent': 'log-test',
      },
    });
  });
});
