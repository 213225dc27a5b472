import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { multipartForm, smallPng } from "../documents/test-support";
import { caller } from "../player/test-support";
import { staffToken } from "../staff/test-support";

describeEachDb(
  "back office: the documents queue",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const as = (token: string, c: Parameters<typeof call>[0]) =>
      call({ ...c, headers: { authorization: `Bearer ${token}`, ...c.headers } });
    const upload = async (token: string, type: string) => {
      const form = multipartForm({ type }, { name: "passport.png", data: await smallPng() });
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/player/documents",
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json().data as { id: string };
    };

    it("shows pending documents oldest first, serves their files to staff, and records the decision the player reads", async () => {
      const reviewer = await staffToken(ctx().app, ctx().database.db, ["risk"]);
      const { accessToken, profile } = await register();
      const passport = await upload(accessToken, "id");
      const bill = await upload(accessToken, "proof_of_address");
      const queue = await as(reviewer.token, {
        method: "GET",
        url: "/api/admin/documents?status=1&perPage=100",
      });
      expect(queue.status).toBe(200);
      const ids = queue.body.data.map((d: { id: string }) => d.id);
      expect(ids.indexOf(passport.id)).toBeLessThan(ids.indexOf(bill.id));
      expect(queue.body.data.find((d: { id: string }) => d.id === passport.id).playerId).toBe(
        String(profile.id),
      );

      const file = await ctx().app.inject({
        url: `/api/admin/documents/${passport.id}/file`,
        headers: { authorization: `Bearer ${reviewer.token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      expect(file.headers["content-disposition"]).toMatch(/^attachment/);
      expect(file.rawPayload.subarray(1, 4).toString()).toBe("PNG");

      // Declining needs a reason; the player reads it.
      const noReason = await as(reviewer.token, {
        url: `/api/admin/documents/${bill.id}/review`,
        body: { decision: "declined" },
      });
      expect(noReason.status).toBe(422);
      const declined = await as(reviewer.token, {
        url: `/api/admin/documents/${bill.id}/review`,
        body: { decision: "declined", reason: "The address is cut off: upload the whole page" },
      });
      expect(declined.status).toBe(200);
      const approved = await as(reviewer.token, {
        url: `/api/admin/documents/${passport.id}/review`,
        body: { decision: "approved" },
      });
      expect(approved.body.data.status).toBe(2);
      const again = await as(reviewer.token, {
        url: `/api/admin/documents/${passport.id}/review`,
        body: { decision: "declined", reason: "changed my mind" },
      });
      expect(again.status).toBe(409);
      const mine = await call({ method: "GET", url: "/api/player/documents", token: accessToken });
      const byId = Object.fromEntries(mine.body.data.map((d: { id: string }) => [d.id, d]));
      expect(byId[passport.id]).toMatchObject({ status: 2, reason: null });
      expect(byId[bill.id]).toMatchObject({
        status: 3,
        reason: "The address is cut off: upload the whole page",
      });
      const page = await as(reviewer.token, { method: "GET", url: `/api/admin/players/${profile.id}` });
      expect(page.body.data.documents.map((d: { status: number }) => d.status).sort()).toEqual([2, 3]);
      expect(page.body.data.audit.map((a: { action: string }) => a.action)).toEqual([
        "document.approve",
        "document.decline",
      ]);
    });

    it("keeps the queue and the files from a player and from staff without the permission", async () => {
      const marketer = await staffToken(ctx().app, ctx().database.db, ["marketing"]);
      const { accessToken } = await register();
      const doc = await upload(accessToken, "id");
      expect((await as(marketer.token, { method: "GET", url: "/api/admin/documents" })).status).toBe(403);
      const asPlayer = await ctx().app.inject({
        url: `/api/admin/documents/${doc.id}/file`,
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(asPlayer.statusCode).toBe(401);
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), "admin-docs-")) } },
);
