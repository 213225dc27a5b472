import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adjustmentAnswer,
  adjustmentBody,
  adjustmentsAnswer,
  adjustmentsQuery,
  adminNoteAnswer,
  adminNoteBody,
  adminPlayerSearchAnswer,
  adminPlayerSearchQuery,
  adminPlayerStatusBody,
  auditAnswer,
  auditQuery,
  documentReviewBody,
  staffChallengeAnswer,
  staffChangeBody,
  staffCreateBody,
  staffDocumentAnswer,
  staffDocumentsAnswer,
  staffDocumentsQuery,
  staffListAnswer,
  staffMeAnswer,
  staffMemberAnswer,
  staffSessionAnswer,
  staffSignInBody,
  staffVerifyBody,
} from "#common/api/admin";
import { adminClearMatchBody, adminClearMatchParams, adminPlayerPageAnswer } from "#common/api/admin-player";
import { idParam } from "#common/api/shared";
import type { AppDeps } from "../../app";
import { clientIp } from "../../http/client-ip";
import { documentFileForStaff } from "../documents";
import {
  actorOf,
  changeStaff,
  createStaff,
  listAudit,
  listStaff,
  registerStaffGuard,
  revokeStaffSession,
  signIn,
  staffMe,
  staffOf,
  verifySecondFactor,
} from "../staff";
import { decideAdjustment, listAdjustments, requestAdjustment } from "./adjustments";
import { documentQueue, reviewAsStaff } from "./documents";
import {
  addPlayerNote,
  changePlayerStatus,
  clearExcludedMatch,
  findPlayers,
  forcePlayerLogout,
  playerPage,
} from "./players";
import { bonusRoutes } from "./routes-bonuses";
import { catalogueRoutes } from "./routes-catalogue";
import { contentAdminRoutes } from "./routes-content";
import { messagesRoutes } from "./routes-messages";
import { paymentsRoutes } from "./routes-payments";
import { promotionRoutes } from "./routes-promotions";
import { reportRoutes } from "./routes-reports";
import { retentionRoutes } from "./routes-retention";
import { supportRoutes } from "./routes-support";
import { tradingRoutes } from "./routes-trading";

const ok = z.object({});
const fileAnswer = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: "string", format: "binary", description: "the stored document" });
const staffIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const meta = (req: FastifyRequest) => ({
  ip: clientIp(req),
  userAgent: req.headers["user-agent"] ?? null,
});

