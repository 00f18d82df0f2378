import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { INSIGHT_BEACON_LIMITS } from '#domain/insights-beacon.ts';
import { INSIGHT_LIMITS } from '#domain/insights-options.ts';
import { uuidBytes, uuidText } from '#server/lib/uuid-bytes.ts';

// Insight tokens (ADR 019): a beacon counts only what the server itself issued a token for. A search
// reply carries one naming the providers it returned and the words that were searched; a profile
// view needs one the server issued for that provider to the visitor's address. A token is signed
// (HMAC-SHA256 under a key derived from AUTH_SECRET), expires, and counts once (its nonce is stored
// when counted: insight_counted_tokens). So nobody can count a provider a search did not return,
// choose a provider's top words, or become a new 'unique visitor' with a new User-Agent: the
// visitor is the address the token was issued to, carried inside it as a keyed hash.
//
// Binary layout, base64url: kind (1 byte) · expiry, unix seconds (4) · nonce (12) · body · MAC (16).
//   view:        provider id (16) · visitor (16)
//   impressions: id count (1) · ids (16 each) · the search words, UTF-8, space-separated

/** How long a token can be counted after it was issued. */
export const INSIGHT_TOKEN_TTL_MS = 30 * 60_000;

const KIND = { impressions: 1, view: 2 } as const;
const HEAD = 1 + 4 + 12;
const MAC = 16;
const UUID_BYTES = 16;

export type InsightToken =
  | { kind: 'view'; nonce: string; expiresAt: Date; providerId: string; visitor: string }
  | { kind: 'impressions'; nonce: string; expiresAt: Date; providerIds: string[]; words: string[] };

/** Signs and reads insight tokens with a key of their own, derived from the app's secret. */
export class InsightTokens {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = createHmac('sha256', secret).update('glowfind insight tokens v1').digest();
  }

  /** A token for one search reply: the providers it returned (the first idsMax) and its words. */
  impressions(providerIds: readonly string[], words: readonly string[], now: Date): string {
    const ids = providerIds.slice(0, INSIGHT_BEACON_LIMITS.idsMax);
    const text = Buffer.from(words.slice(0, INSIGHT_LIMITS.wordsPerSearch).join(' '), 'utf8');
    return this.sign(KIND.impressions, now, [Buffer.of(ids.length), ...ids.map(uuidBytes), text]);
  }

  /** A token for one profile view by the visitor at `address` (kept only as a keyed hash). */
  view(providerId: string, address: string, now: Date): string {
    const visitor = createHmac('sha256', this.key).update(`visitor\n${address}`).digest().subarray(0, 16);
    return this.sign(KIND.view, now, [uuidBytes(providerId), visitor]);
  }

  /** The token's contents, or null when it is malformed, forged or expired. */
  read(token: string, now: Date): InsightToken | null {
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length < HEAD + MAC || bytes.toString('base64url') !== token) return null;
    const payload = bytes.subarray(0, bytes.length - MAC);
    if (!timingSafeEqual(this.mac(payload), bytes.subarray(bytes.length - MAC))) return null;
    const expiresAt = new Date(payload.readUInt32BE(1) * 1000);
    if (expiresAt.getTime() <= now.getTime()) return null;
    const nonce = payload.subarray(5, HEAD).toString('hex');
    const body = payload.subarray(HEAD);
    if (payload[0] === KIND.view && body.length === 2 * UUID_BYTES) {
      return {
        kind: 'view',
        nonce,
        expiresAt,
        providerId: uuidText(body.subarray(0, UUID_BYTES)),
        visitor: body.subarray(UUID_BYTES).toString('hex'),
      };
    }
    if (payload[0] === KIND.impressions && body.length >= 1) {
      const count = body[0]!;
      const textStart = 1 + count * UUID_BYTES;
      if (body.length < textStart) return null;
      const providerIds = Array.from({ length: count }, (_, i) =>
        uuidText(body.subarray(1 + i * UUID_BYTES, 1 + (i + 1) * UUID_BYTES)),
      );
      const text = body.subarray(textStart).toString('utf8');
      return { kind: 'impressions', nonce, expiresAt, providerIds, words: text ? text.split(' ') : [] };
    }
    return null;
  }

  private sign(kind: number, now: Date, body: Buffer[]): string {
    const head = Buffer.alloc(HEAD);
    head[0] = kind;
    head.writeUInt32BE(Math.ceil((now.getTime() + INSIGHT_TOKEN_TTL_MS) / 1000), 1);
    randomBytes(12).copy(head, 5);
    const payload = Buffer.concat([head, ...body]);
    return Buffer.concat([payload, this.mac(payload)]).toString('base64url');
  }

  private mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, MAC);
  }
}
