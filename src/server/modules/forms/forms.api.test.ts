import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_TEXTS } from '#domain/forms.ts';
import { PHONE_INVALID } from '#domain/phone.ts';
import { formSubmissions, mailOutbox } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  countOutbox,
  createVerifiedUser,
  DEFAULT_PASSWORD,
  findUserRow,
  loginAs,
  uniqueEmail,
} from '#server/test/factories.ts';

const SUPPORT_EMAIL = 'help-desk@example.test';
const ACK_SUBJECT = 'We received your Glowfind support request';
const INDEX_HTML =
  '<!doctype html><html><head><title>Glowfind</title><meta name="description" content="x" /></head><body></body></html>';

let t: TestApp;
const count = () => t.db.$count(formSubmissions);
let ip = 0;
/** A fresh client address per request: the per-IP limit is tested on its own app below. */
const fresh = () => ({ ip: `10.9.${Math.floor(++ip / 250)}.${ip % 250}` });

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      SUPPORT_EMAIL,
      ADMIN_EMAILS: 'forms-admin@example.test',
      SUPPORT_URL: 'https://pay.example.com/glowfind',
    },
    indexHtml: INDEX_HTML,
  });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/feedback', () => {
  it("stores the about page's feedback and emails it to SUPPORT_EMAIL", async () => {
    const before = await count();
    const email = uniqueEmail('fan');
    const res = await t.post(
      '/api/feedback',
      { type: 'feature', message: '  Please add a map view of the results.  ', email },
      fresh(),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: FORM_TEXTS.feedbackSent });
    expect(await count()).toBe(before + 1);
    const mail = await t.smtp.waitForMail(SUPPORT_EMAIL, (m) => m.subject.includes('feature request'));
    expect(mail.subject).toBe('[Glowfind] New feature request');
    expect(mail.text).toContain('Please add a map view of the results.');
    expect(mail.replyTo).toBe(email);
  });

  it('a support request also gets an acknowledgement to the sender', async () => {
    const email = uniqueEmail('help');
    const res = await t.post(
      '/api/feedback',
      {
        name: 'Rae',
        email,
        subject: 'Cannot upload',
        message: 'My photo fails.',
        type: 'support',
        urgency: 'high',
      },
      fresh(),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FORM_TEXTS.supportSent);
    const ack = await t.smtp.waitForMail(email);
    expect(ack.subject).toBe(ACK_SUBJECT);
    expect(ack.text).toContain("We'll get back to you within 24 hours");
    // 'Reply to this email to add anything' reaches the support inbox, not the no-reply sender.
    expect(ack.replyTo).toBe(SUPPORT_EMAIL);
    const notice = await t.smtp.waitForMail(SUPPORT_EMAIL, (m) => m.subject.includes('support request'));
    expect(notice.text).toContain('Urgency: high');
    expect(notice.text).toContain('Subject: Cannot upload');
  });

  it("the acknowledgement repeats nothing of the submission: a stranger's text and links never reach the address they typed", async () => {
    // The attack: someone else's address in 'email', and a lure in every free-text field.
    const victim = uniqueEmail('ack-victim');
    const lure = 'Claim your prize at http://evil.example/win and https://evil.example?x=1';
    const res = await t.post(
      '/api/feedback',
      {
        name: `Prize desk http://evil.example/name`,
        email: victim,
        subject: `Your account is locked: visit evil.example now ${lure}`,
        message: lure,
        type: 'support',
      },
      fresh(),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FORM_TEXTS.supportSent);

    const ack = await t.smtp.waitForMail(victim);
    expect(ack.subject).toBe(ACK_SUBJECT);
    for (const part of [ack.subject, ack.text, ack.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Prize');
      expect(part).not.toContain('locked');
    }
    // No link at all: the acknowledgement has nothing to click.
    expect(ack.html).not.toMatch(/<a\s/i);
    expect(ack.text).not.toMatch(/https?:\/\//);
    // The stored row (what the queue sends) is the same fixed text.
    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, victim));
    expect(queued).toMatchObject({ kind: 'support-ack', subject: ACK_SUBJECT });
    expect(`${queued!.subject}${queued!.textBody}${queued!.htmlBody}`).not.toContain('evil.example');
    // Our own inbox still gets the whole submission to answer it.
    const notice = await t.smtp.waitForMail(SUPPORT_EMAIL, (m) => m.text.includes('Prize desk'));
    expect(notice.text).toContain('http://evil.example/win');
  });

  it.each(['alias1,victim@example.com', 'a@b.co?bcc=spy@evil.example'])(
    'refuses a support request for %j (one address, one mailbox): 400, nothing stored or queued',
    async (email) => {
      const before = await count();
      const outbox = await countOutbox(t.db);
      const res = await t.post(
        '/api/feedback',
        { name: 'Ann', email, subject: 'Help', message: 'Hi', type: 'support' },
        fresh(),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues).toContainEqual({ path: 'email', message: 'Please enter a valid email' });
      expect(await count()).toBe(before);
      expect(await countOutbox(t.db)).toBe(outbox);
    },
  );

  it('refuses a blank message, a support request without email or subject, bad types and oversize text; nothing stored', async () => {
    const before = await count();
    const outbox = await countOutbox(t.db);
    const cases: [unknown, string][] = [
      [{ type: 'feedback', message: '   ' }, 'message'],
      [{ type: 'feedback' }, 'message'],
      [{ type: 'support', message: 'Hi', subject: 'Help' }, 'email'],
      [{ type: 'support', message: 'Hi', email: 'a@b.co' }, 'subject'],
      [{ type: 'complaint', message: 'Hi' }, 'type'],
      [{ type: 'feedback', message: 'x'.repeat(5001) }, 'message'],
      [{ type: 'feedback', message: 'Hi', email: 'not-an-email' }, 'email'],
      [{ type: 'feedback', message: 'Hi', extra: 1 }, ''],
    ];
    for (const [body, path] of cases) {
      const res = await t.post('/api/feedback', body, fresh());
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      if (path) expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const blank = await t.post('/api/feedback', { type: 'feedback', message: ' ' }, fresh());
    expect(blank.body.issues).toContainEqual({ path: 'message', message: 'Please enter a message' });
    expect(await count()).toBe(before);
    expect(await countOutbox(t.db)).toBe(outbox);
  });

  it.each([
    ['feedback', '/api/feedback', { type: 'feedback' }],
    ['a support request', '/api/feedback', { type: 'support', email: 'long@example.com', subject: 'Long' }],
    ['an investor inquiry', '/api/investor-signup', { name: 'Vera', email: 'long@example.com' }],
  ] as const)(
    'refuses %s of 20,000 characters with its message (never cut to 5,000): 400, nothing stored or queued',
    async (_kind, path, fields) => {
      const before = await count();
      const outbox = await countOutbox(t.db);
      const res = await t.post(path, { ...fields, message: 'x'.repeat(20_000) }, fresh());
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues).toEqual([
        { path: 'message', message: 'Messages can be at most 5,000 characters' },
      ]);
      expect(FORM_TEXTS.messageTooLong).toBe('Messages can be at most 5,000 characters');
      expect(await count()).toBe(before);
      expect(await countOutbox(t.db)).toBe(outbox);
    },
  );

  it('stores a message of exactly 5,000 characters whole', async () => {
    const message = `${'Long but allowed. '.repeat(277)}${'y'.repeat(14)}`;
    expect(message).toHaveLength(5000);
    const res = await t.post('/api/feedback', { type: 'bug', message }, fresh());
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select({ message: formSubmissions.message })
      .from(formSubmissions)
      .where(eq(formSubmissions.message, message));
    expect(row?.message).toHaveLength(5000);
  });

  it('answers a bot that filled the hidden field like a person, and keeps nothing', async () => {
    const before = await count();
    const outbox = await countOutbox(t.db);
    const res = await t.post(
      '/api/feedback',
      { type: 'feedback', message: 'Buy cheap followers', website: 'http://spam.example' },
      fresh(),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FORM_TEXTS.feedbackSent);
    expect(await count()).toBe(before);
    expect(await countOutbox(t.db)).toBe(outbox);
  });
});

