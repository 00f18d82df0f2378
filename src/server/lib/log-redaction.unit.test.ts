import { describe, expect, it } from 'vitest';
import {
  LOG_LINE_MAX,
  MAILBOX_LOG_BINDING,
  REDACTED,
  redactingLoggerOptions,
  redactLogLine,
  redactUrl,
} from './log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc.def-ghi', `/reset-password?token=${REDACTED}`],
    [
      '/?temp_token=Zx9_-a&type=email&email=maya%40example.com',
      `/?temp_token=${REDACTED}&type=email&email=${REDACTED}`,
    ],
    ['/?signin_token=abc123', `/?signin_token=${REDACTED}`],
    ['/unsubscribe?token=eyJhbGciOi.x.y#top', `/unsubscribe?token=${REDACTED}#top`],
    [
      '/api/x?refresh_token=1&access_token=2&Token=3',
      `/api/x?refresh_token=${REDACTED}&access_token=${REDACTED}&Token=${REDACTED}`,
    ],
    [
      '/signin?code=123456&t=abc&sig=ff&key=k1',
      `/signin?code=${REDACTED}&t=${REDACTED}&sig=${REDACTED}&key=${REDACTED}`,
    ],
    [
      '/x?client_secret=s&password=p&api_key=k',
      `/x?client_secret=${REDACTED}&password=${REDACTED}&api_key=${REDACTED}`,
    ],
    [
      'mail written — link: http://h/reset-password?token=abc end',
      `mail written — link: http://h/reset-password?token=${REDACTED} end`,
    ],
    ['/x?jwt=eyJ.a.b&session=s1&refresh=r1', `/x?jwt=${REDACTED}&session=${REDACTED}&refresh=${REDACTED}`],
    [
      '/x?SessionId=s&refresh_cookie=r&id_JWT=j',
      `/x?SessionId=${REDACTED}&refresh_cookie=${REDACTED}&id_JWT=${REDACTED}`,
    ],
    // Names as the server's query parser reads them: percent escapes decoded, in any case, any depth.
    ['/reset-password?%74oken=abc', `/reset-password?%74oken=${REDACTED}`],
    [
      '/x?%54%4F%4B%45%4E=a&%65mail=b&%74=c',
      `/x?%54%4F%4B%45%4E=${REDACTED}&%65mail=${REDACTED}&%74=${REDACTED}`,
    ],
    ['/x?%2574oken=a&to%ZZken=b&%zz%6Awt=c', `/x?%2574oken=${REDACTED}&to%ZZken=b&%zz%6Awt=${REDACTED}`],
    [
      '/x?%6Awt=a&sess%69on=b&%72efresh=c',
      `/x?%6Awt=${REDACTED}&sess%69on=${REDACTED}&%72efresh=${REDACTED}`,
    ],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  // Linear, not backtracking: a backtracking pattern took 7 s on a 16 kB URL of the first kind
  // (Node's header limit). These are a megabyte each, 64 times longer: a linear scan takes
  // milliseconds on any machine, a quadratic one hours, so the test's own timeout tells them
  // apart without a timing comparison.
  it('scans hostile URLs in linear time', () => {
    for (const url of [
      '?token'.repeat(170_000),
      `?${'token'.repeat(200_000)}`,
      `?a=${'='.repeat(1_000_000)}`,
    ]) {
      expect(redactLogLine(JSON.stringify({ req: { url } })).length).toBeGreaterThan(url.length);
    }
  });

  it('leaves parameters that are no secret alone', () => {
    const url = '/api/providers?limit=5&zip=78701&sort=rating&q=token+ring&cat=hair&type=email&at=1';
    expect(redactUrl(url)).toBe(url);
    const encoded = '/api/providers?%6Cimit=5&%7Aip=78701&q=%74oken';
    expect(redactUrl(encoded)).toBe(encoded);
  });

  it('scans names full of percent escapes in linear time', () => {
    for (const url of [`?${'%25'.repeat(330_000)}74oken=a`, `?${'%74'.repeat(330_000)}=a`]) {
      expect(redactLogLine(JSON.stringify({ req: { url } })).length).toBeGreaterThan(0);
    }
  });
});

describe('redactLogLine', () => {
  it('blanks credential headers wherever they sit in the JSON, and bearer tokens in any text', () => {
    const line = JSON.stringify({
      msg: 'failed with Authorization: Bearer eyJ.abc.def',
      req: {
        url: '/reset-password?token=t0k3n',
        headers: {
          authorization: 'Bearer eyJ.abc.def',
          'x-admin-access': 'adm"in\\tok',
          'X-Beta-Access': 'beta',
          cookie: ['a=1', 'b=2'],
          'x-request-id': 'keep-me',
        },
      },
    });
    const parsed = JSON.parse(redactLogLine(line));
    expect(parsed).toEqual({
      msg: `failed with Authorization: Bearer ${REDACTED}`,
      req: {
        url: `/reset-password?token=${REDACTED}`,
        headers: {
          authorization: REDACTED,
          'x-admin-access': REDACTED,
          'X-Beta-Access': REDACTED,
          cookie: REDACTED,
          'x-request-id': 'keep-me',
        },
      },
    });
  });
});

describe('redactingLoggerOptions', () => {
  const write = redactingLoggerOptions().hooks.streamWrite;

  it('redacts every line', () => {
    expect(write('{"msg":"GET /reset-password?token=abc"}\n')).toBe(
      `{"msg":"GET /reset-password?token=${REDACTED}"}\n`,
    );
  });

  it("leaves the log mailbox's lines whole (no SMTP_URL: the log is where the local user reads the link)", () => {
    const line = `{"level":30,"mailbox":"${MAILBOX_LOG_BINDING.mailbox}","msg":"link: http://h/reset-password?token=abc"}\n`;
    expect(write(line)).toBe(line);
    // A value cannot pass for the binding: inside a string its quotes are escaped.
    const forged = JSON.stringify({ msg: 'x "mailbox":"log" /reset-password?token=abc' });
    expect(write(forged)).not.toContain('token=abc');
  });

  it('cuts a line longer than LOG_LINE_MAX to what says what happened, and how long it was', () => {
    const line = `${JSON.stringify({
      level: 50,
      time: 1,
      pid: 7,
      reqId: 'req-1',
      msg: `batch failed ${'m'.repeat(5_000)}`,
      err: { message: 'Failed query: INSERT …', params: 'p'.repeat(10_000_000) },
    })}\n`;
    const written = write(line);
    expect(written.length).toBeLessThan(LOG_LINE_MAX);
    expect(written.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(written);
    expect(parsed).toMatchObject({ level: 50, time: 1, pid: 7, reqId: 'req-1', lineCut: line.length });
    expect(parsed.msg).toMatch(/^batch failed m+$/);
    expect(written).not.toContain('ppp');
    // A line within the bound is left as it is.
    const short = '{"level":30,"msg":"ok"}\n';
    expect(write(short)).toBe(short);
  });
});
