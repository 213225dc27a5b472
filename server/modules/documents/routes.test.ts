import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { DOCUMENT_STATUS } from "#common/constants";
import { DIGEST_ALG_HEADER, DIGEST_HEADER, payloadDigest } from "../../providers/identity/webhook";
import { describeEachDb } from "../../test/harness";
import { caller } from "../player/test-support";
import { reviewDocument } from "./review";
import { playerDocuments } from "./tables";
import { jpegWithExif, multipartForm, SMALL_PDF, smallPng } from "./test-support";

const SANDBOX_SECRET = "identity-sandbox-secret-identity-sandbox-secret";
const MAX = 100_000;

describeEachDb(
  "documents and identity verification API",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const upload = async (
      token: string,
      type: string,
      file?: { name: string; data: Uint8Array; contentType?: string },
    ) => {
      const form = multipartForm(type ? { type } : {}, file);
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/player/documents",
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        payload: form.payload,
      });
      return { status: res.statusCode, body: res.json() };
    };
    const fileOf = (token: string, id: string) =>
      ctx().app.inject({
        url: `/api/player/documents/${id}/file`,
        headers: { authorization: `Bearer ${token}` },
      });

    it("asks for a session", async () => {
      for (const [method, url] of [
        ["GET", "/api/player/documents"],
        ["POST", "/api/player/documents"],
        ["DELETE", "/api/player/documents/1"],
        ["GET", "/api/player/documents/1/file"],
        ["GET", "/api/player/verification"],
        ["POST", "/api/player/services/sumsub/auth"],
      ] as const) {
        const res = await call({ method, url, body: method === "GET" ? undefined : {} });
        expect([url, res.status]).toEqual([url, 401]);
      }
    });

    it("stores a photo without its EXIF and GPS, and lists it as pending", async () => {
      const { accessToken: token } = await register();
      const photo = await jpegWithExif();
      // The test's photo really carries what must go.
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      expect(photo.toString("latin1")).toContain("Jane Tracked");
      const res = await upload(token, "id", {
        name: "passport scan.jpg",
        data: photo,
        contentType: "image/jpeg",
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        type: "id",
        status: DOCUMENT_STATUS.pending,
        name: "passport scan.jpg",
        contentType: "image/jpeg",
        reviewedAt: null,
      });
      const stored = await fileOf(token, res.body.data.id);
      expect(stored.statusCode).toBe(200);
      expect(stored.headers["content-type"]).toBe("image/jpeg");
      expect(stored.headers["x-content-type-options"]).toBe("nosniff");
      expect(stored.headers["content-disposition"]).toMatch(/^attachment/);
      const meta = await sharp(stored.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 64, 48, undefined]);
      expect(stored.rawPayload.toString("latin1")).not.toContain("Jane Tracked");
      expect(stored.rawPayload.includes(Buffer.from("Exif\0\0"))).toBe(false);
      const list = await call({ method: "GET", url: "/api/player/documents", token });
      expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([res.body.data.id]);
    });

    it("takes PNG and PDF by their bytes, whatever their names say", async () => {
      const { accessToken: token } = await register();
      const png = await upload(token, "proof_of_address", { name: "bill.pdf", data: await smallPng() });
      const pdf = await upload(token, "payment_proof", {
        name: "receipt",
        data: SMALL_PDF,
        contentType: "image/png",
      });
      expect([png.status, png.body.data.contentType]).toEqual([201, "image/png"]);
      expect([pdf.status, pdf.body.data.contentType]).toEqual([201, "application/pdf"]);
    });

    it("refuses a renamed executable, a polyglot, an oversized file and a path in the name", async () => {
      const { accessToken: token } = await register();
      const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200, 7)]);
      const photo = await jpegWithExif();
      const zip = Buffer.from("PK\x03\x04\x14\x00\x00\x00\x08\x00payload.exe", "latin1");
      const cases = {
        executable: await upload(token, "id", { name: "photo.jpg", data: exe, contentType: "image/jpeg" }),
        zipAfterJpeg: await upload(token, "id", { name: "a.jpg", data: Buffer.concat([photo, zip]) }),
        htmlAfterJpeg: await upload(token, "id", {
          name: "a.jpg",
          data: Buffer.concat([photo, Buffer.from("<html><script>alert(1)</script>")]),
        }),
        scriptInPdf: await upload(token, "id", {
          name: "a.pdf",
          data: Buffer.from(
            SMALL_PDF.toString("latin1").replace(
              "/Type/Catalog",
              "/Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>",
            ),
            "latin1",
          ),
        }),
        zipInPdf: await upload(token, "id", {
          name: "a.pdf",
          data: Buffer.concat([zip, SMALL_PDF]).subarray(0),
        }),
        traversal: await upload(token, "id", { name: "../../../etc/passwd.jpg", data: photo }),
        windowsTraversal: await upload(token, "id", { name: "..\\..\\boot.ini.jpg", data: photo }),
        oversized: await upload(token, "id", {
          name: "big.jpg",
          data: Buffer.concat([photo, Buffer.alloc(MAX)]),
        }),
        noFile: await upload(token, "id"),
        badType: await upload(token, "selfie", { name: "a.jpg", data: photo }),
      };
      const summary = Object.fromEntries(
        Object.entries(cases).map(([k, r]) => [k, [r.status, r.body.code, Object.keys(r.body.errors ?? {})]]),
      );
      expect(summary).toEqual({
        executable: [422, "file_refused", ["file"]],
        zipAfterJpeg: [422, "file_refused", ["file"]],
        htmlAfterJpeg: [422, "file_refused", ["file"]],
        scriptInPdf: [422, "file_refused", ["file"]],
        zipInPdf: [422, "file_refused", ["file"]],
        traversal: [422, "file_refused", ["file"]],
        windowsTraversal: [422, "file_refused", ["file"]],
        oversized: [413, "file_too_large", ["file"]],
        noFile: [422, "validation_error", ["file"]],
        badType: [422, "validation_error", ["type"]],
      });
      expect((await call({ method: "GET", url: "/api/player/documents", token })).body.data).toEqual([]);
    });

    // Found by the API fuzz test: a body that is not the multipart form its header announces answered 500.
    it("answers a broken form 422, not a 500", async () => {
      const { accessToken: token } = await register();
      const broken = async (contentType: string, payload: string) => {
        const res = await ctx().app.inject({
          method: "POST",
          url: "/api/player/documents",
          headers: { "content-type": contentType, authorization: `Bearer ${token}` },
          payload,
        });
        return [res.statusCode, res.json().code, Object.keys(res.json().errors)];
      };
      expect(await broken("multipart/form-data; boundary=x", '{"type":"id","file":{"0":181}}')).toEqual([
        422,
        "validation_error",
        ["file"],
      ]);
      expect(
        await broken(
          "multipart/form-data; boundary=x",
          '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nid',
        ),
      ).toEqual([422, "validation_error", ["file"]]);
      expect((await call({ method: "GET", url: "/api/player/documents", token })).body.data).toEqual([]);
    });

    it("names stored files itself: an odd name is only shown, cleaned", async () => {
      const { accessToken: token } = await register();
      const res = await upload(token, "id", {
        name: "<img src=x onerror=alert(1)>%00.jpg",
        data: await smallPng(),
      });
      expect(res.status).toBe(201);
      expect(res.body.data.name).toBe("_img src_x onerror_alert(1)__00.jpg");
      const [row] = await ctx()
        .database.db.select()
        .from(playerDocuments)
        .where(eq(playerDocuments.id, BigInt(res.body.data.id)));
      expect(row!.storageKey).toMatch(/^documents\/\d+\/[0-9a-f]{32}$/);
    });

    it("answers 404 for another player's document: not listed, not served, not deleted", async () => {
      const owner = await register();
      const other = await register();
      const doc = (await upload(owner.accessToken, "id", { name: "id.png", data: await smallPng() })).body
        .data;
      expect(
        (await call({ method: "GET", url: "/api/player/documents", token: other.accessToken })).body.data,
      ).toEqual([]);
      expect((await fileOf(other.accessToken, doc.id)).statusCode).toBe(404);
      const del = await call({
        method: "DELETE",
        url: `/api/player/documents/${doc.id}`,
        token: other.accessToken,
      });
      expect([del.status, del.body.code]).toEqual([404, "not_found"]);
      expect((await fileOf(owner.accessToken, doc.id)).statusCode).toBe(200);
    });

    it("deletes a pending document and its file, never a reviewed one; the review port decides once", async () => {
      const { accessToken: token } = await register();
      const a = (await upload(token, "id", { name: "a.png", data: await smallPng() })).body.data;
      const b = (await upload(token, "proof_of_address", { name: "b.png", data: await smallPng() })).body
        .data;
      const deps = { db: ctx().database.db, clock: { now: () => new Date() } };
      const approved = await reviewDocument(deps, BigInt(a.id), { decision: "approved" });
      expect([approved.status, approved.reason]).toEqual([DOCUMENT_STATUS.approved, null]);
      await expect(
        reviewDocument(deps, BigInt(a.id), { decision: "declined", reason: "late" }),
      ).rejects.toMatchObject({
        status: 409,
      });
      await expect(
        reviewDocument(deps, BigInt(b.id), { decision: "declined", reason: " " }),
      ).rejects.toMatchObject({
        status: 422,
      });
      const refused = await call({ method: "DELETE", url: `/api/player/documents/${a.id}`, token });
      expect([refused.status, refused.body.code]).toEqual([409, "document_not_pending"]);
      expect((await call({ method: "DELETE", url: `/api/player/documents/${b.id}`, token })).status).toBe(
        200,
      );
      expect((await fileOf(token, b.id)).statusCode).toBe(404);
      const list = (await call({ method: "GET", url: "/api/player/documents", token })).body.data;
      expect(list.map((d: { id: string; status: number }) => [d.id, d.status])).toEqual([
        [a.id, DOCUMENT_STATUS.approved],
      ]);
      const declined = (await upload(token, "id", { name: "c.png", data: await smallPng() })).body.data;
      const review = await reviewDocument(deps, BigInt(declined.id), {
        decision: "declined",
        reason: "Blurry photo",
      });
      expect([review.status, review.reason]).toEqual([DOCUMENT_STATUS.declined, "Blurry photo"]);
    });

    it("tells the site the verification mode on init", async () => {
      const init = await call({ method: "GET", url: "/api/player/init" });
      expect(init.body.verification).toEqual({ mode: "sandbox", documentsPageHidden: true });
    });

    it("verifies through the sandbox: token, hosted page, a decision, its signed webhook", async () => {
      const { accessToken: token } = await register();
      const before = await call({ method: "GET", url: "/api/player/verification", token });
      expect(before.body.data).toEqual({ mode: "sandbox", status: "unverified", reason: null });
      const auth = await call({ url: "/api/player/services/sumsub/auth", body: {}, token });
      expect(auth.status).toBe(200);
      const path = new URL(auth.body.url).pathname;
      const page = await ctx().app.inject({ url: path });
      expect([page.statusCode, page.headers["content-type"]]).toEqual([200, "text/html; charset=utf-8"]);
      expect(page.body).toContain(`${path}/approve`);
      const forged = await ctx().app.inject({ url: `${path.slice(0, -3)}xyz` });
      expect(forged.statusCode).toBe(404);
      const rejected = await ctx().app.inject({ method: "POST", url: `${path}/reject` });
      expect([rejected.statusCode, rejected.headers.location]).toEqual([
        303,
        "http://localhost:3000/profile/documents?verification=done",
      ]);
      const after = (await call({ method: "GET", url: "/api/player/verification", token })).body.data;
      expect([after.status, after.reason]).toEqual([
        "rejected",
        "The sandbox reviewer rejected the documents.",
      ]);
      await ctx().app.inject({ method: "POST", url: `${path}/approve` });
      expect((await call({ method: "GET", url: "/api/player/verification", token })).body.data.status).toBe(
        "verified",
      );
    });

    it("takes a review webhook only with the right digest", async () => {
      const { accessToken: token, profile } = await register();
      const event = (type: string, answer?: string, createdAtMs = "2026-11-23 10:00:00.000") =>
        JSON.stringify({
          type,
          externalUserId: profile.id,
          applicantId: "abc",
          createdAtMs,
          ...(answer ? { reviewStatus: "completed", reviewResult: { reviewAnswer: answer } } : {}),
        });
      const send = (raw: string, digest: string, alg = "HMAC_SHA256_HEX") =>
        ctx().app.inject({
          method: "POST",
          url: "/api/player/services/sumsub/webhook",
          headers: { "content-type": "application/json", [DIGEST_HEADER]: digest, [DIGEST_ALG_HEADER]: alg },
          payload: raw,
        });
      const green = event("applicantReviewed", "GREEN");
      const bad = await send(green, payloadDigest("not-the-secret", green));
      expect([bad.statusCode, bad.json().code]).toEqual([401, "webhook_rejected"]);
      const tampered = await send(green.replace("GREEN", "GREEN "), payloadDigest(SANDBOX_SECRET, green));
      expect(tampered.statusCode).toBe(401);
      expect((await call({ method: "GET", url: "/api/player/verification", token })).body.data.status).toBe(
        "unverified",
      );
      const pending = event("applicantPending", undefined, "2026-11-23 09:00:00.000");
      expect(
        (
          await send(pending, payloadDigest(SANDBOX_SECRET, pending, "HMAC_SHA512_HEX"), "HMAC_SHA512_HEX")
        ).json(),
      ).toEqual({
        received: true,
        applied: true,
      });
      expect((await call({ method: "GET", url: "/api/player/verification", token })).body.data.status).toBe(
        "pending",
      );
      const ok = await send(green, payloadDigest(SANDBOX_SECRET, green));
      expect(ok.json()).toEqual({ received: true, applied: true });
      // An older event arriving late changes nothing.
      expect(
        (
          await send(pending, payloadDigest(SANDBOX_SECRET, pending, "HMAC_SHA512_HEX"), "HMAC_SHA512_HEX")
        ).json().applied,
      ).toBe(false);
      expect((await call({ method: "GET", url: "/api/player/verification", token })).body.data.status).toBe(
        "verified",
      );
    });
  },
  {
    env: {
      DATA_DIR: mkdtempSync(join(tmpdir(), "documents-test-")),
      DOCUMENT_MAX_BYTES: String(MAX),
      IDENTITY_VERIFICATION: "sandbox",
      IDENTITY_SANDBOX_SECRET: SANDBOX_SECRET,
      HIDE_DOCUMENTS_PAGE: "true",
    },
  },
);