/** The back office's calls (decision 0020): every one but the two sign-in steps names its permission. */
export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    registerStaffGuard(app, deps);
    // Nothing a staff member reads is kept by a browser or a proxy.
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    // Signing in
    app.post(
      "/admin/session",
      { schema: { body: staffSignInBody, response: { 200: staffChallengeAnswer } } },
      async (req) => ({ data: await signIn(deps, req.body, meta(req)) }),
    );
    app.post(
      "/admin/session/verify",
      { schema: { body: staffVerifyBody, response: { 200: staffSessionAnswer } } },
      async (req) => ({ data: await verifySecondFactor(deps, req.body, meta(req)) }),
    );
    app.delete(
      "/admin/session",
      { config: { staff: "signed-in" }, schema: { response: { 200: ok } } },
      async (req) => {
        await revokeStaffSession(deps, staffOf(req).sessionId);
        return {};
      },
    );
    app.get(
      "/admin/me",
      { config: { staff: "signed-in" }, schema: { response: { 200: staffMeAnswer } } },
      async (req) => ({ data: staffMe(staffOf(req)) }),
    );

    // Staff
    app.get(
      "/admin/staff",
      { config: { staff: "staff.manage" }, schema: { response: { 200: staffListAnswer } } },
      async () => ({ data: await listStaff(deps.db) }),
    );
    app.post(
      "/admin/staff",
      {
        config: { staff: "staff.manage" },
        schema: { body: staffCreateBody, response: { 200: staffMemberAnswer } },
      },
      async (req) => ({ data: await createStaff(deps.db, actorOf(req), req.body) }),
    );
    app.patch(
      "/admin/staff/:id",
      {
        config: { staff: "staff.manage" },
        schema: { params: staffIdParam, body: staffChangeBody, response: { 200: staffMemberAnswer } },
      },
      async (req) => ({ data: await changeStaff(deps, actorOf(req), req.params.id, req.body) }),
    );

    // Players
    app.get(
      "/admin/players",
      {
        config: { staff: "players.read" },
        schema: { querystring: adminPlayerSearchQuery, response: { 200: adminPlayerSearchAnswer } },
      },
      async (req) => findPlayers(deps.db, req.query.q, req.query),
    );
    app.get(
      "/admin/players/:id",
      {
        config: { staff: "players.read" },
        schema: { params: idParam, response: { 200: adminPlayerPageAnswer } },
      },
      async (req) => ({ data: await playerPage(deps, req.params.id) }),
    );
    app.post(
      "/admin/players/:id/status",
      {
        config: { staff: "players.write" },
        schema: { params: idParam, body: adminPlayerStatusBody, response: { 200: ok } },
      },
      async (req) => {
        await changePlayerStatus(deps, actorOf(req), req.params.id, req.body);
        return {};
      },
    );
    app.post(
      "/admin/players/:id/excluded-person-matches/:matchId/clear",
      {
        config: { staff: "players.write" },
        schema: { params: adminClearMatchParams, body: adminClearMatchBody, response: { 200: ok } },
      },
      async (req) => {
        await clearExcludedMatch(
          deps,
          { ...actorOf(req), name: staffOf(req).name },
          req.params.id,
          req.params.matchId,
          req.body,
        );
        return {};
      },
    );
    app.post(
      "/admin/players/:id/logout",
      { config: { staff: "players.write" }, schema: { params: idParam, body: ok, response: { 200: ok } } },
      async (req) => {
        await forcePlayerLogout(deps, actorOf(req), req.params.id);
        return {};
      },
    );
    app.post(
      "/admin/players/:id/notes",
      {
        config: { staff: "players.note" },
        schema: { params: idParam, body: adminNoteBody, response: { 200: adminNoteAnswer } },
      },
      async (req) => ({
        data: await addPlayerNote(
          deps,
          { ...actorOf(req), name: staffOf(req).name },
          req.params.id,
          req.body.body,
        ),
      }),
    );

    // Manual balance adjustments
    app.get(
      "/admin/adjustments",
      {
        config: { staff: "adjustments.create" },
        schema: { querystring: adjustmentsQuery, response: { 200: adjustmentsAnswer } },
      },
      async (req) => listAdjustments(deps.db, { status: req.query.status }, req.query),
    );
    app.post(
      "/admin/adjustments",
      {
        config: { staff: "adjustments.create" },
        schema: { body: adjustmentBody, response: { 200: adjustmentAnswer } },
      },
      async (req) => ({ data: await requestAdjustment(deps, actorOf(req), req.body) }),
    );
    for (const decision of ["approve", "reject"] as const)
      app.post(
        `/admin/adjustments/:id/${decision}`,
        {
          config: { staff: "adjustments.approve" },
          schema: { params: idParam, body: ok, response: { 200: adjustmentAnswer } },
        },
        async (req) => ({ data: await decideAdjustment(deps, actorOf(req), req.params.id, decision) }),
      );

    // Documents
    app.get(
      "/admin/documents",
      {
        config: { staff: "documents.review" },
        schema: { querystring: staffDocumentsQuery, response: { 200: staffDocumentsAnswer } },
      },
      async (req) => documentQueue(deps.db, req.query.status, req.query),
    );
    app.get(
      "/admin/documents/:id/file",
      {
        config: { staff: "documents.review" },
        schema: { params: idParam, response: { 200: fileAnswer } },
      },
      async (req, reply) => {
        const { document, data } = await documentFileForStaff(deps, req.params.id);
        // As the player's own copy: never rendered as a page of this site, never guessed into another type.
        reply
          .header("content-type", document.contentType)
          .header("content-disposition", `attachment; filename="document-${document.id}"`)
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox");
        return reply.send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      },
    );
    app.post(
      "/admin/documents/:id/review",
      {
        config: { staff: "documents.review" },
        schema: { params: idParam, body: documentReviewBody, response: { 200: staffDocumentAnswer } },
      },
      async (req) => ({ data: await reviewAsStaff(deps, actorOf(req), req.params.id, req.body) }),
    );

    // Audit
    app.get(
      "/admin/audit",
      {
        config: { staff: "audit.read" },
        schema: { querystring: auditQuery, response: { 200: auditAnswer } },
      },
      async (req) => listAudit(deps.db, req.query, req.query),
    );

    promotionRoutes(app, deps);
    paymentsRoutes(app, deps);
    catalogueRoutes(app, deps);
    bonusRoutes(app, deps);
    reportRoutes(app, deps);
    tradingRoutes(app, deps);
    messagesRoutes(app, deps);
    contentAdminRoutes(app, deps);
    retentionRoutes(app, deps);
    await supportRoutes(app, deps);
  };
