import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { DEFAULT_PASSWORD, readVerifyLink, uniqueEmail } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function outboxRow(to: string) {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row;
}

describe('mail outbox', () => {
  it('keeps a verification email while SMTP is down and delivers it once SMTP is back', async () => {
    const port = t.smtp.port;
    await t.smtp.stop();
    try {
      const email = uniqueEmail('outage');
      const res = await t.post('/api/auth/signup', { email, password: DEFAULT_PASSWORD });
      // The signup does not wait for (or fail with) the mail server.
      expect(res.status).toBe(200);

      await expect
        .poll(() => outboxRow(email), { timeout: 10_000, interval: 25 })
        .toMatchObject({ status: 'pending', attempts: expect.any(Number), lastError: expect.any(String) });
      const failed = (await outboxRow(email))!;
      expect(failed.attempts).toBeGreaterThanOrEqual(1);
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(failed.sentAt).toBeNull();
      expect(t.smtp.mailsTo(email)).toEqual([]);

      await t.smtp.start();
      expect(t.smtp.port).toBe(port);
      const { token } = await readVerifyLink(t, email);
      expect(token).toBeTruthy();
      await expect
        .poll(() => outboxRow(email), { timeout: 10_000, interval: 25 })
        .toMatchObject({ status: 'sent', lastError: null, sentAt: expect.any(Date) });
      // Sent once, not once per attempt.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(t.smtp.mailsTo(email)).toHaveLength(1);

      const verified = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
      expect(verified.status).toBe(200);
    } finally {
      await t.smtp.start();
    }
  });

  it('gives up after the configured number of attempts and marks the email failed', async () => {
    // A second instance on the same database with a fast retry schedule and its own (dead) SMTP;
    // the first instance's worker is paused so it cannot deliver this email.
    await t.app.mailWorker.stop();
    const quick = await buildTestApp({
      database: t.database,
      mail: { pollMs: 20, retryBaseMs: 10, maxAttempts: 3 },
    });
    try {
      await quick.smtp.stop();
      const email = uniqueEmail('never');
      expect((await quick.post('/api/auth/signup', { email, password: DEFAULT_PASSWORD })).status).toBe(200);
      await expect
        .poll(() => outboxRow(email), { timeout: 10_000, interval: 25 })
        .toMatchObject({ status: 'failed', attempts: 3 });
      expect((await outboxRow(email))!.lastError).toBeTruthy();
      // A failed email is not picked up again, even once SMTP is back.
      await quick.smtp.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await outboxRow(email)).toMatchObject({ status: 'failed', attempts: 3 });
      expect(quick.smtp.mailsTo(email)).toEqual([]);
    } finally {
      await quick.close();
      t.app.mailWorker.start();
    }
  });
});
