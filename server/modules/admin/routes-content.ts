import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminContentCreateBody,
  adminContentEntry,
  adminContentEntryAnswer,
  adminContentEntryQuery,
  adminContentListAnswer,
  adminContentRevertBody,
  adminContentSaveBody,
  contentKindParam,
} from "#common/api/admin-content";
import type { AppDeps } from "../../app";
import {
  type ContentAdminDeps,
  ContentStore,
  contentEntry,
  listContent,
  revertContent,
  saveContent,
} from "../content";
import { actorOf } from "../staff";

/** The content's staff calls (decision 0028): banners, pages and questions per locale, over the files. */
export function contentAdminRoutes(parent: FastifyInstance, deps: AppDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const content: ContentAdminDeps = { db: deps.db, cache: deps.cache, files: new ContentStore() };

  app.get(
    "/admin/content/:kind",
    {
      config: { staff: "content.read" },
      schema: { params: contentKindParam, response: { 200: adminContentListAnswer } },
    },
    async (req) => ({ data: await listContent(content, req.params.kind) }),
  );
  app.post(
    "/admin/content/:kind",
    {
      config: { staff: "content.write" },
      schema: {
        params: contentKindParam,
        body: adminContentCreateBody,
        response: { 200: adminContentEntryAnswer },
      },
    },
    async (req) => ({
      data: await saveContent(content, actorOf(req), req.params.kind, req.body, { create: true }),
    }),
  );
  app.get(
    "/admin/content/:kind/entry",
    {
      config: { staff: "content.read" },
      schema: {
        params: contentKindParam,
        querystring: adminContentEntryQuery,
        response: { 200: adminContentEntryAnswer },
      },
    },
    async (req) => ({
      data: await contentEntry(content, req.params.kind, req.query.identity, req.query.locale),
    }),
  );
  app.put(
    "/admin/content/:kind/entry",
    {
      config: { staff: "content.write" },
      schema: {
        params: contentKindParam,
        body: adminContentSaveBody,
        response: { 200: adminContentEntryAnswer },
      },
    },
    async (req) => ({
      data: await saveContent(content, actorOf(req), req.params.kind, req.body, { create: false }),
    }),
  );
  app.post(
    "/admin/content/:kind/entry/revert",
    {
      config: { staff: "content.write" },
      schema: {
        params: contentKindParam,
        body: adminContentRevertBody,
        response: { 200: z.object({ data: adminContentEntry.nullable() }) },
      },
    },
    async (req) => ({
      data: await revertContent(content, actorOf(req), req.params.kind, req.body.identity, req.body.locale),
    }),
  );
}
