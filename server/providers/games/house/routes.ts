import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../../../http/errors";
import {
  type HouseDeps,
  minesCashOut,
  minesReveal,
  minesStart,
  play,
  rotateSeeds,
  roundForVerification,
  sessionState,
} from "./service";

const playBody = z.object({
  amount: z.string().max(60),
  dice: z.object({ target: z.number(), direction: z.enum(["under", "over"]) }).optional(),
  limbo: z.object({ target: z.number() }).optional(),
  plinko: z.object({ rows: z.number().int(), risk: z.string() }).optional(),
  mines: z.object({ mines: z.number().int() }).optional(),
});

/**
 * The built-in provider's game API, called by its game pages (/house-games/{engine}?token=…) inside the
 * casino's game iframe. The token is the launch's game session; nothing else identifies the player here.
 */
export const houseRoutes =
  (deps: HouseDeps): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { token: string } }>("/house/sessions/:token", async (req) => ({
      data: await sessionState(deps, req.params.token),
    }));
    app.post<{ Params: { token: string } }>("/house/sessions/:token/play", async (req) => ({
      data: await play(deps, req.params.token, parse(playBody, req.body)),
    }));
    app.post<{ Params: { token: string } }>("/house/sessions/:token/mines/start", async (req) => ({
      data: await minesStart(deps, req.params.token, parse(playBody, req.body)),
    }));
    app.post<{ Params: { token: string } }>("/house/sessions/:token/mines/reveal", async (req) => ({
      data: await minesReveal(
        deps,
        req.params.token,
        parse(z.object({ tile: z.number().int() }), req.body).tile,
      ),
    }));
    app.post<{ Params: { token: string } }>("/house/sessions/:token/mines/cashout", async (req) => ({
      data: await minesCashOut(deps, req.params.token),
    }));
    app.post<{ Params: { token: string } }>("/house/sessions/:token/seeds/rotate", async (req) => ({
      data: await rotateSeeds(
        deps,
        req.params.token,
        parse(z.object({ clientSeed: z.string().max(64).optional() }), req.body ?? {}).clientSeed,
      ),
    }));
    app.get<{ Params: { token: string; id: string } }>("/house/sessions/:token/rounds/:id", async (req) => ({
      data: await roundForVerification(deps, req.params.token, req.params.id),
    }));
  };
