import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataOf, idParam } from "#common/api/shared";
import { openAccountBody, walletAccount } from "#common/api/wallet";
import { hideAccount, listAccounts, openAccount, switchAccount, type WalletDeps } from "./accounts";

const account = dataOf(walletAccount);

/** The player's wallet accounts (spec point 7): one per currency, one of them current. */
export const walletRoutes =
  (deps: WalletDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/wallet/accounts",
      {
        // Listing the balances is what a restricted player's withdrawal needs (decision 0011); nothing else here.
        config: { auth: "player", withdrawalScope: true },
        schema: { response: { 200: dataOf(z.array(walletAccount)) } },
      },
      async (req) => ({ data: await listAccounts(deps.db, req.player.playerId) }),
    );
    app.post(
      "/wallet/accounts",
      { config: { auth: "player" }, schema: { body: openAccountBody, response: { 201: account } } },
      async (req, reply) => {
        reply.status(201);
        return { data: await openAccount(deps, req.player.playerId, req.body.currency) };
      },
    );
    app.put(
      "/wallet/accounts/:id/switch",
      {
        config: { auth: "player" },
        schema: { params: idParam, body: z.object({}), response: { 200: account } },
      },
      async (req) => ({ data: await switchAccount(deps, req.player.playerId, req.params.id) }),
    );
    app.put(
      "/wallet/accounts/:id/hide",
      {
        config: { auth: "player" },
        schema: { params: idParam, body: z.object({}), response: { 200: account } },
      },
      async (req) => ({ data: await hideAccount(deps, req.player.playerId, req.params.id) }),
    );
  };
