import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { assertSafeKey, IMMUTABLE_CACHE_CONTROL, isSafeKey, type Storage } from './storage';

/** Where objects are fetched from: S3_PUBLIC_URL, else the endpoint path-style, else AWS's virtual host. */
export function s3PublicBase(s3: S3Config): string {
  if (s3.publicUrl) return s3.publicUrl;
  if (s3.endpoint) return `${s3.endpoint}/${s3.bucket}`;
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/** Any S3-compatible store: AWS, MinIO, R2, s3rver. Objects must be publicly readable at s3PublicBase. */
export function createS3Storage(s3: S3Config): Storage & { client: S3Client } {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // Newer SDKs add CRC checksums to every PutObject by default; several S3-compatible servers
    // reject or mis-handle them, and S3 itself does not require them for a simple put.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = s3PublicBase(s3);
  const urlFor = (key: string) => `${base}/${key}`;
  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
      return urlFor(key);
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 for a missing key too, so deleting twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    keyFromUrl(url) {
      if (!url.startsWith(`${base}/`)) return null;
      const key = url.slice(base.length + 1);
      return isSafeKey(key) ? key : null;
    },
    urlFor,
  };
}
