import { eq, gt, sql } from "drizzle-orm";
import fc from "fast-check";
import { expect, it, vi } from "vitest";
import { ROLES, type Role } from "#common/api/admin";
import { apiErrorBody } from "#common/api/error-body";
import type { Db } from "../../db/client";
import { describeEachDb } from "../../test/harness";
import { apiOperations, type Operation, operationName, validRequest } from "../../test/openapi";
import { bonusCodes, bonusDefinitions } from "../bonus/tables";
import { chatConversations, chatMessages, supportCannedAnswers } from "../chat/tables";
import { contentEntries } from "../content/tables";
import { playerDocuments } from "../documents/tables";
import { gameCollections, games } from "../game/tables";
import { loyaltyLevels } from "../loyalty/tables";
import { communications } from "../notification/tables";
import { invoices } from "../payment/tables";
import { excludedPersonMatches } from "../player/tables";
import { caller } from "../player/test-support";
import { quests } from "../quests/tables";
import { sportTradingHolds } from "../sportsbook/tables";
import {
  ControlledFeed,
  matchEvent,
  resettlementShortfall,
  sportsbookTestDeps,
  tradingBook,
} from "../sportsbook/test-support";
import { allows, PERMISSION_NAMES, type Permission } from "../staff";
import { adminAudit } from "../staff/tables";
import { newStaff, staffToken } from "../staff/test-support";
import { house, post } from "../wallet/test-support";
import { balanceAdjustments } from "./tables";

const adminOps = async (app: Parameters<typeof apiOperations>[0]) =>
  (await apiOperations(app)).filter((op) => op.path.startsWith("/api/admin/"));

/** A request the schemas accept, aimed at nothing that exists (ids 999999): it may reach the rules, not harm. */
function harmless(op: Operation) {
  const req = fc.sample(validRequest(op), { numRuns: 1, seed: 21 })[0]!;
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === "path")) path = path.replace(`{${p.name}}`, "999999");
  const query = new URL(req.url, "http://x").search;
  return { ...req, url: `${path}${query}` };
}

/** The sportsbook's feed for the trading calls: each audited call gets fresh events (decision 0022). */
const feed = new ControlledFeed();
let nextEvent = 880_000;

/** A fresh event, and another one held whole and on its 1x2 market, with a feed result on its total. */
async function tradingFixture(db: Db) {
  const fresh = feed.setEvent(matchEvent(nextEvent++)).id;
  const held = feed.setEvent(matchEvent(nextEvent++)).id;
  feed.pushResult(
    held,
    { "total:2.5": { [`${held}:total:2.5:over`]: "won", [`${held}:total:2.5:under`]: "lost" } },
    { keepOpen: true },
  );
  await db.insert(sportTradingHolds).values([
    { eventId: held, marketId: "" },
    { eventId: held, marketId: "1x2" },
  ]);
  await tradingBook(feed).load(db);
  return { freshEventId: fresh, heldEventId: held };
}

/** A resettlement shortfall of 16 whose player holds 5 again (a collection takes them). */
async function shortfallFixture(db: Db) {
  const { deps } = sportsbookTestDeps(db, feed);
  const { accountId, shortfall } = await resettlementShortfall(deps, feed, nextEvent++);
  await post(db, {
    accountId,
    amount: "5",
    kind: "adjustment",
    reference: "audit-test",
    idempotencyKey: `audit-test:shortfall:${shortfall.id}`,
  });
  return String(shortfall.id);
}

// Every admin call, as every role and for its audit record: long on a loaded machine.
vi.setConfig({ testTimeout: 180_000 });

