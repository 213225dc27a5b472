import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  broadcastAnswer,
  broadcastBody,
  messageIdsBody,
  messagesAnswer,
  messagesQuery,
  notificationChangeAnswer,
  pushesAnswer,
  pushesQuery,
  pushIdsBody,
  pushSubscriptionBody,
  pushSubscriptionDeleteBody,
  pushSubscriptionsAnswer,
  webPushKeyAnswer,
} from "#common/api/notification";
import type { AppDeps } from "../../app";
import { ApiError } from "../../http/errors";
import { sendBroadcast } from "./broadcasts";
import type { DeliveryRunner } from "./delivery";
import { deleteMessages, listMessages, listPushes, readMessages, readPushes } from "./inbox";
import { devices, removeSubscription, saveSubscription } from "./web-push";

const empty = z.object({}).passthrough().optional();

/** Spec point 7's messages and pushes calls, the browser's Web Push subscription, and the operator's broadcasts. */
export const inboxRoutes =
  (deps: AppDeps, delivery: DeliveryRunner): FastifyPluginAsyncZod =>
  async (app) => {
    const player = { auth: "player" } as const;

    app.get(
      "/notification/messenger/messages",
      { config: player, schema: { querystring: messagesQuery, response: { 200: messagesAnswer } } },
      async (req) => listMessages(deps.db, req.player.playerId, req.query),
    );
    app.post(
      "/notification/messenger/messages/read",
      { config: player, schema: { body: messageIdsBody, response: { 200: notificationChangeAnswer } } },
      async (req) => ({
        data: await readMessages(deps.db, req.player.playerId, deps.clock.now(), req.body.messageIds),
      }),
    );
    app.post(
      "/notification/messenger/messages/read/all",
      { config: player, schema: { body: empty, response: { 200: notificationChangeAnswer } } },
      async (req) => ({ data: await readMessages(deps.db, req.player.playerId, deps.clock.now()) }),
    );
    app.delete(
      "/notification/messenger/messages",
      { config: player, schema: { body: messageIdsBody, response: { 200: notificationChangeAnswer } } },
      async (req) => ({
        data: await deleteMessages(deps.db, req.player.playerId, deps.clock.now(), req.body.messageIds),
      }),
    );

    app.get(
      "/notification/pushes",
      { config: player, schema: { querystring: pushesQuery, response: { 200: pushesAnswer } } },
      async (req) => listPushes(deps.db, req.player.playerId, req.query),
    );
    app.post(
      "/notification/pushes/read",
      { config: player, schema: { body: pushIdsBody, response: { 200: notificationChangeAnswer } } },
      async (req) => ({
        data: await readPushes(deps.db, req.player.playerId, deps.clock.now(), req.body.pushIds),
      }),
    );
    app.post(
      "/notification/pushes/read/all",
      { config: player, schema: { body: empty, response: { 200: notificationChangeAnswer } } },
      async (req) => ({ data: await readPushes(deps.db, req.player.playerId, deps.clock.now()) }),
    );

    /** The VAPID public key a browser subscribes with; null when browser notifications are off. */
    app.get(
      "/notification/web-push/key",
      { config: { auth: "optional" }, schema: { response: { 200: webPushKeyAnswer } } },
      async () => ({ data: { publicKey: deps.config.webPush?.publicKey ?? null } }),
    );
    app.post(
      "/notification/web-push/subscriptions",
      { config: player, schema: { body: pushSubscriptionBody, response: { 200: pushSubscriptionsAnswer } } },
      async (req) => {
        const n = await saveSubscription(
          deps.db,
          deps.config,
          req.player.playerId,
          req.body,
          req.headers["user-agent"] ?? null,
        );
        return { data: { subscribed: true, devices: n } };
      },
    );
    app.delete(
      "/notification/web-push/subscriptions",
      {
        config: player,
        schema: { body: pushSubscriptionDeleteBody, response: { 200: pushSubscriptionsAnswer } },
      },
      async (req) => ({
        data: {
          subscribed: false,
          devices: await removeSubscription(deps.db, req.player.playerId, req.body.endpoint),
        },
      }),
    );
    app.get(
      "/notification/web-push/subscriptions",
      { config: player, schema: { response: { 200: pushSubscriptionsAnswer } } },
      async (req) => {
        const n = await devices(deps.db, req.player.playerId);
        return { data: { subscribed: n > 0, devices: n } };
      },
    );

    /**
     * Service notices to a segment's open accounts (docs/operations.md), for scripts and monitoring, guarded by
     * NOTIFICATIONS_OPERATOR_TOKEN; without the token the call does not exist (nor in the API document).
     * Promotions go through the back office's campaigns, which ask for marketing consent (decision 0029).
     */
    const operatorToken = deps.config.NOTIFICATIONS_OPERATOR_TOKEN;
    if (operatorToken)
      app.post(
        "/notification/operator/broadcasts",
        {
          schema: { body: broadcastBody, response: { 200: broadcastAnswer, 201: broadcastAnswer } },
          onRequest: async (req) => {
            const token = operatorToken;
            const sent = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
            const digest = (v: string) => createHash("sha256").update(v).digest();
            if (!timingSafeEqual(digest(sent), digest(token)))
              throw new ApiError(401, "unauthorized", "The operator API needs its bearer token");
          },
        },
        async (req, reply) => {
          const result = await sendBroadcast(deps.db, req.body);
          delivery.nudge();
          reply.status(result.repeated ? 200 : 201);
          return { data: result };
        },
      );
  };
