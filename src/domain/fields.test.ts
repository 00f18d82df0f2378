import { describe, expect, it } from 'vitest';
import { EmailSchema, HttpUrlSchema, normalizeEmail, PasswordSchema, text } from './fields';
import { isHttpUrl } from './links';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('EmailSchema', () => {
  it.each([undefined, null, 42])('a missing or non-string email (%s) is required', (value) => {
    expect(messages(EmailSchema.safeParse(value))).toEqual(['Email is required']);
  });

  it.each(['', '   '])('an empty email (%j) is required first', (value) => {
    expect(messages(EmailSchema.safeParse(value))[0]).toBe('Email is required');
  });

  it.each(['plainaddress', 'a@b', '@example.com', 'a b@example.com', 'a@b .com', 'a@@b.com'])(
    '%j is not a valid email',
    (value) => {
      expect(messages(EmailSchema.safeParse(value))).toContain('Please enter a valid email');
    },
  );

  it('refuses an address longer than 254 characters', () => {
    const long = `${'a'.repeat(250)}@b.co`;
    expect(messages(EmailSchema.safeParse(long))).toContain('Please enter a valid email');
  });

  it('trims and lower-cases a valid address (one mailbox, one spelling)', () => {
    expect(EmailSchema.parse('  Ana@Example.com ')).toBe('ana@example.com');
  });

  // Attacks on the address pattern: each passed the old pattern, and a mailer or a mailto: link
  // reads a second recipient or a header out of it.
  it.each([
    'alias1,victim@example.com',
    'a@b.co?bcc=spy@evil.example',
    'victim@example.com,spy@evil.example',
    'victim@example.com;spy@evil.example',
    'Victim <victim@example.com>',
    '<victim@example.com>',
    '"a,b"@example.com',
    'victim@example.com?cc=spy@evil.example',
    'a?b@example.com',
    'victim@example.com\nbcc:spy@evil.example',
  ])('refuses %j: more than one mailbox, or a header, in one address', (value) => {
    expect(messages(EmailSchema.safeParse(value))).toEqual(['Please enter a valid email']);
  });

  it.each([
    ['ana@example.com', 'ana@example.com'],
    ['ANA.Lopez@Example.COM', 'ana.lopez@example.com'],
    ['first.last+tag@sub.example.co.uk', 'first.last+tag@sub.example.co.uk'],
    ["o'neil@example.ie", "o'neil@example.ie"],
    ['user_name-1@my-salon.example', 'user_name-1@my-salon.example'],
    ['x@a.io', 'x@a.io'],
    ['1234@123.example', '1234@123.example'],
    [`${'a'.repeat(64)}@example.com`, `${'a'.repeat(64)}@example.com`],
  ])('accepts %j as %j', (value, stored) => {
    expect(EmailSchema.parse(value)).toBe(stored);
  });

  it.each([
    'a@b',
    'a@localhost',
    'a @example.com',
    'a@exa mple.com',
    'a@@example.com',
    'a@b@example.com',
    'a@-example.com',
    'a@example-.com',
    'a@example..com',
    'a@.example.com',
    'a@example.com.',
    'a@exam_ple.com',
    'a(comment)@example.com',
    'a:b@example.com',
    'a[b]@example.com',
    'a\\b@example.com',
    '"quoted"@example.com',
    'a@[127.0.0.1]',
    'jos\u00e9@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
  ])('refuses %j', (value) => {
    expect(messages(EmailSchema.safeParse(value))).toEqual(['Please enter a valid email']);
  });

  it('normalizeEmail lower-cases and trims', () => {
    expect(normalizeEmail('  Ana@Example.COM ')).toBe('ana@example.com');
  });
});

describe('PasswordSchema', () => {
  it('is required', () => {
    expect(messages(PasswordSchema.safeParse(undefined))).toEqual(['Password is required']);
    expect(messages(PasswordSchema.safeParse(''))[0]).toBe('Password is required');
  });

  it('needs at least 6 characters', () => {
    expect(messages(PasswordSchema.safeParse('12345'))).toEqual(['Password must be at least 6 characters']);
    expect(PasswordSchema.safeParse('123456').success).toBe(true);
  });

  it('is bounded at 128 characters', () => {
    expect(PasswordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(messages(PasswordSchema.safeParse('x'.repeat(129)))).toEqual([
      'Password must be at most 128 characters',
    ]);
  });

  it('is not trimmed (spaces are part of a password)', () => {
    expect(PasswordSchema.parse('  abcdef  ')).toBe('  abcdef  ');
  });
});

describe('isHttpUrl / HttpUrlSchema', () => {
  it.each(['http://example.com', 'https://example.com/book?x=1', 'https://sub.example.co.uk:8443/a#b'])(
    'accepts %s',
    (value) => {
      expect(isHttpUrl(value)).toBe(true);
      expect(HttpUrlSchema.parse(value)).toBe(value);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'https:',
    'example.com',
    '//example.com',
  ])('refuses %j', (value) => {
    expect(isHttpUrl(value.trim())).toBe(false);
    expect(messages(HttpUrlSchema.safeParse(value))).toEqual([
      'Please enter a valid link starting with http:// or https://',
    ]);
  });

  it("treats '' as no link", () => {
    expect(HttpUrlSchema.parse('')).toBe('');
    expect(HttpUrlSchema.parse('   ')).toBe('');
  });

  it('bounds the length', () => {
    const long = `https://example.com/${'a'.repeat(2048)}`;
    expect(messages(HttpUrlSchema.safeParse(long))).toContain('The link is too long');
  });
});

describe('text()', () => {
  it('trims and names the field in the length message', () => {
    const schema = text(5, 'Name');
    expect(schema.parse('  abc  ')).toBe('abc');
    expect(messages(schema.safeParse('abcdef'))).toEqual(['Name must be at most 5 characters']);
  });
});
