/**
 * A game provider behind a port. The casino launches a game with a session token; the provider then calls the
 * casino's seamless wallet (server/modules/game/seamless-wallet.ts) with that token, signed with its secret.
 * The built-in provider (./house) is one implementation; an aggregator configured in GAME_AGGREGATORS is
 * another, needing only its launch URL template and secret.
 */
export interface GameLaunch {
  /** The game session token the provider presents to the wallet. */
  token: string;
  mode: "demo" | "real";
  game: { id: number; slug: string; name: string; externalId: string; engine: string };
  /** Real play: the wallet account's currency; demo play: the currency the demo credits are shown in. */
  currency: string;
  language: string;
  /** Where the game's lobby button leads. */
  lobbyUrl: string;
}

export interface GameProvider {
  /** The key in the wallet's URLs (/api/game/wallet/{id}/…) and in ledger keys. */
  readonly id: string;
  /** The secret its wallet calls are signed with. */
  readonly secret: string;
  launch(launch: GameLaunch): Promise<{ url: string }>;
  /**
   * Where the player checks a round of theirs (a provably-fair verifier), from the round id it gave the wallet
   * and the session token it was played in; undefined when the provider offers none.
   */
  verifyPath?(round: { roundId: string; token: string }): string | undefined;
}

/** An aggregator reached by a URL template: {token}, {game}, {mode}, {currency}, {language}, {lobby}. */
export function templateProvider(config: { id: string; secret: string; launchUrl: string }): GameProvider {
  return {
    id: config.id,
    secret: config.secret,
    launch: async (l) => {
      const values: Record<string, string> = {
        token: l.token,
        game: l.game.externalId,
        mode: l.mode,
        currency: l.currency,
        language: l.language,
        lobby: l.lobbyUrl,
      };
      return {
        url: config.launchUrl.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(values[k] ?? "")),
      };
    },
  };
}
