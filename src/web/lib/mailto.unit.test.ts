import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

/** What a mail client reads out of the link: the recipients and the headers (RFC 6068). */
function parseMailto(href: string) {
  const url = new URL(href);
  const [path, query = ''] = href.slice('mailto:'.length).split('?');
  return {
    protocol: url.protocol,
    to: path!.split(',').map(decodeURIComponent),
    headers: Object.fromEntries(
      query
        .split('&')
        .filter(Boolean)
        .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
    ),
  };
}

describe('mailtoHref', () => {
  it('links a plain address as it is', () => {
    expect(mailtoHref('ana@example.com')).toBe('mailto:ana@example.com');
    expect(mailtoHref("o'neil+tag@example.ie")).toBe("mailto:o'neil%2Btag@example.ie");
  });

  // Addresses stored before the stricter email pattern: each must stay one recipient and add no header.
  it.each([
    'a@b.co?bcc=spy@evil.example',
    'alias1,victim@example.com',
    'a@b.co&cc=spy@evil.example',
    'a@b.co#?bcc=spy@evil.example',
    'a@b.co%3Fbcc=spy@evil.example',
    'a@b.co\r\nBcc: spy@evil.example',
  ])('keeps %j one recipient with no headers', (address) => {
    const href = mailtoHref(address);
    expect(href).not.toMatch(/[?,&#\s]/);
    const parsed = parseMailto(href);
    expect(parsed.protocol).toBe('mailto:');
    expect(parsed.to).toEqual([address.trim()]);
    expect(parsed.headers).toEqual({});
  });

  it('encodes the subject and body too', () => {
    const href = mailtoHref('ana@example.com', {
      subject: 'Re: your request & more?',
      body: 'Hi,\nbcc=spy@evil.example',
    });
    expect(href).toBe(
      'mailto:ana@example.com?subject=Re%3A%20your%20request%20%26%20more%3F&body=Hi%2C%0Abcc%3Dspy%40evil.example',
    );
    expect(parseMailto(href).headers).toEqual({
      subject: 'Re: your request & more?',
      body: 'Hi,\nbcc=spy@evil.example',
    });
  });
});
