import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  type KeyObject,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a browser's `PushSubscription.toJSON()` gives the app, for a device of this service. */
export interface TestSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** One push message the service accepted (201) and decrypted. */
export interface ReceivedPush {
  endpoint: string;
  subscriptionId: string;
  /** The decrypted payload as UTF-8. */
  payload: string;
  /** The payload parsed as JSON (throws if it is not JSON). */
  json(): unknown;
  ttl: number;
  urgency?: string;
  topic?: string;
  jwt: { aud: string; exp: number; sub: string };
  /** The `k` of the Authorization header: the application server's public key, base64url. */
  vapidKey: string;
  receivedAt: number;
}

/** Any request to a push endpoint, whatever the answer. */
export interface PushAttempt {
  endpoint: string;
  subscriptionId: string;
  status: number;
  /** Why the request was refused, when it was (also the response body). */
  reason?: string;
  at: number;
}

/** A status to answer instead of 201, for the next `times` valid requests (all of them without `times`). */
export interface ScriptedResponse {
  status: number;
  retryAfter?: string;
  times?: number;
}

interface Device {
  id: string;
  endpoint: string;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  gone: boolean;
  scripts: ScriptedResponse[];
}

interface Waiter {
  check: () => boolean;
}

/** A refusal: the status and the reason sent back as the body. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const PATH = /^\/push\/([A-Za-z0-9_-]+)$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
// RFC 8030 §7.2: a push service must take 4096 octets of body and may refuse more with 413; real ones
// do, so an app that sends more fails here as it would in production.
const MAX_BODY = 4096;
// Past this the request is not a push message at all; the socket is dropped rather than read further.
const MAX_READ = 1 << 20;
const TAG_LENGTH = 16;
const MAX_JWT_LIFETIME_S = 24 * 60 * 60;

function b64url(buffer: Buffer): string {
  return buffer.toString('base64url');
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

/**
 * A real Web Push service (RFC 8030) on plain HTTP 127.0.0.1, for tests: it hands out subscriptions
 * like a browser does, checks each message's VAPID JWT (RFC 8292) and decrypts its aes128gcm body
 * (RFC 8188, RFC 8291) with the device's own private key, so a test reads what a device would show.
 * Failures are scripted per endpoint (respondWith, forget) to exercise the sender's retries and
 * clean-up. Plain node:http with keep-alive, no logging: a benchmark may send it thousands of pushes.
 */
export class PushService {
  readonly received: ReceivedPush[] = [];
  readonly attempts: PushAttempt[] = [];
  private readonly devices = new Map<string, Device>();
  // web-push signs a fresh JWT per request but with the same k: importing the key once per k saves
  // work under load.
  private readonly vapidKeys = new Map<string, KeyObject>();
  private expectedVapidKey: Buffer | undefined;
  private waiters: Waiter[] = [];
  private server: Server | undefined;
  private boundOrigin: string | undefined;

  /** `http://127.0.0.1:PORT`: the JWT's `aud` must be exactly this. */
  get origin(): string {
    if (!this.boundOrigin) throw new Error('PushService is not started');
    return this.boundOrigin;
  }

  /** Listens on a random free port. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.boundOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** Closes the port and any kept-alive connections. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  /** A new device: its own P-256 key pair and auth secret; the private key stays here. */
  async createSubscription(): Promise<TestSubscription> {
    const id = b64url(randomBytes(16));
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const device: Device = {
      id,
      endpoint: `${this.origin}/push/${id}`,
      ecdh,
      publicKey,
      auth: randomBytes(16),
      gone: false,
      scripts: [],
    };
    this.devices.set(id, device);
    return {
      endpoint: device.endpoint,
      expirationTime: null,
      keys: { p256dh: b64url(publicKey), auth: b64url(device.auth) },
    };
  }

  /**
   * Refuses every message whose Authorization `k` is not this key (base64url), as a push service
   * does for a subscription made with that applicationServerKey (RFC 8292 §3.2); null lifts it.
   */
  expectVapidKey(k: string | null): void {
    this.expectedVapidKey = k === null ? undefined : Buffer.from(k, 'base64url');
  }

