import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { countOutbox, createVerifiedProvider, createVerifiedUser } from '#server/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/messages', () => {
  it('needs a token', async () => {
    const provider = await createVerifiedProvider(t);
    const res = await t.post('/api/messages', { providerId: provider.user.id, message: 'Hi' });
    expect(res.status).toBe(401);
    expect(await countOutbox(t.db, provider.email)).toBe(1); // only the verification mail
  });

  it("emails the provider, with the sender's address as Reply-To", async () => {
    const provider = await createVerifiedProvider(t, { name: 'Ana Braids' });
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Sam Client' } });
    const res = await t.post(
      '/api/messages',
      { providerId: provider.user.id, message: 'Do you have time for knotless braids on Friday?\nThanks!' },
      { token: client.session.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Message sent to Ana Braids' });
    const mail = await t.smtp.waitForMail(provider.email, (m) => m.subject.startsWith('New message'));
    expect(mail.subject).toBe('New message from Sam Client on Glowfind');
    expect(mail.replyTo).toBe(client.email);
    expect(mail.text).toContain('Do you have time for knotless braids on Friday?');
    expect(mail.text).not.toContain(provider.email);
  });

  it('refuses blank and oversized messages, unknown providers and messaging yourself', async () => {
    const provider = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    const before = await countOutbox(t.db);

    const blank = await t.post('/api/messages', { providerId: provider.user.id, message: '   ' }, { token });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toContainEqual({ path: 'message', message: 'Please enter a message' });

    const long = await t.post(
      '/api/messages',
      { providerId: provider.user.id, message: 'x'.repeat(2001) },
      { token },
    );
    expect(long.status).toBe(400);

    const unknown = await t.post(
      '/api/messages',
      { providerId: '00000000-0000-4000-8000-000000000000', message: 'Hi' },
      { token },
    );
    expect(unknown.status).toBe(404);

    const toClient = await t.post(
      '/api/messages',
      { providerId: client.user.id, message: 'Hi' },
      {
        token: provider.session.access_token,
      },
    );
    expect(toClient.status).toBe(404);

    const self = await t.post(
      '/api/messages',
      { providerId: provider.user.id, message: 'Hi' },
      {
        token: provider.session.access_token,
      },
    );
    expect(self.status).toBe(400);
    expect(await countOutbox(t.db)).toBe(before);
  });
});
