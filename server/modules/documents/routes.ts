import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentsResponse, documentUpload, playerDocument } from "#common/api/documents";
import { dataOf, idParam } from "#common/api/shared";
import { ApiError } from "../../http/errors";
import { type DocumentsDeps, deleteDocument, documentFile, listDocuments, uploadDocument } from "./service";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/heic": "heic",
  "application/pdf": "pdf",
};

/** GET/POST /api/player/documents, DELETE /api/player/documents/{id}, and the owner's copy of the file. */
export const documentRoutes =
  (deps: DocumentsDeps & { maxBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const megabytes = Math.round((deps.maxBytes / 1024 / 1024) * 10) / 10;
    const tooLarge = () =>
      new ApiError(413, "file_too_large", `The file is larger than ${megabytes} MB`, {
        file: [`At most ${megabytes} MB`],
      });
    await app.register(multipart, {
      // The name as sent, path and all, so a name that tries to point somewhere is refused, not quietly cut.
      preservePath: true,
      limits: { fileSize: deps.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 200 },
    });

    app.get(
      "/player/documents",
      { config: { auth: "player" }, schema: { response: { 200: documentsResponse } } },
      async (req) => ({ data: await listDocuments(deps.db, req.player.playerId) }),
    );

    app.post(
      "/player/documents",
      {
        config: { auth: "player" },
        schema: {
          consumes: ["multipart/form-data"],
          body: documentUpload,
          response: { 201: dataOf(playerDocument) },
        },
        // The form is read here, before validation, so its fields are checked by the schema like any body.
        preValidation: async (req) => {
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
              } else if (part.fieldname === "type") form.type = part.value;
            }
          } catch (err) {
            if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
            // Only the request's own stream is read here: too many parts (Fastify's FST_ codes) and a body
            // that is not the form its header announces (the parser's plain errors) are the caller's input.
            throw new ApiError(422, "validation_error", "Send one file and its type", { file: ["One file"] });
          }
          req.body = form as typeof req.body;
        },
      },
      async (req, reply) => {
        const { type, file } = req.body;
        if (file.data.byteLength > deps.maxBytes) throw tooLarge();
        const document = await uploadDocument(deps, req.player.playerId, {
          type,
          name: file.name,
          data: file.data,
        });
        reply.status(201);
        return { data: document };
      },
    );

    app.delete(
      "/player/documents/:id",
      {
        config: { auth: "player" },
        schema: { params: idParam, response: { 200: z.object({ deleted: z.literal(true) }) } },
      },
      async (req) => {
        await deleteDocument(deps, req.player.playerId, req.params.id);
        return { deleted: true as const };
      },
    );

    app.get(
      "/player/documents/:id/file",
      {
        config: { auth: "player" },
        schema: {
          params: idParam,
          response: {
            200: z
              .custom<Buffer>((v) => Buffer.isBuffer(v))
              .meta({ type: "string", format: "binary", description: "the stored file, to its owner" }),
          },
        },
      },
      async (req, reply) => {
        const { document, data } = await documentFile(deps, req.player.playerId, req.params.id);
        // Never rendered as a page of this site, never guessed into another type, never kept by a cache.
        reply
          .header("content-type", document.contentType)
          .header(
            "content-disposition",
            `attachment; filename="document-${document.id}.${EXTENSIONS[document.contentType]}"`,
          )
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .header("cache-control", "private, no-store");
        return reply.send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      },
    );
  };
