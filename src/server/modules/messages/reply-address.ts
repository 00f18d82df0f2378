import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ThreadSide } from '#server/db/schema/messages.ts';

/**
 * Reply addresses (docs/decisions/028): `reply+<token>@<REPLY_DOMAIN>`, one per thread and side, so an
 * answer from a mailbox lands in the right thread as the right person. The token is the thread's id
 * (16 bytes), the side (1 byte), the last day it is valid (2 bytes: days since 1970-01-01 UTC) and an
 * HMAC-SHA256 of those, truncated to 10 bytes, under a key derived from the app's secret for this
 * purpose only; written in lower-case base32 (RFC 4648's alphabet, no padding), 47 characters, so the
 * local part (53) fits SMTP's 64 and survives mail systems that fold case. Like an unsubscribe link it
 * is a bearer secret given only to that person's mailbox.
 */

/** How long an emailed reply address is accepted after the email that carried it. */
export const REPLY_ADDRESS_DAYS = 30;

const PREFIX = 'reply+';
const MAC_BYTES = 10;
const PAYLOAD_BYTES = 16 + 1 + 2;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const DAY_MS = 24 * 60 * 60_000;
/** SMTP's limit on a local part (RFC 5321 §4.5.3.1.1). */
const LOCAL_PART_MAX = 64;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const SIDES: readonly ThreadSide[] = ['client', 'provider'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const keys = new WeakMap<Uint8Array, Buffer>();

/** The MAC key: the app's secret, narrowed to this purpose (a reply token is never anything else's MAC). */
function keyOf(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('glowfind reply addresses v1').digest();
    keys.set(secret, key);
  }
  return key;
}

const macOf = (secret: Uint8Array, payload: Uint8Array): Buffer =>
  createHmac('sha256', keyOf(secret)).update(payload).digest().subarray(0, MAC_BYTES);

/** RFC 4648 base32, lower-case, without padding. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a lower-case base32 text; null when it is not one (or its unused bits are not zero). */
export function base32Decode(text: string): Uint8Array | null {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  // A canonical text leaves fewer than 5 bits over, all zero.
  if (bits >= 5 || (value & ((1 << bits) - 1)) !== 0) return null;
  return Uint8Array.from(out);
}

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The address a side of a thread answers to, valid through the day of `expiresAt` (UTC). */
export function replyAddress(
  secret: Uint8Array,
  opts: { threadId: string; side: ThreadSide; expiresAt: Date; domain: string },
): string {
  const id = opts.threadId.toLowerCase();
  if (!UUID.test(id)) throw new Error('replyAddress: the thread id must be a UUID');
  const day = Math.floor(opts.expiresAt.getTime() / DAY_MS);
  if (day < 0 || day > 0xffff) throw new Error('replyAddress: the expiry day is out of range');
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  uuidBytes(id).copy(payload, 0);
  payload.writeUInt8(SIDES.indexOf(opts.side), 16);
  payload.writeUInt16BE(day, 17);
  const token = base32Encode(Buffer.concat([payload, macOf(secret, payload)]));
  return `${PREFIX}${token}@${opts.domain.toLowerCase()}`;
}

/**
 * The thread and side a reply address names, or null: not ours (another domain, not reply+…, too
 * long, not base32), forged or altered (its MAC does not match: compared in constant time), or
 * expired at `now`. Case does not matter.
 */
export function readReplyAddress(
  secret: Uint8Array,
  address: string,
  now: Date,
  domain: string,
): { threadId: string; side: ThreadSide } | null {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return null;
  const local = lower.slice(0, at);
  if (lower.slice(at + 1) !== domain.toLowerCase()) return null;
  if (local.length > LOCAL_PART_MAX || !local.startsWith(PREFIX)) return null;
  const bytes = base32Decode(local.slice(PREFIX.length));
  if (!bytes || bytes.length !== TOKEN_BYTES) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(macOf(secret, payload), bytes.subarray(PAYLOAD_BYTES))) return null;
  const view = Buffer.from(payload);
  const side = SIDES[view.readUInt8(16)];
  if (!side) return null;
  if (Math.floor(now.getTime() / DAY_MS) > view.readUInt16BE(17)) return null;
  return { threadId: uuidOf(payload.subarray(0, 16)), side };
}