  /**
   * Answers `status` (with Retry-After if given) to the next `times` requests to this endpoint, or
   * to all of them without `times`. Scripts queue up in call order. Only requests that pass every
   * check count: a malformed one still gets its 400/401/403, so a retry test cannot hide a bad request.
   */
  respondWith(endpoint: string | TestSubscription, response: ScriptedResponse): void {
    this.device(endpoint).scripts.push({ ...response });
  }

  /** Drops the scripted answers: the endpoint accepts messages again. */
  clearResponses(endpoint: string | TestSubscription): void {
    this.device(endpoint).scripts = [];
  }

  /** The subscription expired: the endpoint answers 410 Gone from now on. */
  forget(endpoint: string | TestSubscription): void {
    this.device(endpoint).gone = true;
  }

  /** The messages accepted for one endpoint, oldest first. */
  receivedFor(endpoint: string | TestSubscription): ReceivedPush[] {
    const url = typeof endpoint === 'string' ? endpoint : endpoint.endpoint;
    return this.received.filter((r) => r.endpoint === url);
  }

  /**
   * The oldest accepted message that matches, waiting for one to arrive. It does not consume: two
   * calls with the same predicate give the same message.
   */
  waitFor(predicate: (push: ReceivedPush) => boolean, timeoutMs = 10_000): Promise<ReceivedPush> {
    return this.wait(
      () => this.received.find(predicate),
      timeoutMs,
      () => 'No matching push',
    );
  }

  /** Resolves with the accepted messages once there are at least `n`. */
  waitForCount(n: number, timeoutMs = 10_000): Promise<ReceivedPush[]> {
    return this.wait(
      () => (this.received.length >= n ? this.received.slice() : undefined),
      timeoutMs,
      () => `Expected ${n} pushes, got ${this.received.length}`,
    );
  }

