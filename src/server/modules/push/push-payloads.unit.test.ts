import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { LIMITS } from '#domain/options.ts';
import { PUSH_LIMITS, PushPayloadSchema } from '#domain/push.ts';
import { SAVED_SEARCH_LIMITS } from '#domain/saved-searches-options.ts';
import {
  messagePayload,
  openingPayload,
  openingWhen,
  type PushMessage,
  type PushOpening,
  payloadBytes,
} from './push-payloads';

const AT = new Date('2026-03-10T15:00:00Z');
const OPEN = 'A'.repeat(92);

const opening = (overrides: Partial<PushOpening> = {}): PushOpening => ({
  id: '2d3c4b5a-6f7e-4d8c-9b0a-1e2f3d4c5b6a',
  provider_id: '5b3e2f4c-8d1a-4e6b-9c7d-2a1f0e3b4c5d',
  provider_name: 'Maya Lopez Hair',
  routing_slug: 'maya-lopez-hair',
  service_type: 'Silk press',
  time_zone: 'America/Chicago',
  // 3:00–4:30 PM in Austin (CDT from March 8, 2026).
  start_time: '2026-03-12T20:00:00.000000Z',
  end_time: '2026-03-12T21:30:00.000000Z',
  price: '$85',
  regular_price: null,
  ...overrides,
});

const message = (overrides: Partial<PushMessage> = {}): PushMessage => ({
  id: 'b5c6d7e8-f9a0-4b1c-8d2e-3f4a5b6c7d8e',
  thread_id: 'e1d2c3b4-a5f6-4e7d-8c9b-0a1b2c3d4e5f',
  body: 'Do you have time for a balayage on Saturday?',
  sender_name: 'Sam Rivera',
  sender_email: 'sam@example.com',
  ...overrides,
});

/** Text with no lone UTF-16 surrogate: what a cut must leave (a half emoji shows as '�'). */
const isWellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('openingPayload', () => {
  it("tells a follower who posted, the service, the time on the provider's clocks and the price", () => {
    const payload = openingPayload(opening(), AT, OPEN);
    expect(PushPayloadSchema.parse(payload)).toEqual(payload);
    expect(payload).toEqual({
      v: 1,
      kind: 'opening_alerts',
      title: 'Maya Lopez Hair posted an opening',
      body: `Silk press · ${openingWhen(opening())} · $85`,
      url: '/maya-lopez-hair#opening-2d3c4b5a-6f7e-4d8c-9b0a-1e2f3d4c5b6a',
      tag: 'opening-2d3c4b5a-6f7e-4d8c-9b0a-1e2f3d4c5b6a',
      open: OPEN,
      at: AT.getTime(),
    });
    expect(payload.body).toMatch(/^Silk press · Thu, Mar 12 · 3:00\s–\s4:30\sPM CDT · \$85$/);
  });

  it('shows a plain amount as every price is shown, and other price texts as typed', () => {
    expect(openingPayload(opening({ price: '1200' }), AT, OPEN).body).toBe(
      `Silk press · ${openingWhen(opening())} · $1,200`,
    );
    expect(openingPayload(opening({ price: ' $45.5 ' }), AT, OPEN, 'Silk').body).toBe(
      `Maya Lopez Hair · Silk press · ${openingWhen(opening())} · $45.50`,
    );
    expect(openingPayload(opening({ price: 'from $40' }), AT, OPEN).body).toMatch(/PM CDT · from \$40$/);
  });

  it("says a reduced price as 'was …, now …'", () => {
    const payload = openingPayload(opening({ price: '$140', regular_price: 180 }), AT, OPEN);
    expect(payload.body).toBe(`Silk press · ${openingWhen(opening())} · was $180, now $140`);
  });

  it('leaves the price out when there is none', () => {
    expect(openingPayload(opening({ price: null }), AT, OPEN).body).toMatch(/PM CDT$/);
    expect(openingPayload(opening({ price: '  ' }), AT, OPEN).body).toMatch(/PM CDT$/);
  });

  it("names the saved search in the title and the provider in the body for a saved search's match", () => {
    const payload = openingPayload(opening(), AT, OPEN, 'Balayage near downtown');
    expect(payload.kind).toBe('saved_search_alerts');
    expect(payload.title).toBe('New match for “Balayage near downtown”');
    expect(payload.body).toBe(`Maya Lopez Hair · Silk press · ${openingWhen(opening())} · $85`);
    expect(payload.url).toBe('/maya-lopez-hair#opening-2d3c4b5a-6f7e-4d8c-9b0a-1e2f3d4c5b6a');
  });

  it('stays under the payload limit with every text at its longest, in four-byte characters', () => {
    const emoji = (n: number) => '💅'.repeat(n);
    const longest = opening({
      provider_name: emoji(LIMITS.nameMax),
      routing_slug: 'a'.repeat(200),
      service_type: emoji(OPENING_LIMITS.serviceTypeMax),
      price: emoji(OPENING_LIMITS.priceMax),
    });
    for (const search of [undefined, emoji(SAVED_SEARCH_LIMITS.nameMax)]) {
      const payload = openingPayload(longest, AT, OPEN, search);
      expect(payloadBytes(payload)).toBeLessThan(PUSH_LIMITS.payloadMaxBytes);
      expect(payload.body.length).toBeLessThanOrEqual(PUSH_LIMITS.bodyMax);
      expect(payload.title.length).toBeLessThanOrEqual(120);
      expect(payload.body.endsWith('…')).toBe(true);
      expect(isWellFormed(payload.title) && isWellFormed(payload.body)).toBe(true);
      // The link and the token are never cut.
      expect(payload.url).toBe(`/${'a'.repeat(200)}#opening-${longest.id}`);
      expect(payload.open).toBe(OPEN);
    }
  });
});

