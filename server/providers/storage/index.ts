import { join } from "node:path";
import type { Config } from "../../config";
import { localStorage } from "./local";
import type { FileStorage } from "./port";
import { s3Storage } from "./s3";

export type { FileStorage } from "./port";

/** The configured file storage: the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function createFileStorage(config: Config): FileStorage {
  if (config.s3) return s3Storage(config.s3);
  return localStorage(join(config.DATA_DIR, "files"));
}
