import type { FastifyInstance } from "fastify";
import { WALLET_STATUS } from "#common/api/seamless-wallet";
import type { Clock } from "../../lib/clock";
import type { GameProvider } from "./port";
import { type NonceStore, verifyWalletCall } from "./signature";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The call must be signed by the game provider named in the path's `:provider` (signature.ts). */
    signedBy?: "game-provider";
  }
  interface FastifyRequest {
    /** The provider whose signature a `signedBy: "game-provider"` call carried. */
    gameProvider?: GameProvider;
  }
}

/**
 * The one check of game providers' signed calls, for a scope of routes marked `config: { signedBy:
 * "game-provider" }`: bodies are kept raw (the signature covers the exact bytes) and parsed as JSON after; the
 * signature, its age and its nonce are checked before validation, and a refused call is answered in the
 * provider protocol's own shape (HTTP 200, RS_ERROR_INVALID_SIGNATURE), never reaching the handler.
 */
export function signedGameCalls(
  scope: FastifyInstance,
  deps: { providers: Record<string, GameProvider>; clock: Clock; nonces: NonceStore },
) {
  const raw = new WeakMap<object, string>();
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    raw.set(req, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      // Not JSON: the signature is checked first, then the body fails its schema (RS_ERROR_WRONG_SYNTAX).
      done(null, undefined);
    }
  });
  scope.addHook("preValidation", async (req, reply) => {
    if (req.routeOptions.config.signedBy !== "game-provider") return;
    const name = (req.params as { provider?: string }).provider ?? "";
    const provider = Object.hasOwn(deps.providers, name) ? deps.providers[name] : undefined;
    if (!provider) return reply.send({ status: WALLET_STATUS.unknown, message: "No such provider or call" });
    const verdict = await verifyWalletCall(
      provider.secret,
      req.headers,
      raw.get(req) ?? "",
      deps.clock.now(),
      deps.nonces,
    );
    if (!verdict.ok) return reply.send({ status: WALLET_STATUS.invalidSignature, message: verdict.reason });
    req.gameProvider = provider;
  });
}
