import path from 'node:path';
import type { Config } from '../config';
import { createS3Storage, s3PublicBase } from './s3-storage';
import { createDiskStorage, type Storage } from './storage';

/** Disk under DATA_DIR/uploads unless S3 is configured (S3_BUCKET). */
export function createStorage(config: Config): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createDiskStorage(path.join(config.dataDir, 'uploads'));
}

/** Origins other than our own that serve stored images (for the CSP's img-src). */
export function imageOrigins(config: Config): string[] {
  return config.s3 ? [new URL(s3PublicBase(config.s3)).origin] : [];
}
