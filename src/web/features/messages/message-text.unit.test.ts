import { describe, expect, it } from 'vitest';
import { linkifyText, previewText, shortTime } from './message-text';

const joined = (text: string) =>
  linkifyText(text)
    .map((p) => p.text)
    .join('');

describe('linkifyText', () => {
  it('turns http(s) addresses into links and keeps everything else as text', () => {
    const text = '<img src=x onerror=alert(1)> https://example.com';
    expect(linkifyText(text)).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> ' },
      { kind: 'link', text: 'https://example.com', href: 'https://example.com' },
    ]);
    expect(joined(text)).toBe(text);
  });

  it('leaves sentence punctuation after an address outside it, and a bracket the address opened inside', () => {
    expect(linkifyText('See https://a.example/x. Or (http://b.example/y)!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: '. Or (' },
      { kind: 'link', text: 'http://b.example/y', href: 'http://b.example/y' },
      { kind: 'text', text: ')!' },
    ]);
    expect(linkifyText('https://en.example/wiki/Foo_(bar)')[0]).toMatchObject({
      href: 'https://en.example/wiki/Foo_(bar)',
    });
  });

  it('never links another scheme, and keeps line breaks', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example', 'http://']) {
      expect(linkifyText(text).every((p) => p.kind === 'text')).toBe(true);
      expect(joined(text)).toBe(text);
    }
    const lines = 'Line one\nhttps://x.example\nLine three';
    expect(joined(lines)).toBe(lines);
    expect(linkifyText(lines).filter((p) => p.kind === 'link')).toHaveLength(1);
  });

  it('stops an address at quotes and angle brackets', () => {
    const parts = linkifyText('"https://x.example/a"<b>');
    expect(parts.find((p) => p.kind === 'link')).toMatchObject({ href: 'https://x.example/a' });
  });
});

describe('previewText and shortTime', () => {
  it('puts a long message on one line, cut with an ellipsis', () => {
    expect(previewText('Hi\n\nthere  you')).toBe('Hi there you');
    const cut = previewText('x'.repeat(300), 120);
    expect(cut).toHaveLength(120);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('reads the time today, the day this year, the date before', () => {
    const now = new Date(2026, 11, 2, 15, 0);
    expect(shortTime(new Date(2026, 11, 2, 9, 5).toISOString(), now, 'en-US')).toBe('9:05 AM');
    expect(shortTime(new Date(2026, 10, 28, 9, 5).toISOString(), now, 'en-US')).toBe('Nov 28');
    expect(shortTime(new Date(2025, 10, 28, 9, 5).toISOString(), now, 'en-US')).toBe('Nov 28, 2025');
  });
});
