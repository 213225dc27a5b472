import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityWebhookRejected } from "./port";
import { SumsubVerifier } from "./sumsub";
import { payloadDigest } from "./webhook";

const APP_TOKEN = "sbx:app-token";
const SECRET = "sumsub-secret-key";

/** Stands in for api.sumsub.com: checks the request signature the way Sumsub documents it, by its own code. */
function fakeSumsub() {
  const seen: { path: string; body: string }[] = [];
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (c) => {
        text += c;
      });
      req.on("end", () => resolve(text));
    });
  const server = createServer(async (req, res) => {
    const text = await body(req);
    const ts = String(req.headers["x-app-access-ts"]);
    const expected = createHmac("sha256", SECRET)
      .update(ts + req.method + req.url + text)
      .digest("hex");
    const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 60;
    if (req.headers["x-app-token"] !== APP_TOKEN || req.headers["x-app-access-sig"] !== expected || !fresh) {
      res.writeHead(401, { "content-type": "application/json" }).end('{"description":"Invalid signature"}');
      return;
    }
    seen.push({ path: req.url!, body: text });
    const { userId } = JSON.parse(text);
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ token: `_act-${userId}`, userId }));
  });
  return { server, seen };
}

describe("the Sumsub adapter", () => {
  const { server, seen } = fakeSumsub();
  let baseUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const verifier = (secretKey = SECRET) =>
    new SumsubVerifier({ baseUrl, appToken: APP_TOKEN, secretKey, webhookSecret: "hook", levelName: "kyc" });

  it("gets a Web SDK token with a request Sumsub accepts as signed", async () => {
    expect(await verifier().accessToken("42")).toEqual({ token: "_act-42" });
    expect(seen.at(-1)!.path).toBe("/resources/accessTokens/sdk");
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ userId: "42", levelName: "kyc", ttlInSecs: 1200 });
  });

  it("is refused when signed with the wrong secret", async () => {
    await expect(verifier("wrong-secret").accessToken("42")).rejects.toThrow(
      /answered 401: Invalid signature/,
    );
  });

  it("reads a review only under Sumsub's digest, in each of its algorithms", () => {
    const raw = JSON.stringify({
      type: "applicantReviewed",
      externalUserId: "42",
      createdAtMs: "2026-11-23 10:00:00.000",
      reviewResult: { reviewAnswer: "RED", rejectLabels: ["FORGERY", "SELFIE_MISMATCH"] },
    });
    for (const alg of ["HMAC_SHA1_HEX", "HMAC_SHA256_HEX", "HMAC_SHA512_HEX"])
      expect(
        verifier().readWebhook(
          { "x-payload-digest": payloadDigest("hook", raw, alg), "x-payload-digest-alg": alg },
          raw,
        ),
      ).toEqual({
        externalUserId: "42",
        status: "rejected",
        reason: "FORGERY, SELFIE_MISMATCH",
        at: new Date("2026-11-23T10:00:00Z"),
      });
    expect(() =>
      verifier().readWebhook(
        { "x-payload-digest": payloadDigest("other", raw), "x-payload-digest-alg": "HMAC_SHA256_HEX" },
        raw,
      ),
    ).toThrow(IdentityWebhookRejected);
    expect(() => verifier().readWebhook({}, raw)).toThrow(IdentityWebhookRejected);
    expect(() =>
      verifier().readWebhook(
        { "x-payload-digest": payloadDigest("hook", raw), "x-payload-digest-alg": "MD5" },
        raw,
      ),
    ).toThrow(IdentityWebhookRejected);
  });
});
