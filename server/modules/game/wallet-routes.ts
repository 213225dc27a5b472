import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { WALLET_CALLS, WALLET_STATUS, type WalletCall, walletAnswer } from "#common/api/seamless-wallet";
import type { GameProvider } from "../../providers/games/port";
import type { NonceStore } from "../../providers/games/signature";
import { signedGameCalls } from "../../providers/games/signed-calls";
import {
  type SeamlessWalletDeps,
  walletBalance,
  walletBet,
  walletRollback,
  walletWin,
} from "./seamless-wallet";

const ACTIONS = { balance: walletBalance, bet: walletBet, win: walletWin, rollback: walletRollback } as const;

/**
 * The provider-facing seamless wallet: POST /api/game/wallet/{provider}/{balance|bet|win|rollback}, signed
 * (signedGameCalls). Every answer is HTTP 200 with a `status`, as providers expect (docs/decisions/0006-games.md):
 * a body that does not match its call's schema is RS_ERROR_WRONG_SYNTAX rather than the API's 422.
 */
export const seamlessWalletRoutes =
  (
    deps: SeamlessWalletDeps & { providers: Record<string, GameProvider>; nonces: NonceStore },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    signedGameCalls(app, deps);
    for (const action of Object.keys(ACTIONS) as WalletCall[]) {
      app.post(
        `/game/wallet/:provider/${action}`,
        {
          config: { signedBy: "game-provider" },
          attachValidation: true,
          schema: {
            params: z.object({ provider: z.string().max(40) }),
            body: WALLET_CALLS[action],
            response: { 200: walletAnswer },
          },
        },
        async (req) => {
          if (req.validationError)
            return { status: WALLET_STATUS.wrongSyntax, message: `Not a valid ${action} call` };
          return ACTIONS[action](deps, req.gameProvider!.id, req.body as never);
        },
      );
    }
    // Any other call is answered in the protocol's shape too.
    app.post(
      "/game/wallet/:provider/:action",
      {
        schema: {
          params: z.object({ provider: z.string().max(40), action: z.string().max(40) }),
          body: z.unknown(),
          response: { 200: walletAnswer },
        },
      },
      async () => ({ status: WALLET_STATUS.unknown, message: "No such provider or call" }),
    );
  };
