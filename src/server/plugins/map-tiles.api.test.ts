import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapTileOrigin } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { securityHeaders } from './security';

/** MAP_TILE_URL: the results map's tiles reach the page in a meta tag, and only their host is let in for images. */

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Glowfind</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const imgSrc = (csp: string | undefined) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'img-src')
    ?.slice(1);

describe('the map tiles from the configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ indexHtml: INDEX });
  });
  afterAll(async () => {
    await t.close();
  });

  it("defaults to OpenStreetMap's tiles: the page names them and the CSP lets images come from their host only", async () => {
    for (const path of ['/', '/availability']) {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(
        '<meta name="glowfind-map-tile-url" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png" />',
      );
      expect(imgSrc(res.headers['content-security-policy'] as string)).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://tile.openstreetmap.org',
      ]);
    }
    // The API's replies carry the same policy.
    const api = await t.get('/api/health');
    expect(imgSrc(api.headers['content-security-policy'] as string)).toContain(
      'https://tile.openstreetmap.org',
    );
  });

  it("lets another tile server's origin in, a {s} subdomain as a wildcard host", () => {
    const headers = new Map<string, string>();
    const res = {
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
      removeHeader: () => {},
    };
    const origin = mapTileOrigin('http://{s}.tiles.example.test:8080/map/{z}/{x}/{y}.png?key=a');
    securityHeaders(false, [origin])({} as IncomingMessage, res as unknown as ServerResponse);
    expect(imgSrc(headers.get('content-security-policy'))).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://*.tiles.example.test:8080',
    ]);
  });
});
