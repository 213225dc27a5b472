import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Campaign, campaignCreateBody, SegmentFilter, SegmentPreview } from "#common/api/admin-messages";
import { type Page, pageMetaOf } from "#common/api/paging";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { type NudgedRunner, nudgedRunner } from "../../lib/nudged-runner";
import { levelOrderOf } from "../loyalty";
import { languagesOf, playerSegments } from "../player";
import { type AuditActor, recordAudit, staffNames } from "../staff";
import { type Notice, writeNotices } from "./inbox";
import { messageCampaignDeliveries, messageCampaigns, pushSubscriptions } from "./tables";
import { textLocale } from "./texts";
import { sendWebPush } from "./web-push";

/** The players a campaign may reach, with their loyalty level read from the loyalty module. */
const { newestPlayerId, segmentBatch, segmentCount, segmentSample } = playerSegments(levelOrderOf);

/**
 * Staff messages to a segment of players (decision 0029). Creating a campaign is one short transaction: the
 * campaign row (its idempotency key unique) and its audit record. The `message-campaigns` job then writes to
 * the segment in batches: each batch, in one transaction with the campaign row locked, writes a delivery row
 * per player (primary key campaign + player), their inbox message (the notification module's delivery step
 * sends it live) and moves the campaign's cursor on. A crash rolls the batch back whole, and the next run
 * starts after the cursor; two runs at once queue on the campaign row. Web pushes are claimed per player before
 * they go out, so none goes twice.
 */

type CreateBody = z.output<typeof campaignCreateBody>;
type CampaignRow = typeof messageCampaigns.$inferSelect;

export interface CampaignDeps {
  db: Db;
  config: Config;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}

/** The text in the player's language when staff wrote one, else English. */
export const localizedText = (texts: Record<string, string>, language: string) =>
  texts[language.toLowerCase()] ?? texts[textLocale(language)] ?? texts.en ?? "";

/** The locales staff filled in (a blank one falls back to English). */
const filled = (texts: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(texts).filter(([, v]) => v && v.trim() !== "")) as Record<string, string>;

/** The count and a few masked players a campaign with this filter would reach now. */
export async function previewSegment(db: Db, f: SegmentFilter, now: Date): Promise<SegmentPreview> {
  const [n, sample] = await Promise.all([segmentCount(db, f, now), segmentSample(db, f, now)]);
  return { count: n, sample };
}

async function progressOf(db: Db, ids: bigint[]) {
  if (ids.length === 0) return new Map<bigint, { delivered: number; pushed: number; failed: number }>();
  const rows = await db
    .select({
      id: messageCampaignDeliveries.campaignId,
      delivered: count(),
      pushed: sql<number>`count(*) filter (where ${messageCampaignDeliveries.push} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${messageCampaignDeliveries.push} = 'failed')`.mapWith(
        Number,
      ),
    })
    .from(messageCampaignDeliveries)
    .where(inArray(messageCampaignDeliveries.campaignId, ids))
    .groupBy(messageCampaignDeliveries.campaignId);
  return new Map(rows.map((r) => [r.id, r]));
}

function view(
  c: CampaignRow,
  by: string | null,
  p: { delivered: number; pushed: number; failed: number } | undefined,
): Campaign {
  return {
    id: String(c.id),
    title: c.title,
    body: c.body,
    url: c.url,
    channels: { inbox: c.inbox, webPush: c.webPush },
    segment: c.segment,
    status: c.status,
    targeted: c.targeted,
    delivered: p?.delivered ?? 0,
    pushed: p?.pushed ?? 0,
    failed: p?.failed ?? 0,
    createdBy: by,
    createdAt: c.createdAt.toISOString(),
    finishedAt: c.finishedAt?.toISOString() ?? null,
  };
}

/** The campaigns, newest first, with their progress. */
export async function listCampaigns(db: Db, q: { page: number; perPage: number }): Promise<Page<Campaign>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageCampaigns)
      .orderBy(desc(messageCampaigns.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(messageCampaigns),
  ]);
  const [progress, names] = await Promise.all([
    progressOf(
      db,
      rows.map((c) => c.id),
    ),
    staffNames(db, [...new Set(rows.flatMap((c) => (c.createdBy === null ? [] : [c.createdBy])))]),
  ]);
  return {
    data: rows.map((c) =>
      view(c, c.createdBy === null ? null : (names.get(c.createdBy) ?? null), progress.get(c.id)),
    ),
    meta: pageMetaOf(q.page, q.perPage, total?.n ?? 0),
  };
}

