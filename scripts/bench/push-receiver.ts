// The push service of `npm run bench -- --push-fanout`: it takes every push at once (201) and notes
// when it arrived, so the bench times the app's sending and not this end. The bodies are kept and
// checked after the timed part: each one decrypted with its device's keys (RFC 8291, aes128gcm) and
// each distinct VAPID token verified (RFC 8292), so a fan-out that sent junk cannot look fast.
// (src/server/test/push-service.ts does the same checks per request, but scripts may not import test
// helpers, and checking per request would put the receiver's CPU into the times measured.)
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A device of this service: the private half stays here, the rest goes into the database. */
export interface BenchDevice {
  index: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  ecdh: ECDH;
}

/** One request to an endpoint, as it arrived. */
export interface Arrival {
  device: number;
  /** performance.now() when its body had arrived. */
  at: number;
  body: Buffer;
  authorization: string;
  contentEncoding: string;
  ttl: string;
}

const PATH = /^\/push\/(\d+)$/;
const TAG_LENGTH = 16;

export class PushReceiver {
  arrivals: Arrival[] = [];
  private server: Server | undefined;
  private origin = '';
  private waiters: (() => void)[] = [];

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      const device = PATH.exec(req.url ?? '');
      if (req.method !== 'POST' || !device) {
        req.resume();
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.arrivals.push({
          device: Number(device[1]),
          at: performance.now(),
          body: Buffer.concat(chunks),
          authorization: req.headers.authorization ?? '',
          contentEncoding: req.headers['content-encoding'] ?? '',
          ttl: String(req.headers.ttl ?? ''),
        });
        res.writeHead(201).end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    // The sender keeps its connections between passes: closing them would time the handshakes instead.
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  /** `count` devices with real P-256 keys and 16-byte auth secrets, as browsers make them. */
  createDevices(count: number): BenchDevice[] {
    return Array.from({ length: count }, (_, index) => {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      return {
        index,
        endpoint: `${this.origin}/push/${index}`,
        p256dh: publicKey.toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
        ecdh,
      };
    });
  }

  clear(): void {
    this.arrivals = [];
  }

  /** Resolves once `count` requests have arrived; rejects after timeoutMs. */
  async waitForCount(count: number, timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (this.arrivals.length < count) {
      const left = deadline - performance.now();
      if (left <= 0)
        throw new Error(`${this.arrivals.length} of ${count} pushes arrived within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** RFC 8291 §3.4 and RFC 8188: the plaintext of an aes128gcm body sent to `device`. */
export function decryptPush(device: BenchDevice, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ua = Buffer.from(device.p256dh, 'base64url');
  const secret = device.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ua, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, Buffer.from(device.auth, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  // A push of under 4 KB is one record (rs is 4096), so the first nonce is the only one.
  if (ciphertext.length > rs)
    throw new Error(`a body of ${ciphertext.length} octets spans more than one record`);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - TAG_LENGTH));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - TAG_LENGTH)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record lacks its padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks `vapid t=<jwt>, k=<key>` (RFC 8292): k is the server's public key, the ES256 signature holds,
 * aud is this push service and exp is in the future. Throws on the first thing that does not hold.
 */
export function verifyVapid(authorization: string, publicKey: string, audience: string): void {
  const params = new Map(
    (/^vapid\s+(.*)$/i.exec(authorization)?.[1] ?? '').split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
    }),
  );
  const token = params.get('t') ?? '';
  if (params.get('k') !== publicKey) throw new Error('the VAPID k is not the server’s public key');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const [header = '', claims = '', signature = ''] = token.split('.');
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT’s signature does not hold');
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
  };
  if (aud !== audience) throw new Error(`the VAPID JWT’s aud is ${aud}, not ${audience}`);
  if (exp <= Date.now() / 1000) throw new Error('the VAPID JWT has expired');
}
