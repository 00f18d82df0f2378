import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { formatOpeningPriceText } from '#domain/opening-price.ts';
import { formatOpeningRange } from '#domain/opening-time.ts';
import { PUSH_LIMITS, PUSH_NOTIFICATION_TEXTS, type PushPayload } from '#domain/push.ts';
import { isAddressName } from '#server/lib/shown-name.ts';

/**
 * What each kind of push shows, built when it is sent. Texts are cut so that a payload always stays
 * under PUSH_LIMITS.payloadMaxBytes (Web Push carries 4 KB at most; the encryption adds 103 bytes).
 * The opening's time is on the provider's clocks, as the profile and the alert email show it.
 */

/** An opening as a push shows it (push.queries' findPushOpenings). */
export interface PushOpening {
  id: string;
  provider_id: string;
  provider_name: string;
  routing_slug: string;
  service_type: string;
  time_zone: string;
  start_time: string;
  end_time: string;
  price: string | null;
  /** At a reduced price: the regular one (the body says 'was $180, now $140'). */
  regular_price: number | null;
}

/** A message as a push shows it (push.queries' findPushMessages). */
export interface PushMessage {
  id: string;
  thread_id: string;
  body: string;
  sender_name: string | null;
  sender_email: string | null;
}

const cut = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // Never between the two halves of a character outside the BMP (an emoji): half of one shows as '�'.
  const end = /[\uD800-\uDBFF]/.test(flat.charAt(max - 2)) ? max - 2 : max - 1;
  return `${flat.slice(0, end).trimEnd()}…`;
};

/** The opening's place on its provider's page: the profile scrolls to it (OpeningItem's id). */
export const openingPath = (o: { routing_slug: string; id: string }) => `/${o.routing_slug}#opening-${o.id}`;

/** Made once per opening of a batch (each of its pushes gets the same row): 0.2 ms each, a thousand times over. */
const whenOf = new WeakMap<PushOpening, string>();

export function openingWhen(o: PushOpening): string {
  let when = whenOf.get(o);
  if (when === undefined) {
    when = formatOpeningRange(o.start_time, o.end_time, {
      timeZone: o.time_zone,
      viewerZone: o.time_zone,
      locale: 'en-US',
    });
    whenOf.set(o, when);
  }
  return when;
}

export function openingPayload(
  o: PushOpening,
  at: Date,
  open: string,
  savedSearchName?: string | undefined,
): PushPayload {
  const details = PUSH_NOTIFICATION_TEXTS.openingBody(
    o.service_type,
    openingWhen(o),
    o.price === null ? null : formatOpeningPriceText(o.price, o.regular_price),
  );
  return withinLimit({
    v: 1,
    kind: savedSearchName === undefined ? 'opening_alerts' : 'saved_search_alerts',
    title: cut(
      savedSearchName === undefined
        ? PUSH_NOTIFICATION_TEXTS.openingTitle(o.provider_name)
        : PUSH_NOTIFICATION_TEXTS.savedSearchTitle(savedSearchName),
      120,
    ),
    body: cut(
      savedSearchName === undefined ? details : `${o.provider_name} · ${details}`,
      PUSH_LIMITS.bodyMax,
    ),
    url: openingPath(o),
    tag: `opening-${o.id}`,
    open,
    at: at.getTime(),
  });
}

export function messagePayload(m: PushMessage, at: Date): PushPayload {
  const name = (m.sender_name ?? '').trim();
  const sender = !m.sender_email
    ? MESSAGE_TEXTS.deletedAccount
    : isAddressName(name, m.sender_email)
      ? MESSAGE_TEXTS.unnamedMember
      : name;
  return withinLimit({
    v: 1,
    kind: 'new_messages',
    title: cut(PUSH_NOTIFICATION_TEXTS.messageTitle(sender), 120),
    body: cut(m.body, PUSH_LIMITS.bodyMax),
    url: `/messages/${m.thread_id}`,
    // One notification per conversation: a newer message replaces the older one.
    tag: `thread-${m.thread_id}`,
    at: at.getTime(),
  });
}

export const payloadBytes = (payload: PushPayload) => Buffer.byteLength(JSON.stringify(payload));

/** Cuts the body (then the title) until the payload fits; names and texts are bounded, so this rarely runs. */
function withinLimit(payload: PushPayload): PushPayload {
  let p = payload;
  while (payloadBytes(p) > PUSH_LIMITS.payloadMaxBytes && p.body.length > 0)
    p = { ...p, body: cut(p.body, Math.floor(p.body.length / 2)) };
  while (payloadBytes(p) > PUSH_LIMITS.payloadMaxBytes && p.title.length > 1)
    p = { ...p, title: cut(p.title, Math.floor(p.title.length / 2)) };
  return p;
}
