import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cannedAnswerAnswer,
  cannedAnswerBody,
  cannedAnswerChange,
  cannedAnswersAnswer,
  contactDoneBody,
  contactMessageAnswer,
  contactMessagesAnswer,
  contactMessagesQuery,
  contactReplyBody,
  supportAssignBody,
  supportChatAnswer,
  supportChatChange,
  supportChatsAnswer,
  supportChatsQuery,
  supportHoursAnswer,
  supportHours as supportHoursSchema,
  supportLiveAnswer,
  supportReplyAnswer,
  supportReplyBody,
} from "#common/api/admin-support";
import { idParam } from "#common/api/shared";
import type { AppDeps } from "../../app";
import { ApiError } from "../../http/errors";
import {
  announceSupportCounts,
  answerAsOperator,
  assignChat,
  cannedAnswers,
  changeCannedAnswer,
  chatCounts,
  chatDepsOf,
  closeAsStaff,
  createCannedAnswer,
  operatorAttachment,
  readAsStaff,
  setSupportHours,
  supportChat,
  supportChats,
  supportHours,
  supportLive,
} from "../chat";
import { refreshSupportTexts } from "../content";
import {
  announceContactCounts,
  contactCounts,
  contactMessage,
  contactMessages,
  markContactDone,
  replyToContact,
} from "../notification";
import { actorOf, recordAudit, staffOf } from "../staff";

const empty = z.object({});
const messageIdParam = z.object({ messageId: z.string().max(40) });
const fileAnswer = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: "string", format: "binary", description: "the stored attachment" });
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/heic": "heic",
  "application/pdf": "pdf",
};

/**
 * The support desk (issue 42, decision 0054): live chats, contact messages answered by e-mail, canned answers
 * and the hours. Its own scope, for the multipart parser a reply with an attachment needs.
 */
