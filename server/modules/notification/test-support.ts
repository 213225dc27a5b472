import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify } from "jose";

/*
 * A browser's side of Web Push for tests (unit and browser journeys): the subscription's keys, the decryption a
 * user agent does (RFC 8291), a push service on loopback standing in for the vendor's (FCM cannot be reached
 * here), and the check of the application server's VAPID signature (RFC 8292).
 */

export const b64u = (b: Buffer) => b.toString("base64url");

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager.subscribe makes them. */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** RFC 8291: the user agent's decryption of an aes128gcm Web Push message. */
export function decrypt(body: Buffer, ua: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (rs < 18) throw new Error(`record size ${rs} is below the minimum 18`);
  const uaPublic = ua.ecdh.getPublicKey();
  const shared = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record does not end with the delimiter 2");
  return padded.subarray(0, end).toString("utf8");
}

export interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** A push service on loopback: answers 201, or 410 for endpoints under /gone/, and records what it got. */
export function pushService() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith("/gone/") ? 410 : 201;
      res.end();
      for (const w of waiters.splice(0)) w();
    });
  });
  return {
    received,
    server,
    async next(count: number) {
      while (received.length < count) await new Promise<void>((r) => waiters.push(r));
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

/** Checks a push request's `Authorization: vapid t=<JWT>, k=<key>` against the server's public key. */
export async function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
  audience: string,
): Promise<{ sub?: string; exp?: number; alg: string }> {
  const auth = /^vapid t=([^,]+), k=(.+)$/.exec(String(authorization));
  if (!auth) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = auth;
  if (k !== publicKey) throw new Error("signed with another key");
  const raw = Buffer.from(k, "base64url");
  const key = await importJWK(
    { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    "ES256",
  );
  const { payload, protectedHeader } = await jwtVerify(jwt!, key, { audience });
  return { sub: payload.sub, exp: payload.exp, alg: protectedHeader.alg };
}

// What other modules' tests use of this module's insides (issue 37: tests reach modules through faces,
// tables and test-support).
export { notifyOfFact } from "./facts";
