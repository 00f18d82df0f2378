import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponse, RegistrationResponse } from '#domain/passkeys.ts';

/**
 * A software WebAuthn authenticator for API tests: ES256 keys from node:crypto, 'none' attestation,
 * authenticator data, client data and signatures built as the WebAuthn spec (Level 2, §6.1, §6.5,
 * §5.8.1) says a browser and its authenticator make them, so the server verifies real answers.
 * Each credential is discoverable (it keeps its user handle) and counts its signatures.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/** A made-up AAGUID; a real one names its maker (the server names known ones). */
export const SOFT_AAGUID = Buffer.from('5e5e5e5e5e5e4e5e9e5e5e5e5e5e5e5e', 'hex');

export interface SoftCredential {
  id: string;
  rawId: Buffer;
  privateKey: KeyObject;
  /** The user handle the registration's options gave (base64url). */
  userHandle: string;
  rpId: string;
  counter: number;
}

/** navigator.credentials.create()'s options as the server answers them (the fields used here). */
export interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}

export interface RequestOptions {
  challenge: string;
  rpId: string;
  allowCredentials?: { id: string }[];
}

export interface Overrides {
  /** The page's origin the browser reports (clientData.origin); by default the authenticator's. */
  origin?: string;
  /** The RP ID whose hash goes into the authenticator data; by default the options'. */
  rpId?: string;
  /** Signs as this credential (by default the first one the options allow, or the last made). */
  credential?: SoftCredential;
  /** The challenge to sign instead of the options' own. */
  challenge?: string;
  /** Performs user verification (UV flag); default true. */
  userVerified?: boolean;
  /** Sets the counter the authenticator reports (after this signature), instead of counting up. */
  counter?: number;
  /** Leaves the user handle out of an assertion (a non-discoverable answer). */
  withoutUserHandle?: boolean;
}

function authenticatorData(
  rpId: string,
  flags: number,
  counter: number,
  attested?: { credentialId: Buffer; cosePublicKey: Uint8Array },
): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter >>> 0);
  const parts: Uint8Array[] = [sha256(rpId), Buffer.from([flags]), count];
  if (attested) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(attested.credentialId.length);
    parts.push(SOFT_AAGUID, length, attested.credentialId, attested.cosePublicKey);
  }
  return Buffer.concat(parts);
}

/** The public key as a COSE_Key (RFC 9053): EC2, ES256, P-256, x and y. */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return isoCBOR.encode(key);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `origin` is the page the browser is on (e.g. PUBLIC_URL's origin). */
  constructor(readonly origin: string) {}

  /** A new credential for the options (like navigator.credentials.create()); the answer the browser sends. */
  register(options: CreationOptions, overrides: Overrides = {}): RegistrationResponse {
    const excluded = new Set(options.excludeCredentials?.map((c) => c.id));
    if (this.credentials.some((c) => excluded.has(c.id) && c.userHandle === options.user.id))
      throw new Error('InvalidStateError: this authenticator already holds a credential for the account');
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(32);
    const rpId = overrides.rpId ?? options.rp.id;
    const counter = overrides.counter ?? 0;
    const credential: SoftCredential = {
      id: b64url(rawId),
      rawId,
      privateKey,
      userHandle: options.user.id,
      rpId: options.rp.id,
      counter,
    };
    const flags = FLAG.up | (overrides.userVerified === false ? 0 : FLAG.uv) | FLAG.at;
    const authData = authenticatorData(rpId, flags, counter, {
      credentialId: rawId,
      cosePublicKey: coseKey(privateKey),
    });
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(
          clientData(
            'webauthn.create',
            overrides.challenge ?? options.challenge,
            overrides.origin ?? this.origin,
          ),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /** A signed answer to a sign-in or re-authentication challenge (like navigator.credentials.get()). */
  authenticate(options: RequestOptions, overrides: Overrides = {}): AuthenticationResponse {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential =
      overrides.credential ??
      (allowed ? this.credentials.find((c) => allowed.includes(c.id)) : this.credentials.at(-1));
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    credential.counter = overrides.counter ?? credential.counter + 1;
    const flags = FLAG.up | (overrides.userVerified === false ? 0 : FLAG.uv);
    const authData = authenticatorData(overrides.rpId ?? options.rpId, flags, credential.counter);
    const data = clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(overrides.withoutUserHandle ? {} : { userHandle: credential.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