describe('POST /api/investor-signup', () => {
  it('stores the inquiry and emails it', async () => {
    const before = await count();
    const email = uniqueEmail('vc');
    const res = await t.post(
      '/api/investor-signup',
      { name: 'Vera Capital', email, phone: '+1 515 555 0100', message: 'We back marketplaces.' },
      fresh(),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FORM_TEXTS.investorSent);
    expect(await count()).toBe(before + 1);
    const mail = await t.smtp.waitForMail(SUPPORT_EMAIL, (m) => m.subject.includes('investor inquiry'));
    expect(mail.text).toContain('Phone: +1 515 555 0100');
    expect(mail.replyTo).toBe(email);
  });

  it('needs a name and a valid email; nothing stored otherwise', async () => {
    const before = await count();
    for (const body of [
      { email: 'a@b.co' },
      { name: '  ', email: 'a@b.co' },
      { name: 'Ann' },
      { name: 'Ann', email: 'nope' },
      { name: 'x'.repeat(101), email: 'a@b.co' },
    ]) {
      const res = await t.post('/api/investor-signup', body, fresh());
      expect(res.status).toBe(400);
    }
    const missing = await t.post('/api/investor-signup', { name: '', email: '' }, fresh());
    expect(missing.body.issues).toContainEqual({
      path: 'name',
      message: 'Please fill in all required fields',
    });
    expect(await count()).toBe(before);
  });
});

