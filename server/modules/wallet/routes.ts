import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../../http/errors";
import type { PlayerAuth } from "../payment/routes";
import { hideAccount, listAccounts, openAccount, switchAccount, type WalletDeps } from "./accounts";

const openBody = z.object({ currency: z.string().trim().min(2).max(10) });

export const walletRoutes =
  (deps: WalletDeps & { auth: PlayerAuth }): FastifyPluginAsync =>
  async (app) => {
    app.get("/wallet/accounts", async (req) => {
      const { playerId } = await deps.auth.required(req);
      return { data: await listAccounts(deps.db, playerId) };
    });
    app.post("/wallet/accounts", async (req, reply) => {
      const { playerId } = await deps.auth.required(req);
      const { currency } = parse(openBody, req.body);
      reply.status(201);
      return { data: await openAccount(deps, playerId, currency) };
    });
    app.put<{ Params: { id: string } }>("/wallet/accounts/:id/switch", async (req) => {
      const { playerId } = await deps.auth.required(req);
      return { data: await switchAccount(deps, playerId, req.params.id) };
    });
    app.put<{ Params: { id: string } }>("/wallet/accounts/:id/hide", async (req) => {
      const { playerId } = await deps.auth.required(req);
      return { data: await hideAccount(deps, playerId, req.params.id) };
    });
  };
