import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { ContactStatus, SupportContactMessage, SupportCountsEvent } from "#common/api/admin-support";
import { pageMetaOf } from "#common/api/paging";
import { SUPPORT_EVENTS, SUPPORT_STAFF_CHANNEL } from "#common/realtime";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Mailer } from "../../providers/email";
import type { Publisher } from "../../realtime/publisher";
import { playerIdsByEmail } from "../player";
import { type AuditActor, audited, staffNames } from "../staff";
import { communicationReplies, communications } from "./tables";

/**
 * The contact form's messages in the back office's support desk (decision 0054): the list (waiting ones first),
 * a reply sent by e-mail through the mailer (the outbox in development, SMTP in production) and kept beside the
 * message, and "done".
 */

type Row = typeof communications.$inferSelect;

/** The reply's frame in the sender's language: the reply, then what they wrote. */
const FRAME: Record<string, { wrote: string; signature: string }> = {
  en: { wrote: "You wrote:", signature: "Lucky Harbor support" },
  "pt-br": { wrote: "Você escreveu:", signature: "Suporte Lucky Harbor" },
  ru: { wrote: "Вы написали:", signature: "Поддержка Lucky Harbor" },
};

export function replyMail(message: Pick<Row, "subject" | "message" | "locale">, text: string) {
  const frame = FRAME[message.locale] ?? FRAME.en!;
  const quoted = message.message
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n");
  return {
    subject: `Re: ${message.subject}`,
    text: `${text}\n\n— ${frame.signature}\n\n${frame.wrote}\n${quoted}\n`,
  };
}

async function views(db: Db, rows: Row[]): Promise<SupportContactMessage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [replies, playerByEmail] = await Promise.all([
    db
      .select()
      .from(communicationReplies)
      .where(inArray(communicationReplies.communicationId, ids))
      .orderBy(asc(communicationReplies.id)),
    playerIdsByEmail(
      db,
      rows.map((r) => r.email),
    ),
  ]);
  const names = await staffNames(db, [...new Set(replies.map((r) => r.staffId))]);
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    locale: r.locale,
    status: r.status,
    playerId: playerByEmail.has(r.email.trim().toLowerCase())
      ? String(playerByEmail.get(r.email.trim().toLowerCase()))
      : null,
    createdAt: r.createdAt.toISOString(),
    doneAt: r.doneAt?.toISOString() ?? null,
    replies: replies
      .filter((x) => x.communicationId === r.id)
      .map((x) => ({
        id: String(x.id),
        text: x.body,
        staffName: names.get(x.staffId) ?? "",
        createdAt: x.createdAt.toISOString(),
      })),
  }));
}

/** How many contact messages nobody has answered or closed. */
export async function contactCounts(db: Db): Promise<{ contactNew: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(communications)
    .where(eq(communications.status, "new"));
  return { contactNew: row?.n ?? 0 };
}

/** Tells every open support inbox how many contact messages wait (decision 0054); a failure is dropped. */
export async function announceContactCounts(deps: { db: Db; publisher: Publisher }): Promise<void> {
  try {
    const data: SupportCountsEvent = { counts: await contactCounts(deps.db), conversationId: null };
    await deps.publisher.publish(SUPPORT_STAFF_CHANNEL, { event: SUPPORT_EVENTS.counts, data });
  } catch {
    // the inbox reads the counts again when it opens or reconnects
  }
}

/** The list: `waiting` (new and answered, not done) oldest first; the others newest first. */
export async function contactMessages(
  db: Db,
  q: { status: ContactStatus | "waiting" | "all"; page: number; perPage: number },
) {
  const where: SQL | undefined =
    q.status === "all"
      ? undefined
      : q.status === "waiting"
        ? ne(communications.status, "done")
        : eq(communications.status, q.status);
  const order =
    q.status === "waiting" || q.status === "new"
      ? [asc(communications.createdAt), asc(communications.id)]
      : [desc(communications.createdAt), desc(communications.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(communications)
      .where(where)
      .orderBy(...order)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(communications).where(where),
  ]);
  return { data: await views(db, rows), meta: pageMetaOf(q.page, q.perPage, total?.n ?? 0) };
}

async function byId(db: Db, id: string): Promise<Row> {
  const key = /^\d{1,15}$/.test(id) ? Number(id) : undefined;
  const [row] = key ? await db.select().from(communications).where(eq(communications.id, key)) : [];
  if (!row) throw ApiError.notFound("No such contact message");
  return row;
}

export async function contactMessage(db: Db, id: string): Promise<SupportContactMessage> {
  return (await views(db, [await byId(db, id)]))[0]!;
}

/**
 * Answers a contact message by e-mail. The mail goes first: a reply is recorded (and the message marked
 * answered) only once the mailer took it, so a failed send leaves nothing that says it was answered.
 */
export async function replyToContact(
  deps: { db: Db; mailer: Mailer },
  actor: AuditActor & { staffId: number },
  id: string,
  text: string,
): Promise<SupportContactMessage> {
  const row = await byId(deps.db, id);
  const mail = replyMail(row, text);
  try {
    await deps.mailer.send({ to: row.email, ...mail });
  } catch {
    throw new ApiError(502, "mail_failed", "The e-mail could not be sent; nothing was recorded. Try again.");
  }
  await audited(
    deps.db,
    actor,
    { action: "support.contact.reply", targetType: "contact_message", targetId: row.id },
    async (tx) => {
      const [reply] = await tx
        .insert(communicationReplies)
        .values({ communicationId: row.id, staffId: actor.staffId, body: text })
        .returning();
      // A message already done stays done; a new one becomes answered.
      await tx
        .update(communications)
        .set({ status: sql`case when ${communications.status} = 'done' then 'done' else 'answered' end` })
        .where(eq(communications.id, row.id));
      return {
        before: { status: row.status },
        after: { replyId: reply!.id, to: row.email },
        result: undefined,
      };
    },
  );
  return contactMessage(deps.db, id);
}

/** Marks a contact message done (and back to waiting with `done: false`). */
export async function markContactDone(
  deps: { db: Db; now: Date },
  actor: AuditActor,
  id: string,
  done: boolean,
): Promise<SupportContactMessage> {
  const row = await byId(deps.db, id);
  await audited(
    deps.db,
    actor,
    {
      action: done ? "support.contact.done" : "support.contact.reopen",
      targetType: "contact_message",
      targetId: row.id,
    },
    async (tx) => {
      const [after] = await tx
        .update(communications)
        .set(
          done
            ? { status: "done", doneAt: deps.now }
            : {
                status: sql`case when exists (select 1 from ${communicationReplies} where ${communicationReplies.communicationId} = ${row.id}) then 'answered' else 'new' end`,
                doneAt: null,
              },
        )
        .where(and(eq(communications.id, row.id)))
        .returning({ status: communications.status });
      return { before: { status: row.status }, after: { status: after!.status }, result: undefined };
    },
  );
  return contactMessage(deps.db, id);
}
