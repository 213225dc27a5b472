import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { type SegmentFilterInput, segmentFilter } from "#common/api/admin-messages";
import { PLAYER_STATUS } from "#common/constants";
import { loadConfig } from "../../config";
import type { Db } from "../../db/client";
import { describeEachDb } from "../../test/harness";
import { levelOrderOf } from "../loyalty";
import { loyaltyAccounts } from "../loyalty/tables";
import { playerSegments } from "../player";
import { playerSessions, players } from "../player/tables";
import { caller, manualClock } from "../player/test-support";
import { adminAudit } from "../staff/tables";
import { newStaff, staffToken } from "../staff/test-support";
import { walletAccounts } from "../wallet/tables";
import { type CampaignDeps, createCampaign, listCampaigns, runCampaigns } from "./campaigns";
import { messageCampaignDeliveries, notificationMessages, pushSubscriptions } from "./tables";
import { b64u, browserKeys, pushService } from "./test-support";

const { segmentBatch, segmentCount } = playerSegments(levelOrderOf);

const NOW = new Date("2026-11-27T12:00:00Z");
const DAY = 86_400_000;
const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent" });
const service = pushService();
await new Promise<void>((r) => service.server.listen(0, "127.0.0.1", r));
afterAll(() => service.server.close());

interface Seed {
  country?: string | null;
  language?: string;
  currencies?: string[];
  level?: number;
  /** Days since the player was last seen; undefined: never signed in. */
  seenDaysAgo?: number;
  status?: number;
  email?: boolean;
  sms?: boolean;
}

let n = 0;
/** A player written straight to the tables, as the other modules would leave them. */
async function seedPlayer(db: Db, s: Seed = {}): Promise<bigint> {
  n++;
  const [p] = await db
    .insert(players)
    .values({
      email: `segment${n}.${randomUUID().slice(0, 8)}@example.com`,
      nickname: `Segment${n}`,
      country: s.country === undefined ? "DE" : s.country,
      language: s.language ?? "en",
      status: s.status ?? PLAYER_STATUS.active,
      receiveEmailPromo: s.email ?? true,
      receiveSmsPromo: s.sms ?? false,
    })
    .returning({ id: players.id });
  const id = p!.id;
  for (const currency of s.currencies ?? ["EUR"])
    await db.insert(walletAccounts).values({ playerId: id, currency });
  if (s.level !== undefined) await db.insert(loyaltyAccounts).values({ playerId: id, levelOrder: s.level });
  if (s.seenDaysAgo !== undefined) {
    const at = new Date(NOW.getTime() - s.seenDaysAgo * DAY);
    await db.insert(playerSessions).values({ playerId: id, device: "test", createdAt: at, lastSeenAt: at });
  }
  return id;
}

const filter = (f: SegmentFilterInput = {}) => segmentFilter.parse(f);

/** The players of the segment (all of them, in id order). */
async function members(db: Db, f: SegmentFilterInput) {
  const rows = await segmentBatch(db, filter(f), NOW, { after: 0n, upTo: 2n ** 62n, limit: 1_000_000 });
  return new Set(rows.map((r) => r.id));
}

const body = (segment: SegmentFilterInput, extra: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  title: { en: "Weekend reload", ru: "Релоад выходного дня" },
  body: { en: "Deposit on Saturday for 50% extra.", ru: "Внесите депозит в субботу: +50%." },
  url: "/bonuses",
  channels: { inbox: true, webPush: false },
  segment: filter(segment),
  ...extra,
});

