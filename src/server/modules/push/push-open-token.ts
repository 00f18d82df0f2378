import { createHmac, timingSafeEqual } from 'node:crypto';
import { uuidBytes, uuidText } from '#server/lib/uuid-bytes.ts';

/**
 * The token a notification about an opening carries back when it is clicked (POST /api/push/opened):
 * who was pushed, which opening, whose. Signed (HMAC-SHA256 under a key derived from AUTH_SECRET),
 * so nobody can count opens for a provider or mark openings as seen for someone else. The provider's
 * insights only ever get a count from it; the person is kept (push_opened_openings) so their alert
 * email leaves out what they already opened.
 *
 * Binary layout, base64url: version (1) · expiry, unix seconds (4) · user (16) · opening (16) ·
 * provider (16) · MAC (16): 92 characters.
 */

/** How long a notification can still be counted after it was sent. */
export const PUSH_OPEN_TOKEN_TTL_MS = 14 * 24 * 60 * 60_000;

const VERSION = 1;
const UUID_BYTES = 16;
const MAC = 16;
const BODY = 1 + 4 + 3 * UUID_BYTES;

export interface PushOpen {
  userId: string;
  openingId: string;
  providerId: string;
}

export class PushOpenTokens {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = createHmac('sha256', secret).update('glowfind push open tokens v1').digest();
  }

  sign(open: PushOpen, now: Date): string {
    const body = Buffer.alloc(BODY);
    body[0] = VERSION;
    body.writeUInt32BE(Math.ceil((now.getTime() + PUSH_OPEN_TOKEN_TTL_MS) / 1000), 1);
    uuidBytes(open.userId).copy(body, 5);
    uuidBytes(open.openingId).copy(body, 5 + UUID_BYTES);
    uuidBytes(open.providerId).copy(body, 5 + 2 * UUID_BYTES);
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  /** The token's contents, or null when it is malformed, forged or expired. */
  read(token: string, now: Date): PushOpen | null {
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== BODY + MAC || bytes.toString('base64url') !== token) return null;
    const body = bytes.subarray(0, BODY);
    if (body[0] !== VERSION || !timingSafeEqual(this.mac(body), bytes.subarray(BODY))) return null;
    if (body.readUInt32BE(1) * 1000 <= now.getTime()) return null;
    return {
      userId: uuidText(body.subarray(5, 5 + UUID_BYTES)),
      openingId: uuidText(body.subarray(5 + UUID_BYTES, 5 + 2 * UUID_BYTES)),
      providerId: uuidText(body.subarray(5 + 2 * UUID_BYTES)),
    };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC);
  }
}