describe('POST /api/investor-signup: the phone', () => {
  it.each(['abc', '555', '+1 (512) 555-01OO', '1234567890123456', '+1 512 555 0100 ext. 7'])(
    'refuses %j as a phone with its message: 400, nothing stored or queued',
    async (phone) => {
      const before = await count();
      const outbox = await countOutbox(t.db);
      const res = await t.post(
        '/api/investor-signup',
        { name: 'Vera', email: uniqueEmail('phone'), phone },
        fresh(),
      );
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([
        { path: 'phone', message: 'Please enter a valid phone number, like +1 512 555 0100' },
      ]);
      expect(PHONE_INVALID).toBe('Please enter a valid phone number, like +1 512 555 0100');
      expect(await count()).toBe(before);
      expect(await countOutbox(t.db)).toBe(outbox);
    },
  );

  it.each(['+1 (512) 555-0100', '512.555.0100', '+44 20 7946 0958', ''])(
    'takes %j (an empty phone is none)',
    async (phone) => {
      const email = uniqueEmail('phone-ok');
      const res = await t.post('/api/investor-signup', { name: 'Vera', email, phone }, fresh());
      expect(res.status).toBe(200);
      const [row] = await t.db
        .select({ phone: formSubmissions.phone })
        .from(formSubmissions)
        .where(eq(formSubmissions.email, email));
      expect(row).toEqual({ phone: phone || null });
    },
  );
});

