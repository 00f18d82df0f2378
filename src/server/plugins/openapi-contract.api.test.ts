import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formSubmissions,
  messages,
  messageThreads,
  openings,
  providerProfiles,
  pushSubscriptions,
  reviews,
  savedReplies,
} from '#server/db/schema/index.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { buildTestApp, DAY, HOUR } from '#server/test/build-test-app.ts';
import { insertProvider, insertUser } from '#server/test/factories.ts';
import { checkResponse, type OpenApiDocument, readDocument } from '#server/test/fuzz/document.ts';
import { validate } from '#server/test/fuzz/json-schema.ts';
import type { Operation } from '#server/test/fuzz/requests.ts';
import { requiresSignIn } from './openapi';
import { EXAMPLE_IDS, OPERATION_EXAMPLES } from './openapi-examples';

/**
 * A contract test from the OpenAPI document alone, as Dredd would run one: every operation is sent
 * once, built only from the examples the document gives (path, query and header parameters, the
 * request body), and its reply must have a status the operation documents and a body its schema
 * allows (the fuzzer's check, test/fuzz/document.ts). Signed-in operations carry the bearer of the
 * examples' provider, an admin too; the rows the examples name are seeded first, so most calls
 * reach their happy path.
 */

const t = await buildTestApp();
const doc = (await t.get('/api/openapi.json')).body as OpenApiDocument;
const { operations, resolve } = readDocument(doc);
const name = (op: Operation) => `${op.method} ${op.path}`;
let token = '';
const answered = new Map<string, number>();

/** The request the document's examples make for `op`, or what it lacks to make one. */
function exampleRequest(
  op: Operation,
): { url: string; headers: Record<string, string>; payload?: string } | string {
  const headers: Record<string, string> = {};
  const query = new URLSearchParams();
  let url = op.path;
  for (const p of op.parameters ?? []) {
    if (p.example === undefined) {
      if (p.required) return `required ${p.in} parameter ${p.name} has no example`;
      continue;
    }
    const value = String(p.example);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query') query.set(p.name, value);
    else if (p.in === 'header') headers[p.name] = value;
  }
  const body = op.requestBody?.content['application/json'];
  if (op.requestBody && body?.example === undefined) return 'request body has no example';
  if (body) headers['content-type'] = 'application/json';
  return {
    url: query.size > 0 ? `${url}?${query}` : url,
    headers,
    ...(body ? { payload: JSON.stringify(body.example) } : {}),
  };
}

beforeAll(async () => {
  await insertProvider(t.db, {
    id: EXAMPLE_IDS.provider,
    name: 'Maya Lopez',
    routingSlug: EXAMPLE_IDS.providerSlug,
    role: 'admin',
  });
  await t.db
    .update(providerProfiles)
    .set({ categories: ['hair'] })
    .where(eq(providerProfiles.userId, EXAMPLE_IDS.provider));
  await insertUser(t.db, { id: EXAMPLE_IDS.client, name: 'Sam Rivera' });
  const soon = new Date(t.clock.now().getTime() + DAY);
  await t.db.insert(openings).values({
    id: EXAMPLE_IDS.opening,
    providerId: EXAMPLE_IDS.provider,
    serviceType: 'Silk press',
    startTime: soon,
    endTime: new Date(soon.getTime() + HOUR),
  });
  await t.db.insert(reviews).values({
    id: EXAMPLE_IDS.review,
    providerId: EXAMPLE_IDS.provider,
    clientId: EXAMPLE_IDS.client,
    rating: 5,
    text: 'Best balayage I have had.',
  });
  await t.db
    .insert(formSubmissions)
    .values({ id: EXAMPLE_IDS.submission, kind: 'feedback', type: 'feedback', message: 'Hello' });
  // The examples' conversation: Sam wrote to Maya (the examples' caller).
  await t.db.insert(messageThreads).values({
    id: EXAMPLE_IDS.thread,
    clientId: EXAMPLE_IDS.client,
    providerId: EXAMPLE_IDS.provider,
    lastSenderSide: 'client',
    lastMessageAt: t.clock.now(),
  });
  await t.db.insert(messages).values({
    id: EXAMPLE_IDS.message,
    threadId: EXAMPLE_IDS.thread,
    senderId: EXAMPLE_IDS.client,
    senderSide: 'client',
    body: 'Do you have time for a balayage on Saturday?',
    createdAt: t.clock.now(),
  });
  await t.db.insert(savedReplies).values({
    id: EXAMPLE_IDS.savedReply,
    providerId: EXAMPLE_IDS.provider,
    title: 'Prices',
    body: 'Balayage starts at $150.',
  });
  // Maya's phone, which the push examples change and remove.
  await t.db.insert(pushSubscriptions).values({
    id: EXAMPLE_IDS.pushDevice,
    userId: EXAMPLE_IDS.provider,
    endpoint: 'https://web.push.apple.com/QGlowfindExamplePhone',
    p256dh: 'BKczdKXBwm-K96RjWRR5OzI95Kox3REx203Ykm4R1wxCkCRix8yHjV8UdzNYco8Qf88kuWLi0O9m6X_kP9MqytU',
    auth: 'zLTqYmhvfHkMRiHgvE3Y2g',
  });
  token = (await signAccessToken(t.app.ctx.secret, EXAMPLE_IDS.provider, t.clock.now())).token;
});

