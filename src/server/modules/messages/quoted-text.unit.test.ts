import { describe, expect, it } from 'vitest';
import { stripQuotedText } from './quoted-text';

describe('stripQuotedText', () => {
  it('keeps a reply without history as it is, trimmed', () => {
    expect(stripQuotedText('\n\nYes, Tuesday at 3 works.\n\nSee you then!  \n\n')).toBe(
      'Yes, Tuesday at 3 works.\n\nSee you then!',
    );
  });

  it("drops Gmail's 'On … wrote:' header and the quote under it", () => {
    const text = [
      'Tuesday works for me.',
      '',
      'On Wed, Dec 2, 2026 at 3:04 PM Glowfind <reply+abc@glowfind.example> wrote:',
      '> Hi! Is your opening still available?',
      '>',
    ].join('\n');
    expect(stripQuotedText(text)).toBe('Tuesday works for me.');
  });

  it("drops an 'On … wrote:' header wrapped over several lines", () => {
    const text = [
      'Sounds good.',
      '',
      'On Wed, Dec 2, 2026 at 3:04 PM Ana Lima via Glowfind <',
      'reply+mzxw6ytboimzxw6ytboimzxw6ytboimzxw6ytboimzxw6yt@glowfind.example>',
      'wrote:',
      '',
      '> Hi!',
    ].join('\r\n');
    expect(stripQuotedText(text)).toBe('Sounds good.');
  });

  it("keeps a line that starts with 'On' but is not a header", () => {
    expect(stripQuotedText('On Tuesday I can come at 3.\n\nThanks')).toBe(
      'On Tuesday I can come at 3.\n\nThanks',
    );
  });

  it("drops '>' lines wherever they are, and Outlook's original message", () => {
    const text = [
      'See below.',
      '> What time?',
      'Three is fine.',
      '',
      '-----Original Message-----',
      'From: Glowfind',
      'Hello',
    ].join('\n');
    expect(stripQuotedText(text)).toBe('See below.\nThree is fine.');
  });

  it("drops Outlook's separator and header block", () => {
    const text = [
      'Thanks, booked!',
      '',
      '________________________________',
      'From: Glowfind <no-reply@glowfind.example>',
      'Sent: Wednesday, December 2, 2026 3:04 PM',
      'To: ana@example.com',
    ].join('\n');
    expect(stripQuotedText(text)).toBe('Thanks, booked!');
    const bare = ['Thanks!', '', 'From: Glowfind <no-reply@glowfind.example>', 'Date: Wed, 2 Dec 2026'].join(
      '\n',
    );
    expect(stripQuotedText(bare)).toBe('Thanks!');
  });

  it("drops Gmail's forwarded block", () => {
    expect(stripQuotedText('FYI\n\n---------- Forwarded message ---------\nFrom: someone')).toBe('FYI');
  });

  it("drops the signature after '-- ' and 'Sent from my iPhone'", () => {
    expect(stripQuotedText('See you at 3.\n\nSent from my iPhone')).toBe('See you at 3.');
    expect(stripQuotedText('See you at 3.\n\nGet Outlook for Android')).toBe('See you at 3.');
    expect(stripQuotedText('See you at 3.\n-- \nAna Lima\nHair by Ana · 555-0100')).toBe('See you at 3.');
    expect(stripQuotedText('See you at 3.\n--\nAna')).toBe('See you at 3.');
  });

  it('leaves nothing when the email was only history', () => {
    expect(stripQuotedText('> quoted\n> more\n\nSent from my iPhone')).toBe('');
  });
});
