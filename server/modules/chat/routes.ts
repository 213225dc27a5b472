import { createHash, timingSafeEqual } from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { supportHoursAnswer } from "#common/api/admin-support";
import {
  chatConversationAnswer,
  chatMessageAnswer,
  chatMessageBody,
  chatReadAnswer,
  operatorAnswerBody,
  operatorConversationAnswer,
  operatorConversationChange,
  operatorConversationsAnswer,
  operatorConversationsQuery,
  operatorMessageAnswer,
} from "#common/api/chat";
import { idParam } from "#common/api/shared";
import { CHAT_GUEST_HEADER } from "#common/chat-widget";
import type { AppDeps } from "../../app";
import { ApiError } from "../../http/errors";
import { chatDepsOf } from "./deps";
import { announceSupportCounts, supportHours } from "./desk";
import {
  adoptGuestConversation,
  answerAsOperator,
  type ChatDeps,
  chatLive,
  closeConversation,
  listConversations,
  newGuestId,
  operatorAttachment,
  operatorConversation,
  readAsOperator,
  readAsVisitor,
  sendVisitorMessage,
  type Visitor,
  visitorAttachment,
  visitorConversation,
} from "./service";

/**
 * The header carrying a guest's signed token (their id signed with COOKIE_SECRET): the site keeps it in the
 * browser's storage, so a guest's conversation is bound to that browser. Header rather than cookie: the site's
 * API client sends no cookies.
 */
export const GUEST_HEADER = CHAT_GUEST_HEADER;

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/heic": "heic",
  "application/pdf": "pdf",
};

const empty = z.object({}).passthrough().optional();
const messageIdParam = z.object({ messageId: z.string().max(40) });
const fileAnswer = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: "string", format: "binary", description: "the stored attachment" });

const signInRequired = () => new ApiError(403, "chat_sign_in_required", "Sign in to chat with support");

/**
 * The built-in support chat (decision 0018, docs/chat.md): the visitor's calls (a player, or a guest when
 * CHAT_GUEST_ENABLED is on) and the operator's, which exist only with CHAT_OPERATOR_TOKEN.
 */