describe('GET /api/admin/submissions', () => {
  it('is for admins only, newest first, paged', async () => {
    const client = await createVerifiedUser(t);
    const refused = await t.get('/api/admin/submissions', { token: client.session.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Access Denied');
    expect((await t.get('/api/admin/submissions')).status).toBe(401);

    const admin = await createVerifiedUser(t, { email: 'forms-admin@example.test' });
    await t.post('/api/feedback', { type: 'bug', message: 'Newest bug' }, fresh());
    const first = await t.get('/api/admin/submissions?limit=2', { token: admin.session.access_token });
    expect(first.status).toBe(200);
    expect(first.body.data.submissions[0]).toMatchObject({
      kind: 'feedback',
      type: 'bug',
      message: 'Newest bug',
    });
    expect(first.body.data.total).toBe(await count());
    const seen = new Set(first.body.data.submissions.map((s: { id: string }) => s.id));
    let cursor = first.body.data.nextCursor;
    while (cursor) {
      const next = await t.get(`/api/admin/submissions?limit=2&cursor=${cursor}`, {
        token: admin.session.access_token,
      });
      for (const s of next.body.data.submissions) {
        expect(seen.has(s.id)).toBe(false);
        seen.add(s.id);
      }
      cursor = next.body.data.nextCursor;
    }
    expect(seen.size).toBe(await count());
  });
});

describe('pages', () => {
  it('serve their own title and description in the HTML, and the support link when configured', async () => {
    for (const [path, title] of [
      ['/help', 'Help Center · Glowfind'],
      ['/about', 'About Us · Glowfind'],
      ['/terms', 'Terms of Service · Glowfind'],
      ['/privacy', 'Privacy Policy · Glowfind'],
    ] as const) {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<title>${title}</title>`);
      expect(res.text).not.toContain('content="x"');
      expect(res.text).toContain(
        '<meta name="glowfind-support-url" content="https://pay.example.com/glowfind" />',
      );
    }
  });
});

describe('rate limit', () => {
  it('refuses the 11th form from one address within the hour', async () => {
    const limited = await buildTestApp({ rateLimit: true });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await limited.post(
          '/api/feedback',
          { type: 'feedback', message: `Note ${i}` },
          { ip: '10.1.1.1' },
        );
        expect(res.status).toBe(200);
      }
      const res = await limited.post(
        '/api/feedback',
        { type: 'feedback', message: 'One more' },
        { ip: '10.1.1.1' },
      );
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('RATE_LIMITED');
      expect(await limited.db.$count(formSubmissions)).toBe(10);
    } finally {
      await limited.close();
    }
  });
});

describe('admin submissions: handled, filters, date ranges and CSV', () => {
  let admin = '';
  let client = '';
  /** Stored straight away, with the given creation time, so the date filters have fixed rows. */
  const insert = async (row: Partial<typeof formSubmissions.$inferInsert>) => {
    const [stored] = await t.db
      .insert(formSubmissions)
      .values({ kind: 'feedback', type: 'feedback', message: 'Dated', ...row })
      .returning({ id: formSubmissions.id });
    return stored!.id;
  };
  const ids = { jan: '', feb: '', formula: '' };

  beforeAll(async () => {
    // The admin may have signed up in an earlier test (not when this block runs alone).
    const email = 'forms-admin@example.test';
    admin = (await findUserRow(t.db, email))
      ? (await loginAs(t, email, DEFAULT_PASSWORD)).access_token
      : (await createVerifiedUser(t, { email })).session.access_token;
    client = (await createVerifiedUser(t)).session.access_token;
    ids.jan = await insert({ subject: 'January note', createdAt: new Date('2021-01-15T12:00:00Z') });
    ids.feb = await insert({ subject: 'February note', createdAt: new Date('2021-02-28T23:59:59Z') });
    ids.formula = await insert({
      name: '@admin',
      subject: '=HYPERLINK("http://evil.example","click")',
      message: 'line one\nline "two", with a comma',
      phone: '+1 555 0100',
      createdAt: new Date('2021-03-01T00:00:00Z'),
    });
  });

  const list = (query: string, token = admin) => t.get(`/api/admin/submissions?${query}`, { token });
  const idsOf = (res: { body: { data: { submissions: { id: string }[] } } }) =>
    res.body.data.submissions.map((s) => s.id);

  it('marks a submission handled and back to open; the lists follow', async () => {
    const handled = await t.put(`/api/admin/submissions/${ids.jan}`, { handled: true }, { token: admin });
    expect(handled.status, handled.text).toBe(200);
    expect(handled.body.message).toBe('Marked handled');
    expect(handled.body.submission).toMatchObject({ id: ids.jan, subject: 'January note' });
    const at = handled.body.submission.handled_at;
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, ids.jan));
    expect(row?.handledAt).not.toBeNull();

    // Marking it again keeps the first time it was handled.
    const again = await t.put(`/api/admin/submissions/${ids.jan}`, { handled: true }, { token: admin });
    expect(again.body.submission.handled_at).toBe(at);

    const open = await list('status=open&from=2021-01-01&to=2021-03-31');
    expect(idsOf(open)).toEqual([ids.formula, ids.feb]);
    expect(open.body.data.total).toBe(2);
    const done = await list('status=handled&from=2021-01-01&to=2021-03-31');
    expect(idsOf(done)).toEqual([ids.jan]);
    expect(done.body.data.submissions[0].handled_at).toBe(at);
    expect(idsOf(await list('status=all&from=2021-01-01&to=2021-03-31'))).toEqual([
      ids.formula,
      ids.feb,
      ids.jan,
    ]);

    const reopened = await t.put(`/api/admin/submissions/${ids.jan}`, { handled: false }, { token: admin });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ message: 'Marked open', submission: { handled_at: null } });
    expect(idsOf(await list('status=handled&from=2021-01-01&to=2021-03-31'))).toEqual([]);
  });

  it('lets no one else mark a submission, and changes nothing when refused', async () => {
    const anonymous = await t.put(`/api/admin/submissions/${ids.feb}`, { handled: true });
    expect(anonymous.status).toBe(401);
    const refused = await t.put(`/api/admin/submissions/${ids.feb}`, { handled: true }, { token: client });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'FORBIDDEN', message: 'Access Denied' });
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, ids.feb));
    expect(row?.handledAt).toBeNull();

    const unknown = await t.put(
      '/api/admin/submissions/00000000-0000-4000-8000-000000000000',
      { handled: true },
      { token: admin },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Submission not found');
    const bad = await t.put(`/api/admin/submissions/${ids.feb}`, { handled: 'yes' }, { token: admin });
    expect(bad.status).toBe(400);
    const extra = await t.put(
      `/api/admin/submissions/${ids.feb}`,
      { handled: true, handled_at: '2020-01-01T00:00:00Z' },
      { token: admin },
    );
    expect(extra.status).toBe(400);
  });

  it('filters by dates, both ends inclusive (UTC days), and pages within them', async () => {
    expect(idsOf(await list('from=2021-02-28&to=2021-02-28'))).toEqual([ids.feb]);
    expect(idsOf(await list('from=2021-01-15&to=2021-02-27'))).toEqual([ids.jan]);
    expect(idsOf(await list('to=2021-01-15'))).toEqual([ids.jan]);
    const first = await list('from=2021-01-01&to=2021-03-01&limit=2');
    expect(idsOf(first)).toEqual([ids.formula, ids.feb]);
    expect(first.body.data.total).toBe(3);
    const second = await list(`from=2021-01-01&to=2021-03-01&limit=2&cursor=${first.body.data.nextCursor}`);
    expect(idsOf(second)).toEqual([ids.jan]);
    expect(second.body.data.nextCursor).toBeNull();
  });

  it('refuses a bad range or a date that does not exist with a 400 that says which', async () => {
    const backwards = await list('from=2021-03-01&to=2021-02-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('VALIDATION_ERROR');
    expect(backwards.body.issues).toContainEqual({
      path: 'to',
      message: "The 'to' date must be on or after the 'from' date",
    });
    for (const query of ['from=2021-02-30', 'to=yesterday', 'from=0000-01-01', 'status=closed']) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
    }
    const exportBackwards = await t.get('/api/admin/submissions/export?from=2021-03-01&to=2021-02-01', {
      token: admin,
    });
    expect(exportBackwards.status).toBe(400);
    expect(exportBackwards.body.issues[0].path).toBe('to');
  });

  it('exports the filtered rows as a formula-safe CSV download', async () => {
    const res = await t.get('/api/admin/submissions/export?from=2021-01-01&to=2021-03-01&status=open', {
      token: admin,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="glowfind-submissions-.*\.csv"$/,
    );
    expect(res.headers['x-export-rows']).toBe('3');
    expect(res.headers['x-export-truncated']).toBe('false');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('id,created_at,type,status,handled_at,name,email,phone,subject,urgency,message');
    // The formula-looking subject and name get an apostrophe; quotes doubled; the line break stays quoted.
    expect(res.text).toContain(
      `${ids.formula},2021-03-01T00:00:00.000000Z,feedback,open,,'@admin,,'+1 555 0100,"'=HYPERLINK(""http://evil.example"",""click"")",,"line one\nline ""two"", with a comma"`,
    );
    expect(res.text).toContain(
      `${ids.feb},2021-02-28T23:59:59.000000Z,feedback,open,,,,,February note,,Dated`,
    );
    expect(res.text.endsWith('\r\n')).toBe(true);

    expect((await t.get('/api/admin/submissions/export', { token: client })).status).toBe(403);
    expect((await t.get('/api/admin/submissions/export')).status).toBe(401);
  });
});
