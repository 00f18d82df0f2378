import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { countOutbox, countUsers, DEFAULT_PASSWORD, findUserRow } from '../test/factories';

/**
 * An email address names one mailbox. Each of these passed the old pattern (or a
 * mailer's parser reads more than one recipient or a header out of it); every route that takes an
 * address refuses them with the field's message and changes nothing.
 */
const ATTACKS = [
  'alias1,victim@example.com',
  'a@b.co?bcc=spy@evil.example',
  'victim@example.com;spy@evil.example',
  'Victim <victim@example.com>',
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SUPPORT_EMAIL: 'help-desk@example.test' } });
});
afterAll(async () => {
  await t?.close();
});

const ROUTES: [string, (email: string) => unknown][] = [
  ['/api/auth/signup', (email) => ({ email, password: DEFAULT_PASSWORD })],
  ['/api/auth/forgot-password', (email) => ({ email })],
  ['/api/auth/resend-verification', (email) => ({ email })],
  ['/api/feedback', (email) => ({ type: 'support', email, subject: 'Help', message: 'Hi' })],
  ['/api/investor-signup', (email) => ({ name: 'Vera', email })],
];

describe('one address, one mailbox', () => {
  it.each(ROUTES.flatMap(([url, body]) => ATTACKS.map((email) => [url, email, body] as const)))(
    '%s refuses %j: 400 VALIDATION_ERROR, nothing stored or queued',
    async (url, email, body) => {
      const [users, mails, forms] = [
        await countUsers(t.db),
        await countOutbox(t.db),
        await t.db.$count(formSubmissions),
      ];
      const res = await t.post(url, body(email));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
      expect(res.body.issues).toContainEqual({ path: 'email', message: 'Please enter a valid email' });
      expect(await countUsers(t.db)).toBe(users);
      expect(await countOutbox(t.db)).toBe(mails);
      expect(await t.db.$count(formSubmissions)).toBe(forms);
    },
  );

  it('stores and mails an address in lower case, so one mailbox is one account and one cap', async () => {
    const res = await t.post('/api/auth/signup', {
      email: '  Mixed.Case@Example.COM ',
      password: DEFAULT_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await findUserRow(t.db, 'mixed.case@example.com'))?.email).toBe('mixed.case@example.com');
    const mail = await t.smtp.waitForMail('mixed.case@example.com');
    expect(mail.to).toEqual(['mixed.case@example.com']);
  });
});