export async function campaignById(db: Db, id: bigint): Promise<Campaign> {
  const [row] = await db.select().from(messageCampaigns).where(eq(messageCampaigns.id, id));
  if (!row) throw ApiError.notFound("No campaign with this id");
  const names = await staffNames(db, row.createdBy === null ? [] : [row.createdBy]);
  return view(row, names.get(row.createdBy ?? -1) ?? null, (await progressOf(db, [id])).get(id));
}

/**
 * POST /api/admin/messages/campaigns: the campaign row and its audit record, nothing sent yet (the job sends).
 * The same idempotency key again answers the first campaign and records nothing (a double click sends once).
 * A segment with nobody in it is refused (422): there would be nothing to send.
 */
export async function createCampaign(
  db: Db,
  actor: AuditActor,
  b: CreateBody,
  now: Date,
): Promise<{ campaign: Campaign; repeated: boolean }> {
  const existing = async () => {
    const [row] = await db
      .select({ id: messageCampaigns.id })
      .from(messageCampaigns)
      .where(eq(messageCampaigns.idempotencyKey, b.idempotencyKey));
    return row && (await campaignById(db, row.id));
  };
  const before = await existing();
  if (before) return { campaign: before, repeated: true };
  const targeted = await segmentCount(db, b.segment, now);
  if (targeted === 0)
    throw new ApiError(422, "validation_error", "No player is in this segment", {
      segment: ["No player is in this segment"],
    });
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messageCampaigns)
      .values({
        idempotencyKey: b.idempotencyKey,
        title: filled(b.title),
        body: filled(b.body),
        url: b.url,
        inbox: b.channels.inbox,
        webPush: b.channels.webPush,
        segment: b.segment,
        targeted,
        lastPlayerId: await newestPlayerId(tx),
        createdBy: actor.staffId,
      })
      .onConflictDoNothing({ target: messageCampaigns.idempotencyKey })
      .returning();
    // The same key sent twice at once: the other call made it.
    if (!row) return undefined;
    await recordAudit(
      tx,
      actor,
      { action: "message_campaign.create", targetType: "message_campaign", targetId: row.id },
      null,
      {
        title: row.title,
        body: row.body,
        url: row.url,
        channels: { inbox: row.inbox, webPush: row.webPush },
        segment: row.segment,
        targeted,
      },
    );
    return row.id;
  });
  if (id === undefined) return { campaign: (await existing())!, repeated: true };
  return { campaign: await campaignById(db, id), repeated: false };
}

/** Players (of these) with at least one browser subscribed to Web Push. */
async function withDevices(db: Db, playerIds: bigint[]): Promise<Set<bigint>> {
  if (playerIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: pushSubscriptions.playerId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.playerId, playerIds));
  return new Set(rows.map((r) => r.id));
}

export interface RunOptions {
  /** Players per batch (one transaction each). */
  batch?: number;
  /** Batches per run and campaign; the next run goes on where this one stopped. */
  maxBatches?: number;
  /** Tests: called inside each batch's transaction after its writes; throwing rolls that batch back (a crash). */
  interrupt?: (campaignId: bigint, written: number) => void;
}

/** One batch of a campaign: its next players' delivery rows and messages, and the cursor past them. */
async function campaignBatch(
  deps: CampaignDeps,
  id: bigint,
  size: number,
  interrupt: RunOptions["interrupt"],
): Promise<{ done: boolean; written: number }> {
  return deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(messageCampaigns).where(eq(messageCampaigns.id, id)).for("update");
    if (c?.status !== "sending" || c.cursor >= c.lastPlayerId) return { done: true, written: 0 };
    const players = await segmentBatch(tx, c.segment, deps.clock.now(), {
      after: c.cursor,
      upTo: c.lastPlayerId,
      limit: size,
    });
    let written = 0;
    if (players.length > 0) {
      const devices =
        c.webPush && deps.config.webPush
          ? await withDevices(
              tx,
              players.map((p) => p.id),
            )
          : new Set<bigint>();
      const inserted = await tx
        .insert(messageCampaignDeliveries)
        .values(
          players.map((p) => ({
            campaignId: c.id,
            playerId: p.id,
            push: devices.has(p.id) ? ("pending" as const) : ("none" as const),
          })),
        )
        .onConflictDoNothing()
        .returning({ playerId: messageCampaignDeliveries.playerId });
      const fresh = new Set(inserted.map((r) => r.playerId));
      if (c.inbox) {
        const notices: Notice[] = players
          .filter((p) => fresh.has(p.id))
          .map((p) => ({
            playerId: p.id,
            sourceKey: `campaign:${c.id}:${p.id}`,
            kind: "campaign",
            title: localizedText(c.title, p.language),
            body: localizedText(c.body, p.language),
            url: c.url,
            message: true,
            push: false,
          }));
        await writeNotices(tx, notices);
      }
      written = inserted.length;
    }
    interrupt?.(c.id, written);
    const cursor = players.length < size ? c.lastPlayerId : players[players.length - 1]!.id;
    await tx.update(messageCampaigns).set({ cursor }).where(eq(messageCampaigns.id, c.id));
    return { done: cursor >= c.lastPlayerId, written };
  });
}

