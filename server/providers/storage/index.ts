import { join } from "node:path";
import type { Config } from "../../config";
import { encryptedStorage } from "./encrypted";
import { localStorage } from "./local";
import type { FileStorage } from "./port";
import { s3Storage } from "./s3";

export type { FileStorage } from "./port";

/**
 * The configured file storage: the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files; either way
 * every file is sealed with its own key under DOCUMENTS_KEYS before it leaves the process.
 */
export function createFileStorage(config: Config): FileStorage {
  const at = config.s3 ? s3Storage(config.s3) : localStorage(join(config.DATA_DIR, "files"));
  return encryptedStorage(at, config.documentKeys);
}