afterAll(async () => {
  const byStatus = new Map<number, string[]>();
  for (const [op, status] of answered) byStatus.set(status, [...(byStatus.get(status) ?? []), op]);
  console.log(
    `openapi contract: ${answered.size} operations\n${[...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, ops]) => `${status}: ${ops.join(', ')}`)
      .join('\n')}`,
  );
  await t.close();
});

describe('the document', () => {
  it('names its server and describes every tag', () => {
    expect(doc.servers?.[0]?.url).toBe(t.app.ctx.config.publicUrl);
    const tags = doc.tags ?? [];
    const used = new Set(operations.flatMap((op) => op.tags ?? []));
    expect(tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
    for (const tag of tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it('gives every operation a unique operationId and every example passes its schema', () => {
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(operations.length);
    const problems: string[] = [];
    for (const op of operations) {
      for (const p of op.parameters ?? [])
        if (p.example !== undefined)
          problems.push(...validate(p.schema, p.example, resolve).map((m) => `${name(op)} ${p.name} ${m}`));
      const body = op.requestBody?.content['application/json'];
      if (body?.example !== undefined)
        problems.push(...validate(body.schema, body.example, resolve).map((m) => `${name(op)} body ${m}`));
      const reply = op.responses['200']?.content?.['application/json'];
      if (reply?.example !== undefined)
        problems.push(...validate(reply.schema, reply.example, resolve).map((m) => `${name(op)} reply ${m}`));
    }
    expect(problems).toEqual([]);
    // An example keyed by a route that no longer exists would be dropped without a word.
    expect(Object.keys(OPERATION_EXAMPLES).filter((route) => !t.app.apiRoutes.includes(route))).toEqual([]);
  });
});

describe('the document says once what it means once', () => {
  it('documents the optional sign-in of the public GETs that take one: anonymous, or a bearer token', () => {
    const optional = operations.filter(
      (op) => op.security?.length === 2 && op.security.some((s) => JSON.stringify(s) === '{}'),
    );
    expect(optional.map(name).sort()).toEqual(['GET /api/last-minute-openings', 'GET /api/user/{slug}']);
    for (const op of optional) expect(op.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it('names the price range once (a component), and no schema offers the same alternative twice', () => {
    const text = JSON.stringify(doc);
    expect(doc.components.schemas.PriceRange).toBeDefined();
    expect(text.split('"$ref":"#/components/schemas/PriceRange"').length - 1).toBeGreaterThanOrEqual(2);
    const repeats: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) {
        for (const [i, child] of node.entries()) walk(child, `${at}[${i}]`);
      } else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
            const seen = value.map((v) => JSON.stringify(v));
            if (new Set(seen).size < seen.length) repeats.push(`${at}.${key}`);
          }
          walk(value, `${at}.${key}`);
        }
      }
    };
    walk(doc, '$');
    expect(repeats).toEqual([]);
  });
});

describe.each(operations.map((op) => [name(op), op] as const))('%s', (_name, op) => {
  it('answers its example request with a documented status and shape', async () => {
    const request = exampleRequest(op);
    if (typeof request === 'string') throw new Error(request);
    const res = await t.app.inject({
      method: op.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...(op.security?.length ? { authorization: `Bearer ${token}` } : {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    answered.set(name(op), res.statusCode);
    expect(
      checkResponse(op, res.statusCode, String(res.headers['content-type'] ?? ''), res.body, resolve),
    ).toBeUndefined();
    // A public read needs nothing the examples do not give: it is answered for real.
    if (op.method === 'GET' && !requiresSignIn(op.security)) expect(res.statusCode, res.body).toBe(200);
  });
});
