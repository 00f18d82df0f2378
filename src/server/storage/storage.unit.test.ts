import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createStorage, imageOrigins } from './create-storage';
import { s3PublicBase } from './s3-storage';
import { createDiskStorage, isSafeKey } from './storage';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'glowfind-storage-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const base = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32), ...env });

describe('storage keys', () => {
  it('accepts only the names the server makes', () => {
    expect(isSafeKey(`portfolio/3f1c/${'a'.repeat(64)}.webp`)).toBe(true);
    expect(isSafeKey(`avatar/3f1c/${'a'.repeat(64)}.thumb.webp`)).toBe(true);
    for (const bad of [
      '../auth-secret',
      'avatar/../../auth-secret.webp',
      '/etc/passwd.webp',
      'avatar//x.webp',
      'avatar\\..\\x.webp',
      'avatar/%2e%2e/x.webp',
      'avatar/x',
      '.hidden.webp',
      '',
    ]) {
      expect(isSafeKey(bad), bad).toBe(false);
    }
  });
});

describe('disk storage', () => {
  it('writes under its root, answers /uploads/ URLs, maps them back, deletes idempotently', async () => {
    const storage = createDiskStorage(dir);
    const url = await storage.put('avatar/u1/abc.webp', Buffer.from('x'), 'image/webp');
    expect(url).toBe('/uploads/avatar/u1/abc.webp');
    expect(readFileSync(path.join(dir, 'avatar/u1/abc.webp'), 'utf8')).toBe('x');
    expect(storage.keyFromUrl(url)).toBe('avatar/u1/abc.webp');
    expect(storage.keyFromUrl('https://elsewhere.example/avatar/u1/abc.webp')).toBeNull();
    expect(storage.keyFromUrl('/uploads/../auth-secret')).toBeNull();
    await storage.delete('avatar/u1/abc.webp');
    expect(existsSync(path.join(dir, 'avatar/u1/abc.webp'))).toBe(false);
    await expect(storage.delete('avatar/u1/abc.webp')).resolves.toBeUndefined();
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
  });
});

describe('choosing the storage from the configuration', () => {
  it('uses DATA_DIR/uploads without S3_BUCKET', async () => {
    const config = base();
    expect(config.s3).toBeUndefined();
    const storage = createStorage(config);
    expect(storage.kind).toBe('disk');
    await storage.put('avatar/u/a.webp', Buffer.from('x'), 'image/webp');
    expect(existsSync(path.join(dir, 'uploads/avatar/u/a.webp'))).toBe(true);
    expect(imageOrigins(config)).toEqual([]);
  });

  it('parses the S3 settings and uses S3 with S3_BUCKET', () => {
    const config = base({
      S3_BUCKET: 'pics',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'pics',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: undefined,
    });
    expect(createStorage(config).kind).toBe('s3');
    expect(s3PublicBase(config.s3!)).toBe('http://127.0.0.1:9000/pics');
    expect(imageOrigins(config)).toEqual(['http://127.0.0.1:9000']);
  });

  it('prefers S3_PUBLIC_URL, and falls back to the AWS bucket host without an endpoint', () => {
    const cdn = base({
      S3_BUCKET: 'pics',
      S3_PUBLIC_URL: 'https://img.example.com/glow/',
      S3_REGION: 'eu-west-1',
    });
    expect(s3PublicBase(cdn.s3!)).toBe('https://img.example.com/glow');
    expect(imageOrigins(cdn)).toEqual(['https://img.example.com']);
    const aws = base({ S3_BUCKET: 'pics', S3_REGION: 'eu-west-1' });
    expect(aws.s3!.credentials).toBeUndefined();
    expect(s3PublicBase(aws.s3!)).toBe('https://pics.s3.eu-west-1.amazonaws.com');
  });

  it('refuses a key id without its secret, naming both variables', () => {
    expect(() => base({ S3_BUCKET: 'pics', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    expect(() => base({ S3_BUCKET: 'pics', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });
});
