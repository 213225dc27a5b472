import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  campaignAnswer,
  campaignCreateBody,
  campaignsAnswer,
  campaignsQuery,
  segmentFilter,
  segmentPreviewAnswer,
  segmentPreviewQuery,
} from "#common/api/admin-messages";
import { idParam } from "#common/api/shared";
import type { AppDeps } from "../../app";
import { ApiError } from "../../http/errors";
import {
  campaignById,
  createCampaign,
  listCampaigns,
  messageCampaigns,
  previewSegment,
} from "../notification";
import { actorOf } from "../staff";

/** Messages to a segment (decision 0029): the segment's live count, campaigns and their progress. */
export function messagesRoutes(parent: FastifyInstance, deps: AppDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/admin/messages/segment",
    {
      config: { staff: "messages.read" },
      schema: { querystring: segmentPreviewQuery, response: { 200: segmentPreviewAnswer } },
    },
    async (req) => ({
      data: await previewSegment(deps.db, segmentFilter.parse(req.query), deps.clock.now()),
    }),
  );
  app.get(
    "/admin/messages/campaigns",
    {
      config: { staff: "messages.read" },
      schema: { querystring: campaignsQuery, response: { 200: campaignsAnswer } },
    },
    async (req) => listCampaigns(deps.db, req.query),
  );
  app.get(
    "/admin/messages/campaigns/:id",
    {
      config: { staff: "messages.read" },
      schema: { params: idParam, response: { 200: campaignAnswer } },
    },
    async (req) => {
      if (!/^\d{1,18}$/.test(req.params.id)) throw ApiError.notFound("No campaign with this id");
      return { data: await campaignById(deps.db, BigInt(req.params.id)) };
    },
  );
  app.post(
    "/admin/messages/campaigns",
    {
      config: { staff: "messages.send" },
      schema: { body: campaignCreateBody, response: { 200: campaignAnswer } },
    },
    async (req) => {
      const { campaign, repeated } = await createCampaign(deps.db, actorOf(req), req.body, deps.clock.now());
      // The batches start at once in this process; the job goes on with whatever this run leaves.
      if (!repeated) messageCampaigns(deps, req.log).nudge();
      return { data: campaign };
    },
  );
}