export async function supportRoutes(parent: FastifyInstance, deps: AppDeps) {
  await parent.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const chat = chatDepsOf(deps);
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
    const now = () => deps.clock.now();

    app.get(
      "/admin/support/live",
      { config: { staff: "support.inbox" }, schema: { response: { 200: supportLiveAnswer } } },
      async () => {
        const [chats, contact] = await Promise.all([chatCounts(deps.db), contactCounts(deps.db)]);
        return { data: { counts: { ...chats, ...contact }, ...supportLive(deps.config.JWT_SECRET) } };
      },
    );

    // Chats
    app.get(
      "/admin/support/chats",
      {
        config: { staff: "support.inbox" },
        schema: { querystring: supportChatsQuery, response: { 200: supportChatsAnswer } },
      },
      async (req) => supportChats(deps.db, staffOf(req).staffId, req.query),
    );
    app.get(
      "/admin/support/chats/:id",
      {
        config: { staff: "support.inbox" },
        schema: { params: idParam, response: { 200: supportChatAnswer } },
      },
      async (req) => ({ data: await supportChat(deps.db, req.params.id) }),
    );
    app.post(
      "/admin/support/chats/:id/read",
      {
        config: { staff: "support.inbox" },
        schema: { params: idParam, body: empty, response: { 200: supportChatChange } },
      },
      async (req) => ({ data: await readAsStaff(chat, req.params.id) }),
    );
    app.post(
      "/admin/support/chats/:id/assign",
      {
        config: { staff: "support.answer" },
        schema: { params: idParam, body: supportAssignBody, response: { 200: supportChatChange } },
      },
      async (req) => {
        const actor = { ...actorOf(req), staffId: staffOf(req).staffId };
        return { data: await assignChat({ ...chat, now: now() }, actor, req.params.id, req.body.force) };
      },
    );
    app.post(
      "/admin/support/chats/:id/messages",
      {
        config: { staff: "support.answer" },
        schema: {
          consumes: ["application/json", "multipart/form-data"],
          params: idParam,
          body: supportReplyBody,
          response: { 200: supportReplyAnswer },
        },
        preValidation: async (req: FastifyRequest) => {
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
      async (req) => {
        if (req.body.file && req.body.file.data.byteLength > maxBytes) throw tooLarge();
        const actor = actorOf(req);
        const message = await answerAsOperator(
          chat,
          req.params.id,
          { text: req.body.text, file: req.body.file },
          {
            staffId: actor.staffId,
            audit: (tx, after) =>
              recordAudit(
                tx,
                actor,
                { action: "support.chat.answer", targetType: "chat_conversation", targetId: req.params.id },
                null,
                after,
              ),
          },
        );
        await announceSupportCounts(chat, message.conversationId);
        return { data: { ...message, staffName: staffOf(req).name } };
      },
    );
    app.post(
      "/admin/support/chats/:id/close",
      {
        config: { staff: "support.answer" },
        schema: { params: idParam, body: empty, response: { 200: supportChatChange } },
      },
      async (req) => ({ data: await closeAsStaff({ ...chat, now: now() }, actorOf(req), req.params.id) }),
    );
    const sendFile = (reply: FastifyReply, file: Awaited<ReturnType<typeof operatorAttachment>>) => {
      const type = file.message.attachment!.contentType;
      reply
        .header("content-type", type)
        .header("content-disposition", `attachment; filename="chat-${file.message.id}.${EXTENSIONS[type]}"`)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox");
      return reply.send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    };
    app.get(
      "/admin/support/chat-messages/:messageId/attachment",
      {
        config: { staff: "support.inbox" },
        schema: { params: messageIdParam, response: { 200: fileAnswer } },
      },
      async (req, reply) => sendFile(reply, await operatorAttachment(chat, req.params.messageId)),
    );

    // Contact messages
    app.get(
      "/admin/support/contact",
      {
        config: { staff: "support.inbox" },
        schema: { querystring: contactMessagesQuery, response: { 200: contactMessagesAnswer } },
      },
      async (req) => contactMessages(deps.db, req.query),
    );
    app.get(
      "/admin/support/contact/:id",
      {
        config: { staff: "support.inbox" },
        schema: { params: idParam, response: { 200: contactMessageAnswer } },
      },
      async (req) => ({ data: await contactMessage(deps.db, req.params.id) }),
    );
    app.post(
      "/admin/support/contact/:id/reply",
      {
        config: { staff: "support.answer" },
        schema: { params: idParam, body: contactReplyBody, response: { 200: contactMessageAnswer } },
      },
      async (req) => {
        const actor = { ...actorOf(req), staffId: staffOf(req).staffId };
        const data = await replyToContact(deps, actor, req.params.id, req.body.text);
        await announceContactCounts(chat);
        return { data };
      },
    );
    app.post(
      "/admin/support/contact/:id/done",
      {
        config: { staff: "support.answer" },
        schema: { params: idParam, body: contactDoneBody, response: { 200: contactMessageAnswer } },
      },
      async (req) => {
        const data = await markContactDone(
          { db: deps.db, now: now() },
          actorOf(req),
          req.params.id,
          req.body.done,
        );
        await announceContactCounts(chat);
        return { data };
      },
    );

    // Canned answers
    app.get(
      "/admin/support/canned",
      { config: { staff: "support.inbox" }, schema: { response: { 200: cannedAnswersAnswer } } },
      async () => ({ data: await cannedAnswers(deps.db) }),
    );
    app.post(
      "/admin/support/canned",
      {
        config: { staff: "support.canned" },
        schema: { body: cannedAnswerBody, response: { 200: cannedAnswerAnswer } },
      },
      async (req) => ({ data: await createCannedAnswer(deps.db, actorOf(req), req.body) }),
    );
    app.patch(
      "/admin/support/canned/:id",
      {
        config: { staff: "support.canned" },
        schema: { params: idParam, body: cannedAnswerChange, response: { 200: cannedAnswerAnswer } },
      },
      async (req) => ({
        data: await changeCannedAnswer({ db: deps.db, now: now() }, actorOf(req), req.params.id, req.body),
      }),
    );

    // Hours
    app.get(
      "/admin/support/hours",
      { config: { staff: "support.inbox" }, schema: { response: { 200: supportHoursAnswer } } },
      async () => ({ data: await supportHours(deps.db) }),
    );
    app.put(
      "/admin/support/hours",
      {
        config: { staff: "support.hours" },
        schema: { body: supportHoursSchema, response: { 200: supportHoursAnswer } },
      },
      async (req) => {
        const data = await setSupportHours({ db: deps.db, now: now() }, actorOf(req), req.body);
        // The site's texts that promise "24/7" say the new hours from now on.
        await refreshSupportTexts(deps);
        return { data };
      },
    );
  });
}
