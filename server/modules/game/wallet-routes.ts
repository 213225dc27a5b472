import type { FastifyPluginAsync } from "fastify";
import type { GameProvider } from "../../providers/games/port";
import { type NonceStore, verifyWalletCall } from "../../providers/games/signature";
import {
  type SeamlessWalletDeps,
  WALLET_STATUS,
  type WalletAnswer,
  walletBalance,
  walletBet,
  walletRollback,
  walletWin,
} from "./seamless-wallet";

const ACTIONS = {
  balance: walletBalance,
  bet: walletBet,
  win: walletWin,
  rollback: walletRollback,
} as const;

/**
 * The provider-facing seamless wallet: POST /api/game/wallet/{provider}/{balance|bet|win|rollback}, signed
 * (see providers/games/signature.ts). Bodies are read raw, because the signature covers the exact bytes. Every
 * answer is HTTP 200 with a `status`, as providers expect (docs/decisions/0006-games.md).
 */
export const seamlessWalletRoutes =
  (
    deps: SeamlessWalletDeps & { providers: Record<string, GameProvider>; nonces: NonceStore },
  ): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
      done(null, body),
    );
    app.post<{ Params: { provider: string; action: string } }>(
      "/game/wallet/:provider/:action",
      async (req): Promise<WalletAnswer> => {
        const provider = deps.providers[req.params.provider];
        const action = ACTIONS[req.params.action as keyof typeof ACTIONS];
        if (!provider || !action || !Object.hasOwn(ACTIONS, req.params.action))
          return { status: WALLET_STATUS.unknown, message: "No such provider or call" };
        const raw = typeof req.body === "string" ? req.body : "";
        const verdict = await verifyWalletCall(
          provider.secret,
          req.headers,
          raw,
          deps.clock.now(),
          deps.nonces,
        );
        if (!verdict.ok) return { status: WALLET_STATUS.invalidSignature, message: verdict.reason };
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return { status: WALLET_STATUS.wrongSyntax, message: "The body is not JSON" };
        }
        if (typeof body !== "object" || body === null)
          return { status: WALLET_STATUS.wrongSyntax, message: "The body is not an object" };
        return action(deps, provider.id, body as never);
      },
    );
  };
