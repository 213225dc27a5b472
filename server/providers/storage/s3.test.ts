import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Storage } from "./s3";

const KEY_ID = "AKIDEXAMPLE";
const SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** AWS Signature Version 4 checked from its specification, not by the library that made it. */
function signatureProblem(req: IncomingMessage, body: Buffer): string | undefined {
  const auth = String(req.headers.authorization ?? "");
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return "malformed authorization";
  const [, keyId, day, region, signedHeaders, signature] = m;
  const amzDate = String(req.headers["x-amz-date"]);
  if (keyId !== KEY_ID || !amzDate.startsWith(day!)) return "wrong credential";
  const payloadHash = String(req.headers["x-amz-content-sha256"]);
  // A body is signed by its hash; a bodiless GET or DELETE may say UNSIGNED-PAYLOAD.
  if (payloadHash !== sha256(body) && !(payloadHash === "UNSIGNED-PAYLOAD" && body.length === 0))
    return "payload hash";
  if (!signedHeaders!.split(";").includes("host")) return "host not signed";
  const url = new URL(req.url!, "http://x");
  const canonical = [
    req.method,
    url.pathname,
    url.search.slice(1),
    ...signedHeaders!.split(";").map((h) => `${h}:${String(req.headers[h]).trim()}`),
    "",
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  let key: Buffer = hmac(`AWS4${SECRET}`, day!);
  for (const part of [region!, "s3", "aws4_request"]) key = hmac(key, part);
  return createHmac("sha256", key).update(toSign).digest("hex") === signature ? undefined : "bad signature";
}

describe("the S3-compatible storage", () => {
  const objects = new Map<string, Buffer>();
  const encryption = new Map<string, string | string[] | undefined>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const problem = signatureProblem(req, body);
      if (problem)
        return res.writeHead(403).end(`<Error><Code>SignatureDoesNotMatch</Code>${problem}</Error>`);
      const key = req.url!;
      if (req.method === "PUT") {
        objects.set(key, body);
        encryption.set(key, req.headers["x-amz-server-side-encryption"]);
      }
      if (req.method === "DELETE") objects.delete(key);
      if (req.method === "GET") {
        const found = objects.get(key);
        return found ? res.writeHead(200).end(found) : res.writeHead(404).end();
      }
      res.writeHead(200).end();
    });
  });
  let endpoint = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const storage = (secretAccessKey = SECRET, serverSideEncryption?: "AES256") =>
    s3Storage({
      endpoint,
      bucket: "docs",
      accessKeyId: KEY_ID,
      secretAccessKey,
      region: "eu-west-1",
      serverSideEncryption,
    });

  it("asks the bucket to encrypt at rest when configured, in the signed request", async () => {
    await storage(SECRET, "AES256").put("documents/8/sse", new Uint8Array([9]), "image/png");
    expect(encryption.get("/docs/documents/8/sse")).toBe("AES256");
    await storage().put("documents/8/plain", new Uint8Array([9]), "image/png");
    expect(encryption.get("/docs/documents/8/plain")).toBeUndefined();
  });

  it("puts, gets and deletes objects path-style with signed requests", async () => {
    const data = new Uint8Array([1, 2, 3, 250]);
    await storage().put("documents/7/abc", data, "image/png");
    expect([...objects.keys()]).toContain("/docs/documents/7/abc");
    expect(await storage().get("documents/7/abc")).toEqual(data);
    await storage().delete("documents/7/abc");
    expect(await storage().get("documents/7/abc")).toBeUndefined();
  });

  it("fails loudly when the bucket refuses the signature", async () => {
    await expect(
      storage("not-the-secret").put("documents/7/x", new Uint8Array([1]), "image/png"),
    ).rejects.toThrow(/403.*bad signature/);
  });

  it("takes only keys the server made", async () => {
    await expect(storage().put("../etc/passwd", new Uint8Array([1]), "image/png")).rejects.toThrow(
      /Bad storage key/,
    );
  });
});
