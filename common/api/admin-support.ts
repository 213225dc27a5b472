import { z } from "zod";
import { chatMessage, chatStatus, chatText } from "./chat";
import { paged, pageMeta, pagingQuery } from "./paging";

/**
 * The support desk of the back office (issue 42, decision 0054): the live chats, the contact form's messages
 * answered by e-mail, the canned answers staff insert into a reply, and the hours support works. The counts of
 * what waits reach every open inbox over the staff channel (`SUPPORT_STAFF_CHANNEL`, `support.counts`).
 */

/** What waits for support: conversations with unread visitor messages, open ones nobody took, new contact messages. */
export const supportCounts = z
  .object({
    chatsUnread: z.number().int(),
    chatsUnassigned: z.number().int(),
    chatsOpen: z.number().int(),
    contactNew: z.number().int(),
  })
  .meta({ id: "SupportCounts" });
export type SupportCounts = z.infer<typeof supportCounts>;

/**
 * What a publication on the staff channel carries: the counts of what changed (the chats' or the contact
 * messages'), and which conversation changed (if one did).
 */
export interface SupportCountsEvent {
  counts: Partial<SupportCounts>;
  conversationId: string | null;
}

/** GET /api/admin/support/live: the counts now and the staff channel with its subscription token. */
export const supportLiveAnswer = z.object({
  data: z.object({ counts: supportCounts, channel: z.string(), token: z.string() }),
});

/** A conversation in the staff's list: who it is with (a player's page to open beside), who took it. */
export const supportChat = z
  .object({
    id: z.string(),
    status: chatStatus,
    playerId: z.string().nullable(),
    /** The player's nickname and e-mail; null for a guest. */
    player: z.object({ nickname: z.string(), email: z.string().nullable() }).nullable(),
    unread: z.number().int(),
    visitorUnread: z.number().int(),
    assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    lastMessage: chatMessage.nullable(),
    lastMessageAt: z.string(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: "SupportChat" });
export type SupportChat = z.infer<typeof supportChat>;

export const supportChatsQuery = pagingQuery({ perPage: 20, maxPerPage: 100 }).extend({
  status: z.enum(["open", "closed", "all"]).default("open"),
  /** Only the conversations the caller took. */
  mine: z.enum(["0", "1"]).default("0"),
});
export const supportChatsAnswer = z.object({ data: z.array(supportChat), meta: pageMeta });

/** A staff message: who wrote it (null for a visitor's, or an answer sent through the operator API). */
export const supportChatMessage = chatMessage.extend({ staffName: z.string().nullable() });
export const supportChatAnswer = z.object({
  data: supportChat.extend({ messages: z.array(supportChatMessage) }),
});
export type SupportChatDetail = z.infer<typeof supportChatAnswer>["data"];
export const supportChatChange = z.object({ data: supportChat });

/** POST /api/admin/support/chats/{id}/assign: takes the conversation; `force` takes it from another member. */
export const supportAssignBody = z.object({ force: z.boolean().default(false) });

/** POST /api/admin/support/chats/{id}/messages as JSON; with an attachment, a multipart form of `text` and `file`. */
export const supportReplyBody = z.object({
  text: chatText.default(""),
  file: z
    .custom<{ name: string; data: Uint8Array }>(
      (v) =>
        typeof v === "object" &&
        v !== null &&
        typeof (v as { name?: unknown }).name === "string" &&
        (v as { data?: unknown }).data instanceof Uint8Array,
      "Choose a file",
    )
    .meta({ type: "string", format: "binary", description: "JPEG, PNG, HEIC or PDF" })
    .optional(),
});
export const supportReplyAnswer = z.object({ data: supportChatMessage });

// Contact messages

export const contactStatus = z.enum(["new", "answered", "done"]);
export type ContactStatus = z.infer<typeof contactStatus>;

export const contactReply = z
  .object({ id: z.string(), text: z.string(), staffName: z.string(), createdAt: z.string() })
  .meta({ id: "ContactReply" });

export const contactMessage = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    locale: z.string(),
    status: contactStatus,
    /** The player with this e-mail, when there is one. */
    playerId: z.string().nullable(),
    createdAt: z.string(),
    doneAt: z.string().nullable(),
    replies: z.array(contactReply),
  })
  .meta({ id: "SupportContactMessage" });
export type SupportContactMessage = z.infer<typeof contactMessage>;

export const contactMessagesQuery = pagingQuery({ perPage: 20, maxPerPage: 100 }).extend({
  status: z.enum(["new", "answered", "done", "waiting", "all"]).default("waiting"),
});
export const contactMessagesAnswer = paged(contactMessage);
export const contactMessageAnswer = z.object({ data: contactMessage });
/** POST /api/admin/support/contact/{id}/done: done, or back to waiting with `done: false`. */
export const contactDoneBody = z.object({ done: z.boolean().default(true) });
export const CONTACT_REPLY_MAX = 8000;
export const contactReplyBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, "Write a reply")
    .max(CONTACT_REPLY_MAX, `At most ${CONTACT_REPLY_MAX} characters`),
});

// Canned answers

export const cannedAnswer = z
  .object({ id: z.string(), title: z.string(), body: z.string(), updatedAt: z.string() })
  .meta({ id: "CannedAnswer" });
export type CannedAnswer = z.infer<typeof cannedAnswer>;
export const cannedAnswersAnswer = z.object({ data: z.array(cannedAnswer) });
export const cannedAnswerAnswer = z.object({ data: cannedAnswer });
export const cannedAnswerBody = z.object({
  title: z.string().trim().min(2, "At least 2 characters").max(80, "At most 80 characters"),
  body: z.string().trim().min(1, "Write the answer").max(2000, "At most 2000 characters"),
});
export const cannedAnswerChange = cannedAnswerBody.partial();

// Support hours

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM, 24-hour");

/**
 * When support answers: round the clock (the default), or on the given ISO weekdays (1 Monday … 7 Sunday)
 * from `opens` to `closes` in `timeZone`.
 */
export const supportHours = z
  .discriminatedUnion("mode", [
    z.object({ mode: z.literal("always") }),
    z.object({
      mode: z.literal("hours"),
      days: z
        .array(z.number().int().min(1).max(7))
        .min(1, "Pick at least one day")
        .max(7)
        .refine((d) => new Set(d).size === d.length, "Each day once"),
      opens: clock,
      closes: clock,
      timeZone: z
        .string()
        .max(64)
        .refine((tz) => {
          try {
            new Intl.DateTimeFormat("en", { timeZone: tz });
            return true;
          } catch {
            return false;
          }
        }, "A time zone such as Europe/Lisbon"),
    }),
  ])
  .refine((h) => h.mode === "always" || h.opens !== h.closes, "Opening and closing times differ")
  .meta({ id: "SupportHours" });
export type SupportHours = z.infer<typeof supportHours>;
export const ROUND_THE_CLOCK: SupportHours = { mode: "always" };
export const supportHoursAnswer = z.object({ data: supportHours });
