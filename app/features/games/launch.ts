import { ApiRequestError } from "~/lib/api";

/** What the game screen does with a refused launch (the codes of POST /api/game/games/{id}/play). */
export type LaunchProblem =
  | { kind: "sign-in" }
  | { kind: "demo-unavailable" }
  | { kind: "limit" }
  | { kind: "no-account" }
  | { kind: "message"; code: string };

export function launchProblem(err: unknown): LaunchProblem {
  if (!(err instanceof ApiRequestError)) return { kind: "message", code: "unknown" };
  const code = String(err.body.code);
  if (err.status === 401) return { kind: "sign-in" };
  if (code === "demo_unavailable") return { kind: "demo-unavailable" };
  if (code === "no_account") return { kind: "no-account" };
  // A responsible-gambling limit (self-exclusion, a loss or time limit) refuses play: the spec's modal says so.
  if (/limit/i.test(code)) return { kind: "limit" };
  if (
    ["game_not_available", "player_disabled", "currency_not_supported", "provider_unavailable"].includes(code)
  )
    return { kind: "message", code };
  if (err.status === 404) return { kind: "message", code: "not_found" };
  return { kind: "message", code: "unknown" };
}

/** The value of max-bets: `{maxBet}~{currency}` (the most the limits still allow), as the event gives it. */
export const maxBetValue = (maxBet: string, currency: string) => `${maxBet}~${currency}`;
