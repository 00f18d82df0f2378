// What `npm run loadtest` sends: 60% searches (the bench's search mix), 30% profile views and 10%
// everything else, as a seeded random sequence of request kinds.
import { createRng } from '#server/seed/art.ts';
import { popularIndex, profileMix, type RequestSpec, searchMix } from '../bench/mix';
import type { SeededProvider } from '../bench/seed';
import type { NextRequest } from './driver';
import { CLIENT_PASSWORD, type SeededClient } from './seed-extras';

/** Shares in thousandths. Logins are 1%: each costs an argon2 verification (12–29 ms of CPU, by host; --costs). */
export const KINDS = [
  ['search', 600],
  ['profile', 300],
  ['login', 10],
  ['favorite add', 20],
  ['favorite remove', 15],
  ['openings list', 15],
  ['reviews list', 15],
  ['providers list', 10],
  ['booking click', 15],
] as const;
export type Kind = (typeof KINDS)[number][0];

export interface Session {
  email: string;
  accessToken: string;
  /** The value of the HttpOnly refresh cookie (the API never puts it in JSON). */
  refreshToken: string;
}

export interface MixData {
  seed: string;
  active: SeededProvider[];
  popularZips: string[];
  clients: SeededClient[];
  reviewed: string[];
  /** Signed-in clients; their tokens are replaced in place when refreshed. */
  sessions: Session[];
}

/** A generator of requests in the mix; `only` restricts it to one kind (the CI check uses it). */
export function createMix(data: MixData, label: string) {
  const rng = createRng(`${data.seed}:loadtest:${label}`);
  const searches = searchMix(data.seed, data.active, data.popularZips).mix!;
  const profiles = profileMix(data.seed, data.active, 2000);
  const total = KINDS.reduce((sum, [, share]) => sum + share, 0);
  const provider = () => data.active[popularIndex(rng.next(), data.active.length)]!;
  const auth = () => ({
    authorization: `Bearer ${data.sessions[Math.floor(rng.next() * data.sessions.length)]!.accessToken}`,
  });
  let loginTurn = 0;
  const json = (method: RequestSpec['method'], path: string, body: object, signedIn = false) => ({
    method,
    path,
    body: JSON.stringify(body),
    ...(signedIn ? { headers: auth() } : {}),
  });

  const build: Record<Kind, () => RequestSpec> = {
    search: () => rng.pick(searches),
    profile: () => rng.pick(profiles),
    login: () =>
      json('POST', '/api/auth/login', {
        email: data.clients[loginTurn++ % data.clients.length]!.email,
        password: CLIENT_PASSWORD,
      }),
    'favorite add': () => json('POST', '/api/favorites', { providerId: provider().id }, true),
    'favorite remove': () => json('DELETE', '/api/favorites', { providerId: provider().id }, true),
    'openings list': () => ({
      method: 'GET',
      path: rng.chance(0.8) ? '/api/last-minute-openings' : '/api/last-minute-openings?limit=10',
    }),
    'reviews list': () => ({
      method: 'GET',
      path: `/api/reviews?provider_id=${rng.chance(0.7) ? rng.pick(data.reviewed) : provider().id}`,
    }),
    'providers list': () => ({
      method: 'GET',
      path: rng.chance(0.7) ? '/api/providers' : '/api/providers?limit=12',
    }),
    'booking click': () => {
      const p = provider();
      return json('POST', '/api/booking-logs', { url: p.bookingLink, provider_id: p.id }, true);
    },
  };

  return (only?: Kind): NextRequest => {
    let kind: Kind = only ?? 'search';
    if (!only) {
      let x = rng.next() * total;
      for (const [k, share] of KINDS) {
        kind = k;
        x -= share;
        if (x < 0) break;
      }
    }
    return { kind, spec: build[kind]() };
  };
}
