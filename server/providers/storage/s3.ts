import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { checkKey, type FileStorage } from "./port";

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Asks the bucket to encrypt each object at rest too (SSE-S3 `AES256` or SSE-KMS `aws:kms`). */
  serverSideEncryption?: "AES256" | "aws:kms";
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …) addressed path-style, `endpoint/bucket/key`, which every
 * compatible service accepts. Requests are signed with SigV4 by aws4fetch.
 */
export function s3Storage(o: S3Options): FileStorage {
  const client = new AwsClient({
    accessKeyId: o.accessKeyId,
    secretAccessKey: o.secretAccessKey,
    region: o.region,
    service: "s3",
  });
  const base = `${o.endpoint.replace(/\/$/, "")}/${encodeURIComponent(o.bucket)}`;
  const urlOf = (key: string) => `${base}/${checkKey(key)}`;
  const fail = async (what: string, res: Response) => {
    const text = (await res.text()).slice(0, 300);
    return new Error(`S3 ${what} answered ${res.status}: ${text}`);
  };
  return {
    kind: "s3",
    async put(key, data, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: "PUT",
        body: new Uint8Array(data),
        // The body's hash is signed too, so the bucket refuses a file changed on the way.
        headers: {
          "content-type": contentType,
          "x-amz-content-sha256": createHash("sha256").update(data).digest("hex"),
          ...(o.serverSideEncryption ? { "x-amz-server-side-encryption": o.serverSideEncryption } : {}),
        },
      });
      if (!res.ok) throw await fail("PUT", res);
    },
    async get(key) {
      const res = await client.fetch(urlOf(key), { method: "GET" });
      if (res.status === 404) return undefined;
      if (!res.ok) throw await fail("GET", res);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw await fail("DELETE", res);
    },
  };
}