export const chatRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const chat: ChatDeps = chatDepsOf(deps);
    const maxBytes = deps.config.CHAT_ATTACHMENT_MAX_BYTES;
    const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    const tooLarge = () =>
      new ApiError(413, "file_too_large", `The file is larger than ${megabytes} MB`, {
        file: [`At most ${megabytes} MB`],
      });
    await app.register(multipart, {
      preservePath: true,
      limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 8 * 1024 },
    });
    // A conversation is its visitor's alone: no cache may keep an answer.
    app.addHook("onSend", async (_req, reply) => {
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    });

    const guestFrom = (req: FastifyRequest): string | undefined => {
      const raw = req.headers[GUEST_HEADER];
      if (typeof raw !== "string" || raw.length > 200) return undefined;
      const un = req.unsignCookie(raw);
      return un.valid && un.value && /^[A-Za-z0-9_-]{20,40}$/.test(un.value) ? un.value : undefined;
    };

    /**
     * Who is chatting: the signed-in player (who takes along a guest conversation of this browser), or the guest
     * of the signed token — when guests may chat. `fresh` is set when a new guest was given a token.
     */
    const visitorOf = async (
      req: FastifyRequest,
      opts: { create: boolean },
    ): Promise<{ visitor: Visitor; fresh?: string } | undefined> => {
      const guestId = guestFrom(req);
      if (req.caller) {
        if (guestId) await adoptGuestConversation(deps.db, req.caller.playerId, guestId);
        return { visitor: { kind: "player", playerId: req.caller.playerId } };
      }
      // A player whose session cookie went stale (closed elsewhere, or replaced by a new login in the messenger)
      // hears 401 as on any player call, so the site renews the session rather than showing "sign in".
      if (!deps.config.CHAT_GUEST_ENABLED) throw req.staleSession ?? signInRequired();
      if (guestId) return { visitor: { kind: "guest", guestId } };
      if (!opts.create) return undefined;
      const id = newGuestId();
      return { visitor: { kind: "guest", guestId: id }, fresh: app.signCookie(id) };
    };

    const optional = { auth: "optional" } as const;

    app.get(
      "/chat/conversation",
      { config: optional, schema: { response: { 200: chatConversationAnswer } } },
      async (req) => {
        // A guest who has not written yet gets their token now, so the channel they listen on is theirs.
        const { visitor, fresh } = (await visitorOf(req, { create: true }))!;
        return {
          data: {
            conversation: await visitorConversation(deps.db, visitor),
            live: chatLive(chat, visitor),
            guestToken: fresh ?? null,
          },
        };
      },
    );

    app.post(
      "/chat/messages",
      {
        config: optional,
        schema: {
          consumes: ["application/json", "multipart/form-data"],
          body: chatMessageBody,
          response: { 201: chatMessageAnswer },
        },
        // Who may write is settled before the form is read: a refused guest's upload is not taken in.
        preValidation: async (req) => {
          if (!(await visitorOf(req, { create: false })))
            throw new ApiError(422, "validation_error", "Open the chat first", {
              [GUEST_HEADER]: ["Required"],
            });
          if (!req.isMultipart()) return;
          const form: Record<string, unknown> = {};
          try {
            for await (const part of req.parts()) {
              if (part.type === "file") {
                if (part.fieldname !== "file") {
                  part.file.resume();
                  continue;
                }
                form.file = { name: part.filename, data: new Uint8Array(await part.toBuffer()) };
              } else if (part.fieldname === "text") form.text = part.value;
            }
          } catch (err) {
            if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
            throw new ApiError(422, "validation_error", "Send a message and at most one file", {
              file: ["One file"],
            });
          }
          req.body = form as typeof req.body;
        },
      },
      async (req, reply) => {
        const { visitor } = (await visitorOf(req, { create: false }))!;
        if (req.body.file && req.body.file.data.byteLength > maxBytes) throw tooLarge();
        const sent = await sendVisitorMessage(chat, visitor, { text: req.body.text, file: req.body.file });
        await announceSupportCounts(chat, sent.conversation.id);
        reply.status(201);
        return { data: sent };
      },
    );

    app.post(
      "/chat/read",
      { config: optional, schema: { body: empty, response: { 200: chatReadAnswer } } },
      async (req) => {
        const known = await visitorOf(req, { create: false });
        return { data: { unread: known ? await readAsVisitor(deps.db, known.visitor) : 0 } };
      },
    );

    const sendFile = (reply: FastifyReply, file: Awaited<ReturnType<typeof visitorAttachment>>) => {
      const type = file.message.attachment!.contentType;
      // Never rendered as a page of this site, never guessed into another type, never kept by a cache.
      reply
        .header("content-type", type)
        .header("content-disposition", `attachment; filename="chat-${file.message.id}.${EXTENSIONS[type]}"`)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, no-store");
      return reply.send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    };

    app.get(
      "/chat/messages/:messageId/attachment",
      { config: optional, schema: { params: messageIdParam, response: { 200: fileAnswer } } },
      async (req, reply) => {
        const known = await visitorOf(req, { create: false });
        if (!known) throw ApiError.notFound("No such attachment");
        return sendFile(reply, await visitorAttachment(chat, known.visitor, req.params.messageId));
      },
    );

    /** The hours support answers (decision 0054): the site's texts say them instead of "24/7" when they are set. */
    app.get(
      "/settings/support-hours",
      { schema: { response: { 200: supportHoursAnswer } } },
      async (_req, reply) => {
        reply.header("cache-control", "public, max-age=60");
        return { data: await supportHours(deps.db) };
      },
    );

    /**
     * The operator's side, guarded by CHAT_OPERATOR_TOKEN until a back office exists; without the token these
     * calls do not exist (nor in the API document).
     */
    const operatorToken = deps.config.CHAT_OPERATOR_TOKEN;
    if (!operatorToken) return;
    const operator = {
      onRequest: async (req: FastifyRequest) => {
        const sent = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
        const digest = (v: string) => createHash("sha256").update(v).digest();
        if (!timingSafeEqual(digest(sent), digest(operatorToken)))
          throw new ApiError(401, "unauthorized", "The operator API needs its bearer token");
      },
    };

    /** What the API document says of an operator call: its token, and what it does (docs/chat.md). */
    const doc = (description: string) => ({
      description: `${description} Operator API: bearer CHAT_OPERATOR_TOKEN.`,
      tags: ["chat operator"],
      security: [{ bearer: [] }],
    });

    app.get(
      "/chat/operator/conversations",
      {
        ...operator,
        schema: {
          ...doc(
            "The queue: conversations with unread visitor messages first, then the most recently active.",
          ),
          querystring: operatorConversationsQuery,
          response: { 200: operatorConversationsAnswer },
        },
      },
      async (req) => listConversations(deps.db, req.query),
    );
    app.get(
      "/chat/operator/conversations/:id",
      {
        ...operator,
        schema: {
          ...doc("One conversation with its latest messages."),
          params: idParam,
          response: { 200: operatorConversationAnswer },
        },
      },
      async (req) => ({ data: await operatorConversation(deps.db, req.params.id) }),
    );
    app.post(
      "/chat/operator/conversations/:id/read",
      {
        ...operator,
        schema: {
          ...doc("Marks the visitor's messages read."),
          params: idParam,
          body: empty,
          response: { 200: operatorConversationChange },
        },
      },
      async (req) => {
        const read = await readAsOperator(deps.db, req.params.id);
        await announceSupportCounts(chat, read.id);
        return { data: read };
      },
    );
    app.post(
      "/chat/operator/conversations/:id/messages",
      {
        ...operator,
        schema: {
          ...doc("Answers the visitor; their page shows it live."),
          params: idParam,
          body: operatorAnswerBody,
          response: { 201: operatorMessageAnswer },
        },
      },
      async (req, reply) => {
        const message = await answerAsOperator(chat, req.params.id, req.body.text);
        await announceSupportCounts(chat, message.conversationId);
        reply.status(201);
        return { data: message };
      },
    );
    app.post(
      "/chat/operator/conversations/:id/close",
      {
        ...operator,
        schema: {
          ...doc("Closes the conversation; the visitor's next message opens a new one."),
          params: idParam,
          body: empty,
          response: { 200: operatorConversationChange },
        },
      },
      async (req) => {
        const closed = await closeConversation(chat, req.params.id);
        await announceSupportCounts(chat, closed.id);
        return { data: closed };
      },
    );
    app.get(
      "/chat/operator/messages/:messageId/attachment",
      {
        ...operator,
        schema: {
          ...doc("Downloads an attachment."),
          params: messageIdParam,
          response: { 200: fileAnswer },
        },
      },
      async (req, reply) => sendFile(reply, await operatorAttachment(chat, req.params.messageId)),
    );
  };