const PUSH_BATCH = 50;

/** Sends the campaign's pending Web Pushes: each player's row is claimed (sending) first, then sent or failed. */
async function campaignPushes(deps: CampaignDeps, c: CampaignRow): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const d = messageCampaignDeliveries;
  for (;;) {
    const claimed = await deps.db
      .update(d)
      .set({ push: "sending" })
      .where(
        and(
          eq(d.campaignId, c.id),
          inArray(
            d.playerId,
            deps.db
              .select({ id: d.playerId })
              .from(d)
              .where(and(eq(d.campaignId, c.id), eq(d.push, "pending")))
              .limit(PUSH_BATCH)
              .for("update", { skipLocked: true }),
          ),
        ),
      )
      .returning({ playerId: d.playerId });
    if (claimed.length === 0) break;
    const languages = await languagesOf(
      deps.db,
      claimed.map((r) => r.playerId),
    );
    const url = new URL(c.url ?? "/", deps.config.publicUrl).toString();
    await Promise.all(
      claimed.map(async ({ playerId }) => {
        const language = languages.get(playerId) ?? "en";
        const r = await sendWebPush(
          deps.db,
          deps.config,
          playerId,
          {
            id: `campaign-${c.id}`,
            title: localizedText(c.title, language),
            body: localizedText(c.body, language),
            url,
          },
          deps.clock.now(),
        ).catch((err) => {
          deps.log?.warn({ err, campaignId: String(c.id) }, "campaign push not delivered");
          return { sent: 0 };
        });
        const ok = r.sent > 0;
        if (ok) sent++;
        else failed++;
        await deps.db
          .update(d)
          .set({ push: ok ? "sent" : "failed", pushedAt: deps.clock.now() })
          .where(and(eq(d.campaignId, c.id), eq(d.playerId, playerId)));
      }),
    );
    if (claimed.length < PUSH_BATCH) break;
  }
  return { sent, failed };
}

/**
 * What the `message-campaigns` job runs: every campaign still sending goes on in batches from its cursor, its
 * pushes go out, and a campaign whose segment is walked and pushes are done is marked sent. Safe to run again
 * and at the same time as another run: nobody gets a campaign twice.
 */
export async function runCampaigns(
  deps: CampaignDeps,
  o: RunOptions = {},
): Promise<{ written: number; pushed: number; failed: number }> {
  const size = o.batch ?? 500;
  const maxBatches = o.maxBatches ?? 200;
  const sending = await deps.db
    .select({ id: messageCampaigns.id })
    .from(messageCampaigns)
    .where(eq(messageCampaigns.status, "sending"))
    .orderBy(messageCampaigns.id);
  let written = 0;
  let pushed = 0;
  let failed = 0;
  for (const { id } of sending) {
    let done = false;
    for (let i = 0; i < maxBatches && !done; i++) {
      const r = await campaignBatch(deps, id, size, o.interrupt);
      written += r.written;
      done = r.done;
    }
    const [c] = await deps.db.select().from(messageCampaigns).where(eq(messageCampaigns.id, id));
    if (!c) continue;
    const p = await campaignPushes(deps, c);
    pushed += p.sent;
    failed += p.failed;
    if (done)
      await deps.db
        .update(messageCampaigns)
        .set({ status: "sent", finishedAt: deps.clock.now() })
        .where(
          and(
            eq(messageCampaigns.id, id),
            eq(messageCampaigns.status, "sending"),
            sql`not exists (select 1 from ${messageCampaignDeliveries} where ${messageCampaignDeliveries.campaignId} = ${id} and ${messageCampaignDeliveries.push} = 'pending')`,
          ),
        );
  }
  return { written, pushed, failed };
}

/**
 * Runs `runCampaigns` soon after a nudge (a campaign just made), one run at a time per process; a nudge during a
 * run asks for one more. `after` is told how many players were written to (to nudge the messages' delivery).
 */
export function campaignRunner(deps: CampaignDeps, after: (written: number) => void, delayMs = 20) {
  return nudgedRunner(
    () =>
      runCampaigns(deps)
        .then((r) => after(r.written))
        .catch((err) => deps.log?.warn({ err }, "message campaigns failed")),
    delayMs,
  );
}

export type CampaignRunner = NudgedRunner;