describe('messagePayload', () => {
  it('names the sender and previews the message, linking to the conversation', () => {
    const payload = messagePayload(message(), AT);
    expect(PushPayloadSchema.parse(payload)).toEqual(payload);
    expect(payload).toEqual({
      v: 1,
      kind: 'new_messages',
      title: 'New message from Sam Rivera',
      body: 'Do you have time for a balayage on Saturday?',
      url: '/messages/e1d2c3b4-a5f6-4e7d-8c9b-0a1b2c3d4e5f',
      tag: 'thread-e1d2c3b4-a5f6-4e7d-8c9b-0a1b2c3d4e5f',
      at: AT.getTime(),
    });
    expect(payload.open).toBeUndefined();
  });

  it('never shows an address as a name, and names a deleted account as such', () => {
    expect(messagePayload(message({ sender_name: 'sam' }), AT).title).toBe(
      `New message from ${MESSAGE_TEXTS.unnamedMember}`,
    );
    expect(messagePayload(message({ sender_name: null, sender_email: null }), AT).title).toBe(
      `New message from ${MESSAGE_TEXTS.deletedAccount}`,
    );
  });

  it('cuts a 5,000-character message to a preview that fits, on one line', () => {
    const body = `Hello\n\n${'Crème brûlée 🍮 "quoted" \\ \u0001 '.repeat(400)}`.slice(
      0,
      MESSAGE_LIMITS.bodyMax,
    );
    expect(body).toHaveLength(MESSAGE_LIMITS.bodyMax);
    const payload = messagePayload(message({ body, sender_name: '💅'.repeat(LIMITS.nameMax) }), AT);
    expect(payloadBytes(payload)).toBeLessThan(PUSH_LIMITS.payloadMaxBytes);
    expect(payload.body.length).toBeLessThanOrEqual(PUSH_LIMITS.bodyMax);
    expect(payload.body.startsWith('Hello Crème brûlée 🍮 "quoted" \\ \u0001 Crème')).toBe(true);
    expect(payload.body).not.toMatch(/\n/);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(isWellFormed(payload.title) && isWellFormed(payload.body)).toBe(true);
  });

  it('cuts no character in half', () => {
    // 179 single units then emoji: the cut falls inside the first emoji's surrogate pair.
    for (let lead = 170; lead < 182; lead++) {
      const payload = messagePayload(message({ body: `${'x'.repeat(lead)}${'🍮'.repeat(20)}` }), AT);
      expect(isWellFormed(payload.body), `lead ${lead}: ${payload.body.slice(-4)}`).toBe(true);
    }
  });
});