  private wait<T>(look: () => T | undefined, timeoutMs: number, problem: () => string): Promise<T> {
    const found = look();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        check: () => {
          const value = look();
          if (value === undefined) return false;
          clearTimeout(timer);
          resolve(value);
          return true;
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`${problem()} within ${timeoutMs} ms (${this.summary()})`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** What arrived so far, for a timeout's message: the usual reason is a refusal the app ignored. */
  private summary(): string {
    const statuses = new Map<string, number>();
    for (const a of this.attempts) {
      const key = a.reason ? `${a.status} ${a.reason}` : String(a.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    const lines = [...statuses].map(([key, count]) => `${count}× ${key}`);
    return `attempts: ${lines.join('; ') || 'none'}`;
  }

  private device(endpoint: string | TestSubscription): Device {
    const url = typeof endpoint === 'string' ? endpoint : endpoint.endpoint;
    const id = url.startsWith(`${this.origin}/push/`) ? url.slice(this.origin.length + 6) : '';
    const device = this.devices.get(id);
    if (!device) throw new Error(`Not an endpoint of this push service: ${url}`);
    return device;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const match = PATH.exec(req.url ?? '');
    if (!match) {
      req.resume();
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const id = match[1]!;
    const endpoint = `${this.origin}/push/${id}`;
    if (req.method !== 'POST') {
      req.resume();
      res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('Method not allowed');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    // A sender that gives up mid-body (a benchmark's timeout) must not crash the test process.
    req.on('error', () => {});
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_READ) {
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const at = Date.now();
      let status = 201;
      let reason: string | undefined;
      let headers: Record<string, string> = {};
      try {
        const outcome = this.accept(id, endpoint, req, body, at);
        if (outcome.scripted) {
          status = outcome.scripted.status;
          reason = 'scripted';
          if (outcome.scripted.retryAfter !== undefined) headers['retry-after'] = outcome.scripted.retryAfter;
        } else {
          headers = {
            location: `${this.origin}/message/${b64url(randomBytes(12))}`,
            ttl: String(outcome.ttl),
          };
        }
      } catch (error) {
        // A bug here answers 500 with its message rather than crashing the test process.
        status = error instanceof Refusal ? error.status : 500;
        reason = error instanceof Error ? error.message : String(error);
        if (status === 401) headers['www-authenticate'] = 'vapid';
      }
      this.attempts.push({ endpoint, subscriptionId: id, status, ...(reason ? { reason } : {}), at });
      res.writeHead(status, { ...headers, 'content-type': 'text/plain' }).end(reason ?? '');
      if (status === 201) this.wake();
    });
  }

  /** Checks and decrypts one message; records it unless a scripted answer takes its place. */
  private accept(
    id: string,
    endpoint: string,
    req: IncomingMessage,
    body: Buffer,
    at: number,
  ): { ttl: number; scripted?: ScriptedResponse } {
    const device = this.devices.get(id);
    if (!device) throw new Refusal(404, 'No such subscription');
    if (device.gone) throw new Refusal(410, 'Subscription expired');
    if (body.length > MAX_BODY) throw new Refusal(413, `Body of ${body.length} octets, over ${MAX_BODY}`);

    const ttlHeader = req.headers.ttl;
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader))
      throw new Refusal(400, 'Missing or bad TTL');
    const ttl = Number(ttlHeader);
    const urgency = req.headers.urgency;
    if (urgency !== undefined && (typeof urgency !== 'string' || !URGENCIES.has(urgency))) {
      throw new Refusal(400, 'Bad Urgency');
    }
    const topic = req.headers.topic;
    if (topic !== undefined && (typeof topic !== 'string' || topic.length > 32 || !BASE64URL.test(topic))) {
      throw new Refusal(400, 'Bad Topic');
    }
    if (req.headers['content-encoding']?.toLowerCase() !== 'aes128gcm') {
      throw new Refusal(400, 'Content-Encoding must be aes128gcm');
    }

    const { jwt, vapidKey } = this.authenticate(req.headers.authorization);
    const payload = this.decrypt(device, body);

    const script = device.scripts[0];
    if (script) {
      if (script.times !== undefined) {
        script.times -= 1;
        if (script.times <= 0) device.scripts.shift();
      }
      return { ttl, scripted: script };
    }

    this.received.push({
      endpoint,
      subscriptionId: id,
      payload,
      json: () => JSON.parse(payload),
      ttl,
      ...(urgency ? { urgency } : {}),
      ...(topic ? { topic } : {}),
      jwt,
      vapidKey,
      receivedAt: at,
    });
    return { ttl };
  }

  // RFC 8292 §4.2: absent credentials are a 401, credentials that do not hold up a 403.
  private authenticate(header: string | undefined): { jwt: ReceivedPush['jwt']; vapidKey: string } {
    const scheme = header ? /^vapid\s+(.*)$/i.exec(header.trim()) : null;
    if (!scheme) throw new Refusal(401, 'Authorization must be vapid t=..., k=...');
    const params = new Map<string, string>();
    for (const part of scheme[1]!.split(',')) {
      const eq = part.indexOf('=');
      if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
    }
    const token = params.get('t');
    const k = params.get('k');
    if (!token || !k) throw new Refusal(401, 'Authorization lacks t or k');

    const rawKey = BASE64URL.test(k) ? Buffer.from(k, 'base64url') : Buffer.alloc(0);
    if (rawKey.length !== 65 || rawKey[0] !== 0x04) {
      throw new Refusal(403, 'k is not an uncompressed P-256 public key');
    }
    if (this.expectedVapidKey && !rawKey.equals(this.expectedVapidKey)) {
      throw new Refusal(403, 'k is not the expected application server key');
    }
    const publicKey = this.vapidKey(k, rawKey);

    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) throw new Refusal(403, 'Malformed JWT');
    const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
    let jwtHeader: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      jwtHeader = decodeJson(headerPart);
      claims = decodeJson(claimsPart);
    } catch {
      throw new Refusal(403, 'Malformed JWT');
    }
    if (jwtHeader.alg !== 'ES256') throw new Refusal(403, 'JWT alg must be ES256');
    const signature = Buffer.from(signaturePart, 'base64url');
    if (signature.length !== 64) throw new Refusal(403, 'JWT signature is not 64 octets (r||s)');
    const signed = verify(
      'sha256',
      Buffer.from(`${headerPart}.${claimsPart}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      signature,
    );
    if (!signed) throw new Refusal(403, 'JWT signature does not match k');

    const { aud, exp, sub } = claims;
    if (aud !== this.origin) throw new Refusal(403, `JWT aud is not ${this.origin}`);
    const now = Date.now() / 1000;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new Refusal(403, 'JWT lacks exp');
    if (exp <= now) throw new Refusal(403, 'JWT expired');
    if (exp > now + MAX_JWT_LIFETIME_S) throw new Refusal(403, 'JWT exp more than 24 hours ahead');
    if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub) || !URL.canParse(sub)) {
      throw new Refusal(403, 'JWT sub must be a mailto: or https: URL');
    }
    return { jwt: { aud, exp, sub }, vapidKey: k };
  }

  private vapidKey(k: string, raw: Buffer): KeyObject {
    let key = this.vapidKeys.get(k);
    if (!key) {
      try {
        key = createPublicKey({
          key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
          format: 'jwk',
        });
      } catch {
        throw new Refusal(403, 'k is not a point on P-256');
      }
      this.vapidKeys.set(k, key);
    }
    return key;
  }

  // RFC 8188 §2.1 header, RFC 8291 §3.4 keys: salt(16) | rs(4) | idlen(1) | keyid = sender's public key.
  private decrypt(device: Device, body: Buffer): string {
    if (body.length < 21) throw new Refusal(400, 'Body shorter than the aes128gcm header');
    const salt = body.subarray(0, 16);
    const rs = body.readUInt32BE(16);
    const idlen = body[20]!;
    if (rs < 18) throw new Refusal(400, `Record size ${rs} under 18`);
    if (idlen !== 65) throw new Refusal(400, `keyid of ${idlen} octets, not a 65-octet public key`);
    const senderKey = body.subarray(21, 21 + idlen);
    const ciphertext = body.subarray(21 + idlen);
    if (senderKey.length !== 65 || ciphertext.length === 0) throw new Refusal(400, 'Body truncated');

    let secret: Buffer;
    try {
      secret = device.ecdh.computeSecret(senderKey);
    } catch {
      throw new Refusal(400, 'keyid is not a P-256 public key');
    }
    const info = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
    const ikm = hkdf(device.auth, secret, info, 32);
    const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
    const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

    const plain: Buffer[] = [];
    let seq = 0;
    for (let start = 0; start < ciphertext.length; start += rs, seq++) {
      const record = ciphertext.subarray(start, start + rs);
      const last = start + rs >= ciphertext.length;
      if (record.length <= TAG_LENGTH) throw new Refusal(400, `Record ${seq} too short`);
      // RFC 8188 §2.3: the record's sequence number is XORed into the low end of the nonce.
      // Records never number past 2^32 here, so only the last four octets change.
      const nonce = Buffer.from(baseNonce);
      nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
      let padded: Buffer;
      try {
        padded = Buffer.concat([
          decipher.update(record.subarray(0, record.length - TAG_LENGTH)),
          decipher.final(),
        ]);
      } catch {
        throw new Refusal(400, `Record ${seq} does not decrypt (wrong keys or altered body)`);
      }
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== (last ? 2 : 1)) throw new Refusal(400, `Record ${seq} has a bad padding delimiter`);
      plain.push(padded.subarray(0, end));
    }
    // A push service cannot see payloads, so it does not refuse non-UTF-8 ones either.
    return Buffer.concat(plain).toString('utf8');
  }

  private wake(): void {
    if (this.waiters.length === 0) return;
    this.waiters = this.waiters.filter((w) => !w.check());
  }
}