describeEachDb(
  "back-office permissions",
  (ctx) => {
    const { register } = caller(() => ctx().app);

    it("names a permission on every admin call but the two sign-in steps, each one the matrix knows", async () => {
      const ops = await adminOps(ctx().app);
      expect(ops.length).toBeGreaterThanOrEqual(12);
      const open = ops.filter((op) => op.auth !== "staff").map(operationName);
      expect(open.sort()).toEqual(["POST /api/admin/session", "POST /api/admin/session/verify"]);
      for (const op of ops.filter((o) => o.auth === "staff"))
        expect([...PERMISSION_NAMES, "signed-in"], operationName(op)).toContain(op.permission);
    });

    it("opens every admin call to exactly the roles the matrix gives, and to no player and no guest", async () => {
      const { app, database } = ctx();
      const tokens = {} as Record<Role, string>;
      for (const role of ROLES) tokens[role] = (await staffToken(app, database.db, [role])).token;
      const player = (await register()).accessToken;
      // Signing out ends the session the other calls use: it goes last.
      const ops = (await adminOps(app))
        .filter((op) => op.auth === "staff")
        .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
      const problems: string[] = [];
      let allowed = 0;
      for (const op of ops) {
        const req = harmless(op);
        const send = async (token?: string) => {
          const res = await app.inject({
            method: req.method,
            url: req.url,
            headers: { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
          const body = res.body ? apiErrorBody.safeParse(res.json()) : undefined;
          return { status: res.statusCode, code: body?.success ? body.data.code : undefined };
        };
        for (const [who, token] of [
          ["no token", undefined],
          ["a player's token", player],
        ] as const) {
          const res = await send(token);
          if (res.status !== 401 || res.code !== "unauthorized")
            problems.push(`${operationName(op)} with ${who}: ${res.status} ${res.code}`);
        }
        for (const role of ROLES) {
          const may = op.permission === "signed-in" || allows([role], op.permission as Permission);
          const res = await send(tokens[role]);
          if (may) allowed++;
          if (may && (res.status === 401 || res.status === 403 || res.status >= 500))
            problems.push(`${operationName(op)} as ${role}: refused ${res.status}, the matrix allows it`);
          if (!may && (res.status !== 403 || res.code !== "forbidden"))
            problems.push(`${operationName(op)} as ${role}: ${res.status}, the matrix refuses it (403)`);
        }
      }
      expect(problems, problems.join("\n")).toEqual([]);
      // The check can fail both ways: some calls were allowed, and some refused.
      expect(allowed).toBeGreaterThan(ops.length);
      expect(allowed).toBeLessThan(ops.length * ROLES.length);
    });

    /**
     * How to make each mutating admin call succeed, given a fresh player and staff member to act on. A new
     * mutating call must be added here, or the test fails: each one must be shown to leave its audit record.
     */
    const SUCCEEDS: Record<
      string,
      (f: {
        playerId: string;
        staffId: number;
        accountId: string;
        pendingAdjustmentId: string;
        pendingDocumentId: string;
        fixedBonusId: string;
        bonusCodeId: string;
        pendingWithdrawalId: string;
        freshEventId: number;
        heldEventId: number;
        gameId: string;
        providerId: string;
        collectionId: string;
        questId: string;
        loyaltyLevelId: string;
        exclusionMatchId: string;
        chatId: string;
        contactId: string;
        cannedId: string;
        shortfallId: string;
      }) => {
        url: string;
        body?: unknown;
        targetType: string;
        /** null: the record names no target; a pattern: a target made by the call (a batch's new id). */
        targetId: string | null | RegExp;
      }
    > = {
      "POST /api/admin/staff": () => ({
        url: "/api/admin/staff",
        body: {
          email: `new${Date.now()}@example.com`,
          name: "New staff",
          password: "a-long-password-1",
          roles: ["support"],
        },
        targetType: "staff",
        targetId: null,
      }),
      "PATCH /api/admin/staff/{id}": (f) => ({
        url: `/api/admin/staff/${f.staffId}`,
        body: { roles: ["support", "risk"] },
        targetType: "staff",
        targetId: String(f.staffId),
      }),
      "POST /api/admin/players/{id}/status": (f) => ({
        url: `/api/admin/players/${f.playerId}/status`,
        body: { status: "blocked", reason: "chargeback investigation" },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/players/{id}/excluded-person-matches/{matchId}/clear": (f) => ({
        url: `/api/admin/players/${f.playerId}/excluded-person-matches/${f.exclusionMatchId}/clear`,
        body: { reason: "Another person: passport seen" },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/players/{id}/logout": (f) => ({
        url: `/api/admin/players/${f.playerId}/logout`,
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/players/{id}/notes": (f) => ({
        url: `/api/admin/players/${f.playerId}/notes`,
        body: { body: "Called about a delayed withdrawal." },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/adjustments": (f) => ({
        url: "/api/admin/adjustments",
        body: { accountId: f.accountId, amount: "5", reason: "Goodwill" },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/adjustments/{id}/approve": (f) => ({
        url: `/api/admin/adjustments/${f.pendingAdjustmentId}/approve`,
        body: {},
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/adjustments/{id}/reject": (f) => ({
        url: `/api/admin/adjustments/${f.pendingAdjustmentId}/reject`,
        body: {},
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/documents/{id}/review": (f) => ({
        url: `/api/admin/documents/${f.pendingDocumentId}/review`,
        body: { decision: "declined", reason: "Blurred: the number cannot be read" },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/promotions/codes": (f) => ({
        url: "/api/admin/promotions/codes",
        body: {
          code: `AUDIT${Date.now().toString(36).toUpperCase()}`,
          bonusId: f.fixedBonusId,
          usageLimit: 5,
        },
        targetType: "bonus_code",
        targetId: null,
      }),
      "POST /api/admin/promotions/codes/bulk": (f) => ({
        url: "/api/admin/promotions/codes/bulk",
        body: { prefix: "AUDIT-", count: 3, bonusId: f.fixedBonusId },
        targetType: "bonus_code_batch",
        targetId: /^[0-9a-f-]{36}$/,
      }),
      "PATCH /api/admin/promotions/codes/{id}": (f) => ({
        url: `/api/admin/promotions/codes/${f.bonusCodeId}`,
        body: { isEnabled: false },
        targetType: "bonus_code",
        targetId: f.bonusCodeId,
      }),
      "POST /api/admin/bonuses": () => ({
        url: "/api/admin/bonuses",
        body: {
          kind: "fixed",
          pageIdentity: `audit-${Date.now()}`,
          name: "{amount} audit bonus",
          description: "",
          wageringMultiplier: "10",
          contribution: { slots: 100, tables: 10, live: 10, sportsbook: 100, sportsbookMinOdds: "1.5" },
          maxAmountItems: [{ currency: "USD", amount: "5" }],
        },
        targetType: "bonus_definition",
        targetId: /^\d+$/,
      }),
      "PATCH /api/admin/bonuses/{id}": (f) => ({
        url: `/api/admin/bonuses/${f.fixedBonusId}`,
        body: { wageringMultiplier: "25" },
        targetType: "bonus_definition",
        targetId: f.fixedBonusId,
      }),
      "POST /api/admin/withdrawals/{id}/approve": (f) => ({
        url: `/api/admin/withdrawals/${f.pendingWithdrawalId}/approve`,
        body: {},
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/withdrawals/{id}/reject": (f) => ({
        url: `/api/admin/withdrawals/${f.pendingWithdrawalId}/reject`,
        body: { reason: "The card holder is not the player" },
        targetType: "player",
        targetId: f.playerId,
      }),
      "PUT /api/admin/payment-methods/limits": () => ({
        url: "/api/admin/payment-methods/limits",
        body: { method: "sandbox.withdrawal.card", currency: "EUR", min: "25", max: "2500" },
        targetType: "payment_method",
        targetId: "sandbox.withdrawal.card",
      }),
      "PATCH /api/admin/catalogue/games/{id}": (f) => ({
        url: `/api/admin/catalogue/games/${f.gameId}`,
        body: { popularity: 5, restrictedCountries: ["DE"] },
        targetType: "game",
        targetId: f.gameId,
      }),
      "PATCH /api/admin/catalogue/providers/{id}": (f) => ({
        url: `/api/admin/catalogue/providers/${f.providerId}`,
        body: { sortOrder: 3 },
        targetType: "game_provider",
        targetId: f.providerId,
      }),
      "POST /api/admin/catalogue/collections": () => ({
        url: "/api/admin/catalogue/collections",
        body: { identity: `audit-${Date.now()}`, name: "Audit picks" },
        targetType: "game_collection",
        targetId: null,
      }),
      "PATCH /api/admin/catalogue/collections/{id}": (f) => ({
        url: `/api/admin/catalogue/collections/${f.collectionId}`,
        body: { name: "Renamed by staff" },
        targetType: "game_collection",
        targetId: f.collectionId,
      }),
      "PUT /api/admin/catalogue/collections/{id}/games": (f) => ({
        url: `/api/admin/catalogue/collections/${f.collectionId}/games`,
        body: { gameIds: [f.gameId] },
        targetType: "game_collection",
        targetId: f.collectionId,
      }),
      "POST /api/admin/trading/events/{eventId}/suspend": (f) => ({
        url: `/api/admin/trading/events/${f.freshEventId}/suspend`,
        body: {},
        targetType: "sport_event",
        targetId: String(f.freshEventId),
      }),
      "POST /api/admin/trading/events/{eventId}/markets/{marketId}/suspend": (f) => ({
        url: `/api/admin/trading/events/${f.freshEventId}/markets/1x2/suspend`,
        body: {},
        targetType: "sport_market",
        targetId: `${f.freshEventId}:1x2`,
      }),
      "POST /api/admin/trading/events/{eventId}/resume": (f) => ({
        url: `/api/admin/trading/events/${f.heldEventId}/resume`,
        body: {},
        targetType: "sport_event",
        targetId: String(f.heldEventId),
      }),
      "POST /api/admin/trading/events/{eventId}/markets/{marketId}/resume": (f) => ({
        url: `/api/admin/trading/events/${f.heldEventId}/markets/1x2/resume`,
        body: {},
        targetType: "sport_market",
        targetId: `${f.heldEventId}:1x2`,
      }),
      "POST /api/admin/trading/events/{eventId}/markets/{marketId}/settle": (f) => ({
        url: `/api/admin/trading/events/${f.heldEventId}/markets/1x2/settle`,
        body: { winners: [`${f.heldEventId}:1x2:draw`] },
        targetType: "sport_market",
        targetId: `${f.heldEventId}:1x2`,
      }),
      "POST /api/admin/trading/events/{eventId}/markets/{marketId}/resettle": (f) => ({
        url: `/api/admin/trading/events/${f.heldEventId}/markets/total:2.5/resettle`,
        body: { winners: [`${f.heldEventId}:total:2.5:under`] },
        targetType: "sport_market",
        targetId: `${f.heldEventId}:total:2.5`,
      }),
      "POST /api/admin/trading/shortfalls/{id}/collect": (f) => ({
        url: `/api/admin/trading/shortfalls/${f.shortfallId}/collect`,
        body: {},
        targetType: "sport_shortfall",
        targetId: f.shortfallId,
      }),
      "POST /api/admin/trading/shortfalls/{id}/write-off": (f) => ({
        url: `/api/admin/trading/shortfalls/${f.shortfallId}/write-off`,
        body: { reason: "Goodwill after a late correction" },
        targetType: "sport_shortfall",
        targetId: f.shortfallId,
      }),
      "POST /api/admin/messages/campaigns": (f) => ({
        url: "/api/admin/messages/campaigns",
        body: {
          idempotencyKey: `audit-${f.playerId}`,
          title: { en: "Weekend reload" },
          body: { en: "Deposit on Saturday for 50% extra." },
          channels: { inbox: true, webPush: false },
          segment: { currencies: ["USD"] },
        },
        targetType: "message_campaign",
        targetId: /^\d+$/,
      }),
      "POST /api/admin/content/{kind}": () => ({
        url: "/api/admin/content/question",
        body: {
          identity: `audit-${Date.now()}`,
          locale: "en",
          attributes: { title: "Audited question", category: "account" },
          body: "An answer.",
        },
        targetType: "content_entry",
        targetId: /^question:audit-\d+:en$/,
      }),
      "PUT /api/admin/content/{kind}/entry": () => ({
        url: "/api/admin/content/page/entry",
        body: { identity: "terms", locale: "pt-br", attributes: { title: "Termos" }, body: "Texto." },
        targetType: "content_entry",
        targetId: "page:terms:pt-br",
      }),
      "POST /api/admin/content/{kind}/entry/revert": () => ({
        url: "/api/admin/content/page/entry/revert",
        body: { identity: "terms", locale: "ru" },
        targetType: "content_entry",
        targetId: "page:terms:ru",
      }),
      "POST /api/admin/retention/quests": () => ({
        url: "/api/admin/retention/quests",
        body: {
          identity: `audit-${Date.now()}`,
          name: "Audit quest",
          rewards: [{ kind: "bonus", bonusIdentity: "code-welcome10" }],
          tasks: [{ type: "bet", quantity: "2" }],
        },
        targetType: "quest",
        targetId: null,
      }),
      "PATCH /api/admin/retention/quests/{id}": (f) => ({
        url: `/api/admin/retention/quests/${f.questId}`,
        body: { name: "Renamed by staff" },
        targetType: "quest",
        targetId: f.questId,
      }),
      "PATCH /api/admin/retention/loyalty/levels/{id}": (f) => ({
        url: `/api/admin/retention/loyalty/levels/${f.loyaltyLevelId}`,
        body: { rewardPoints: "2" },
        targetType: "loyalty_level",
        targetId: f.loyaltyLevelId,
      }),
      "PUT /api/admin/retention/referral": () => ({
        url: "/api/admin/retention/referral",
        body: {
          firstDeposit: [{ currency: "USD", reward: "5", minDeposit: "10" }],
          revenueSharePercent: "10",
        },
        targetType: "referral_rules",
        targetId: null,
      }),
      "POST /api/admin/support/chats/{id}/assign": (f) => ({
        url: `/api/admin/support/chats/${f.chatId}/assign`,
        body: {},
        targetType: "chat_conversation",
        targetId: f.chatId,
      }),
      "POST /api/admin/support/chats/{id}/messages": (f) => ({
        url: `/api/admin/support/chats/${f.chatId}/messages`,
        body: { text: "It is on its way." },
        targetType: "chat_conversation",
        targetId: f.chatId,
      }),
      "POST /api/admin/support/chats/{id}/close": (f) => ({
        url: `/api/admin/support/chats/${f.chatId}/close`,
        body: {},
        targetType: "chat_conversation",
        targetId: f.chatId,
      }),
      "POST /api/admin/support/contact/{id}/reply": (f) => ({
        url: `/api/admin/support/contact/${f.contactId}/reply`,
        body: { text: "Your withdrawal was paid today." },
        targetType: "contact_message",
        targetId: f.contactId,
      }),
      "POST /api/admin/support/contact/{id}/done": (f) => ({
        url: `/api/admin/support/contact/${f.contactId}/done`,
        body: {},
        targetType: "contact_message",
        targetId: f.contactId,
      }),
      "POST /api/admin/support/canned": () => ({
        url: "/api/admin/support/canned",
        body: { title: `Audit ${Date.now()}`, body: "An answer." },
        targetType: "canned_answer",
        targetId: null,
      }),
      "PATCH /api/admin/support/canned/{id}": (f) => ({
        url: `/api/admin/support/canned/${f.cannedId}`,
        body: { body: "A better answer." },
        targetType: "canned_answer",
        targetId: f.cannedId,
      }),
      "PUT /api/admin/support/hours": () => ({
        url: "/api/admin/support/hours",
        body: { mode: "always" },
        targetType: "support_hours",
        targetId: null,
      }),
    };
    /**
     * Mutating calls that change only the caller's own session (sign-out), or only a counter staff read by
     * (marking a chat's messages read): no audit record.
     */
    const NOT_AUDITED = ["DELETE /api/admin/session", "POST /api/admin/support/chats/{id}/read"];

    it("leaves exactly one audit record, with actor, target, before and after, for every mutating admin call", async () => {
      const { app, database } = ctx();
      const admin = await staffToken(app, database.db, ["admin"]);
      const mutating = (await adminOps(app)).filter((op) => op.auth === "staff" && op.method !== "GET");
      const names = mutating.map(operationName).filter((n) => !NOT_AUDITED.includes(n));
      expect(
        names.filter((n) => !SUCCEEDS[n]),
        "add these to SUCCEEDS",
      ).toEqual([]);
      // A game, a provider and a collection of the seeded lobby to edit.
      const [game] = await database.db
        .select({ id: games.id, providerId: games.providerId })
        .from(games)
        .limit(1);
      const [collection] = await database.db
        .select({ id: gameCollections.id })
        .from(gameCollections)
        .limit(1);
      const [quest] = await database.db.select({ id: quests.id }).from(quests).limit(1);
      const [level] = await database.db.select({ id: loyaltyLevels.id }).from(loyaltyLevels).limit(1);
      const catalogue = {
        gameId: String(game!.id),
        providerId: String(game!.providerId),
        collectionId: String(collection!.id),
        questId: String(quest!.id),
        loyaltyLevelId: String(level!.id),
      };
      // A player who opted in to promotions, for a campaign to reach (decision 0029).
      const consenting = await register(undefined, { receiveEmailPromo: true, currency: "USD" });
      await app.inject({
        method: "POST",
        url: "/api/wallet/accounts",
        headers: { authorization: `Bearer ${consenting.accessToken}` },
        payload: { currency: "USD" },
      });
      for (const name of names) {
        const { profile, accessToken } = await register();
        const account = await app.inject({
          method: "POST",
          url: "/api/wallet/accounts",
          headers: { authorization: `Bearer ${accessToken}` },
          payload: { currency: "USD" },
        });
        const other = await newStaff(database.db, ["support"]);
        // A pending adjustment another member asked for, to approve or reject.
        const [pending] = await database.db
          .insert(balanceAdjustments)
          .values({
            playerId: BigInt(profile.id),
            accountId: BigInt(account.json().data.id),
            currency: "USD",
            amount: "500",
            reason: "Compensation",
            status: "pending",
            requestedBy: other.id,
          })
          .returning();
        const [document] = await database.db
          .insert(playerDocuments)
          .values({
            playerId: BigInt(profile.id),
            type: "id",
            name: "passport.png",
            storageKey: `audit-test-${profile.id}-${name.length}`,
            contentType: "image/png",
            size: 10,
          })
          .returning();
        // A fixed bonus a code may give, and a code to switch off.
        const [fixed] = await database.db
          .select()
          .from(bonusDefinitions)
          .where(eq(bonusDefinitions.pageIdentity, "code-welcome10"));
        const [code] = await database.db
          .insert(bonusCodes)
          .values({ code: `AUDITFIX${profile.id}`, trigger: "manual", definitionId: fixed!.id })
          .returning();
        // A withdrawal waiting for review (its reservation is not needed to approve or reject it).
        const [withdrawal] = await database.db
          .insert(invoices)
          .values({
            playerId: BigInt(profile.id),
            accountId: BigInt(account.json().data.id),
            type: 2,
            number: 1,
            amount: "1500",
            currency: "USD",
            method: "sandbox.withdrawal.card",
            provider: "sandbox",
            providerRef: `pending:audit-${profile.id}`,
            customerFields: { firstName: "Ana", lastName: "Silva" },
            review: "awaiting",
          })
          .returning();
        // Its money reserved as a real withdrawal's is, so the books balance whatever the call does.
        await post(database.db, {
          accountId: BigInt(account.json().data.id),
          amount: "1500",
          kind: "adjustment",
          reference: "audit-test",
          idempotencyKey: `audit-test:${withdrawal!.id}`,
        });
        await post(database.db, {
          accountId: BigInt(account.json().data.id),
          amount: "-1500",
          counterparty: house.clearing("sandbox"),
          kind: "withdrawal",
          reference: `invoice:${withdrawal!.id}`,
          idempotencyKey: `invoice:${withdrawal!.id}:reserve`,
        });
        // Staff's text of a page, for a revert to drop.
        await database.db
          .insert(contentEntries)
          .values({
            kind: "page",
            identity: "terms",
            locale: "ru",
            source: "---\ntitle: Условия\n---\nТекст.\n",
          })
          .onConflictDoNothing();
        // A login of this player refused as matching a self-excluded person (the consenting player, here).
        const [match] = await database.db
          .insert(excludedPersonMatches)
          .values({
            playerId: BigInt(profile.id),
            excludedPlayerId: BigInt(consenting.profile.id),
            matchedBy: ["name-birthdate"],
            event: "login",
            outcome: "refused",
          })
          .returning();
        // A player's open chat, a contact message and a canned answer for the support desk's calls.
        const [chat] = await database.db
          .insert(chatConversations)
          .values({ playerId: BigInt(profile.id), operatorUnread: 1 })
          .returning();
        await database.db
          .insert(chatMessages)
          .values({ conversationId: chat!.id, author: "visitor", body: "Where is my deposit?" });
        const [contactRow] = await database.db
          .insert(communications)
          .values({
            name: "Ana",
            email: `ana${profile.id}@example.com`,
            subject: "A question",
            message: "Where is my withdrawal?",
            locale: "en",
          })
          .returning();
        const [canned] = await database.db
          .insert(supportCannedAnswers)
          .values({ title: `Canned ${profile.id} ${name.length}`, body: "Hello" })
          .returning();
        const call = SUCCEEDS[name]!({
          playerId: String(profile.id),
          staffId: other.id,
          accountId: account.json().data.id,
          pendingAdjustmentId: String(pending!.id),
          pendingDocumentId: String(document!.id),
          fixedBonusId: String(fixed!.id),
          bonusCodeId: String(code!.id),
          pendingWithdrawalId: String(withdrawal!.id),
          exclusionMatchId: String(match!.id),
          chatId: String(chat!.id),
          contactId: String(contactRow!.id),
          cannedId: String(canned!.id),
          // A corrected result that took back 5 of 21 (the player holds 5 again, for a collection).
          shortfallId: name.includes("/shortfalls/") ? await shortfallFixture(database.db) : "0",
          ...(await tradingFixture(database.db)),
          ...catalogue,
        });
        const [mark] = await database.db
          .select({ id: sql<string>`coalesce(max(${adminAudit.id}), 0)::text` })
          .from(adminAudit);
        const res = await app.inject({
          method: name.split(" ")[0] as "POST",
          url: call.url,
          headers: { authorization: `Bearer ${admin.token}` },
          ...(call.body !== undefined ? { payload: call.body as object } : {}),
        });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
        const fresh = await database.db
          .select()
          .from(adminAudit)
          .where(gt(adminAudit.id, BigInt(mark!.id)))
          .orderBy(adminAudit.id);
        expect(fresh, name).toHaveLength(1);
        const record = fresh[0]!;
        expect(record.staffId, name).toBe(admin.id);
        expect(record.targetType, name).toBe(call.targetType);
        if (call.targetId instanceof RegExp) expect(record.targetId, name).toMatch(call.targetId);
        else if (call.targetId !== null) expect(record.targetId, name).toBe(call.targetId);
        else expect(record.targetId, name).toBeNull();
        expect(record.after, name).not.toBeNull();
        expect(record.ip, name).toBeTruthy();
      }
    });

    it("keeps the audit trail append-only: no update, no delete", async () => {
      const { database } = ctx();
      const [row] = await database.db.select().from(adminAudit).limit(1);
      expect(row).toBeDefined();
      await expect(
        database.db.update(adminAudit).set({ action: "rewritten" }).where(eq(adminAudit.id, row!.id)),
      ).rejects.toThrow();
      await expect(database.db.delete(adminAudit).where(eq(adminAudit.id, row!.id))).rejects.toThrow();
      const [again] = await database.db.select().from(adminAudit).where(eq(adminAudit.id, row!.id));
      expect(again?.action).toBe(row!.action);
    });
  },
  { oddsFeed: feed },
);