describeEachDb("messages to a segment", (ctx) => {
  const db = () => ctx().database.db;
  const deps = (): CampaignDeps => ({ db: db(), config, clock: manualClock(NOW.getTime()) });
  const actor = async () => ({ staffId: (await newStaff(db(), ["marketing"])).id, ip: "10.0.0.1" });
  const messagesOf = (campaignId: string) =>
    db()
      .select()
      .from(notificationMessages)
      .where(like(notificationMessages.sourceKey, `campaign:${campaignId}:%`));
  const deliveriesOf = (campaignId: string) =>
    db()
      .select()
      .from(messageCampaignDeliveries)
      .where(eq(messageCampaignDeliveries.campaignId, BigInt(campaignId)));

  it("selects by country, account currency, loyalty level and last activity, each filter on its own", async () => {
    const de = await seedPlayer(db(), { country: "MT", currencies: ["EUR"], level: 2, seenDaysAgo: 3 });
    const usd = await seedPlayer(db(), { country: "MT", currencies: ["USD", "BTC"], seenDaysAgo: 40 });
    const never = await seedPlayer(db(), { country: "IE", currencies: ["USD"] });

    const malta = await members(db(), { countries: ["mt"] });
    expect(malta.has(de) && malta.has(usd)).toBe(true);
    expect(malta.has(never)).toBe(false);

    const dollars = await members(db(), { currencies: ["USD"] });
    expect([dollars.has(de), dollars.has(usd), dollars.has(never)]).toEqual([false, true, true]);
    const bitcoin = await members(db(), { currencies: ["BTC"] });
    expect([bitcoin.has(de), bitcoin.has(usd)]).toEqual([false, true]);

    const level2 = await members(db(), { levels: [2] });
    expect([level2.has(de), level2.has(usd)]).toEqual([true, false]);
    // No loyalty row is level 0: a player who reached none.
    const level0 = await members(db(), { levels: [0] });
    expect([level0.has(de), level0.has(usd), level0.has(never)]).toEqual([false, true, true]);

    const active = await members(db(), { activeWithinDays: 7 });
    expect([active.has(de), active.has(usd), active.has(never)]).toEqual([true, false, false]);
    // Never signed in counts as inactive.
    const inactive = await members(db(), { inactiveForDays: 30 });
    expect([inactive.has(de), inactive.has(usd), inactive.has(never)]).toEqual([false, true, true]);

    // Together: every filter must match.
    const both = await members(db(), { countries: ["MT"], currencies: ["USD"], inactiveForDays: 30 });
    expect([both.has(de), both.has(usd), both.has(never)]).toEqual([false, true, false]);
    const count = await segmentCount(db(), filter({ countries: ["MT"], currencies: ["USD"] }), NOW);
    expect(count).toBeGreaterThanOrEqual(1);
  });

  it("never includes blocked, closed, self-excluded or resting players, nor one who did not opt in to promotions", async () => {
    const country = "LU";
    const ok = await seedPlayer(db(), { country });
    const smsOnly = await seedPlayer(db(), { country, email: false, sms: true });
    const excluded = await Promise.all(
      [PLAYER_STATUS.blocked, PLAYER_STATUS.closed, PLAYER_STATUS.selfExcluded, PLAYER_STATUS.coolingOff].map(
        (status) => seedPlayer(db(), { country, status }),
      ),
    );
    const noConsent = await seedPlayer(db(), { country, email: false, sms: false });
    const all = await members(db(), {});
    const lu = await members(db(), { countries: [country] });
    for (const set of [all, lu]) {
      expect(set.has(ok) && set.has(smsOnly)).toBe(true);
      for (const id of [...excluded, noConsent]) expect(set.has(id)).toBe(false);
    }
    expect(await segmentCount(db(), filter({ countries: [country] }), NOW)).toBe(2);
  });

  it("writes each player of the segment once in their language, even when the job runs twice at once and again", async () => {
    const country = "CY";
    const en = await Promise.all([1, 2, 3, 4, 5].map(() => seedPlayer(db(), { country })));
    const ru = await seedPlayer(db(), { country, language: "ru" });
    const outside = await seedPlayer(db(), { country: "GR" });
    const { campaign } = await createCampaign(db(), await actor(), body({ countries: [country] }), NOW);
    expect(campaign).toMatchObject({ status: "sending", targeted: 6, delivered: 0 });

    // Two runs at the same moment, small batches, then a third: still one message per player.
    await Promise.all([runCampaigns(deps(), { batch: 2 }), runCampaigns(deps(), { batch: 2 })]);
    await runCampaigns(deps(), { batch: 2 });
    const messages = await messagesOf(campaign.id);
    expect(messages.map((m) => m.playerId).sort()).toEqual([...en, ru].sort());
    expect(messages.find((m) => m.playerId === ru)?.title).toBe("Релоад выходного дня");
    expect(messages.find((m) => m.playerId === en[0])).toMatchObject({
      title: "Weekend reload",
      body: "Deposit on Saturday for 50% extra.",
      url: "/bonuses",
    });
    expect(messages.some((m) => m.playerId === outside)).toBe(false);
    expect(await deliveriesOf(campaign.id)).toHaveLength(6);
    const listed = (await listCampaigns(db(), { page: 1, perPage: 50 })).data.find(
      (c) => c.id === campaign.id,
    );
    expect(listed).toMatchObject({ status: "sent", targeted: 6, delivered: 6, pushed: 0, failed: 0 });
    expect(listed?.finishedAt).not.toBeNull();
  });

  it("resumes after a run that crashed mid-batch: the batch is rolled back whole and nobody gets it twice", async () => {
    const country = "EE";
    const ids = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => seedPlayer(db(), { country })));
    const { campaign } = await createCampaign(db(), await actor(), body({ countries: [country] }), NOW);
    let batches = 0;
    await expect(
      runCampaigns(deps(), {
        batch: 3,
        interrupt: (id) => {
          if (String(id) === campaign.id && ++batches === 2) throw new Error("the process died");
        },
      }),
    ).rejects.toThrow("the process died");
    // The first batch stands; the second left nothing behind.
    expect(await deliveriesOf(campaign.id)).toHaveLength(3);
    expect(await messagesOf(campaign.id)).toHaveLength(3);

    // A run that stops after one batch (a segment larger than one run), then the rest.
    await runCampaigns(deps(), { batch: 3, maxBatches: 1 });
    expect(await deliveriesOf(campaign.id)).toHaveLength(6);
    await runCampaigns(deps(), { batch: 3 });
    const messages = await messagesOf(campaign.id);
    expect(messages.map((m) => m.playerId).sort()).toEqual([...ids].sort());
    const listed = (await listCampaigns(db(), { page: 1, perPage: 50 })).data.find(
      (c) => c.id === campaign.id,
    );
    expect(listed).toMatchObject({ status: "sent", delivered: 7 });
  });

  it("passes over a player who opted out or excluded themselves after the campaign was made, and one who joined after", async () => {
    const country = "LV";
    const stays = await seedPlayer(db(), { country });
    const optsOut = await seedPlayer(db(), { country });
    const excludes = await seedPlayer(db(), { country });
    const { campaign } = await createCampaign(db(), await actor(), body({ countries: [country] }), NOW);
    expect(campaign.targeted).toBe(3);
    await db().update(players).set({ receiveEmailPromo: false }).where(eq(players.id, optsOut));
    await db().update(players).set({ status: PLAYER_STATUS.selfExcluded }).where(eq(players.id, excludes));
    const late = await seedPlayer(db(), { country });
    await runCampaigns(deps());
    expect((await messagesOf(campaign.id)).map((m) => m.playerId)).toEqual([stays]);
    expect(late).toBeGreaterThan(stays);
  });

  it("pushes to players with a subscribed browser, once, and counts what the push service refused", async () => {
    const country = "LT";
    const subscribed = await seedPlayer(db(), { country });
    const gone = await seedPlayer(db(), { country });
    const none = await seedPlayer(db(), { country });
    const keys = browserKeys();
    const sub = (playerId: bigint, path: string) => ({
      playerId,
      endpoint: `${service.url()}/${path}/${playerId}`,
      p256dh: b64u(keys.ecdh.getPublicKey()),
      auth: b64u(keys.auth),
    });
    await db()
      .insert(pushSubscriptions)
      .values([sub(subscribed, "push"), sub(gone, "gone")]);
    const { campaign } = await createCampaign(
      db(),
      await actor(),
      body({ countries: [country] }, { channels: { inbox: false, webPush: true } }),
      NOW,
    );
    const before = service.received.length;
    await Promise.all([runCampaigns(deps()), runCampaigns(deps())]);
    await runCampaigns(deps());
    const got = service.received.slice(before).map((r) => r.path);
    expect(got.sort()).toEqual([`/gone/${gone}`, `/push/${subscribed}`]);
    // Push only: no inbox message.
    expect(await messagesOf(campaign.id)).toHaveLength(0);
    const rows = await deliveriesOf(campaign.id);
    expect(Object.fromEntries(rows.map((r) => [String(r.playerId), r.push]))).toEqual({
      [String(subscribed)]: "sent",
      [String(gone)]: "failed",
      [String(none)]: "none",
    });
    const listed = (await listCampaigns(db(), { page: 1, perPage: 50 })).data.find(
      (c) => c.id === campaign.id,
    );
    expect(listed).toMatchObject({ status: "sent", targeted: 3, delivered: 3, pushed: 1, failed: 1 });
  });

  it("through the API: the preview's count, an idempotent create with one audit record, 422 for an empty segment or no channel", async () => {
    const { app } = ctx();
    const { call } = caller(() => app);
    const country = "IS";
    await seedPlayer(db(), { country, currencies: ["USD"] });
    await seedPlayer(db(), { country, currencies: ["EUR"] });
    const { token, id: staffId } = await staffToken(app, db(), ["marketing"]);
    const preview = await call({
      method: "GET",
      url: `/api/admin/messages/segment?countries=${country}&currencies=USD`,
      token,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.count).toBe(1);
    expect(preview.body.data.sample).toHaveLength(1);
    expect(preview.body.data.sample[0].name).toMatch(/^S•••\d$/);
    expect(preview.body.data.sample[0].email).toMatch(/^s•••.*@example\.com$/);

    const create = body({ countries: [country], currencies: ["USD"] });
    const first = await call({ url: "/api/admin/messages/campaigns", body: create, token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ targeted: 1, createdBy: expect.any(String) });
    const again = await call({ url: "/api/admin/messages/campaigns", body: create, token });
    expect(again.body.data.id).toBe(first.body.data.id);
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "message_campaign"), eq(adminAudit.targetId, first.body.data.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId, action: "message_campaign.create" });

    const empty = await call({
      url: "/api/admin/messages/campaigns",
      body: body({ countries: ["AQ"] }),
      token,
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.segment).toBeDefined();
    const noChannel = await call({
      url: "/api/admin/messages/campaigns",
      body: body({ countries: [country] }, { channels: { inbox: false, webPush: false } }),
      token,
    });
    expect(noChannel.status).toBe(422);
    expect(noChannel.body.errors.channels).toBeDefined();

    // Support reads campaigns but does not send them.
    const support = await staffToken(app, db(), ["support"]);
    expect(
      (await call({ method: "GET", url: "/api/admin/messages/campaigns", token: support.token })).status,
    ).toBe(200);
    const refused = await call({
      url: "/api/admin/messages/campaigns",
      body: body({}),
      token: support.token,
    });
    expect(refused.status).toBe(403);
    const count = await db()
      .select()
      .from(messageCampaignDeliveries)
      .where(inArray(messageCampaignDeliveries.campaignId, [BigInt(first.body.data.id)]));
    expect(count.length).toBeLessThanOrEqual(1);
  });
});
