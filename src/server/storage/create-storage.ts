import path from 'node:path';
import type { Config } from '../config';
import { createDiskStorage, type Storage } from './storage';

/** Disk under DATA_DIR/uploads unless S3 is configured. */
export function createStorage(config: Config): Storage {
  return createDiskStorage(path.join(config.dataDir, 'uploads'));
}
