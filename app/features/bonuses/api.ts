import type { BonusCodeTrigger } from "#common/api/bonus";
import { splitLocale } from "#common/i18n/locales";
import { api } from "~/lib/session/client";

/** A list filter of the player's bonuses and free spins: `status[]` and `currency[]` (spec point 7). */
export interface ListFilter {
  status?: number[];
  currency?: string[];
}

/** `?status[]=1&status[]=2&currency[]=USD` */
function listQuery(f: ListFilter): "" | `?${string}` {
  const q = new URLSearchParams();
  for (const s of f.status ?? []) q.append("status[]", String(s));
  for (const c of f.currency ?? []) q.append("currency[]", c);
  const s = q.toString();
  return s ? `?${s}` : "";
}

const data = <T>(r: { data: T }) => r.data;

/** The bonus calls of spec point 7 (all under /api/game), in the browser with the player's token. */
export const bonusApi = {
  /** Deposit bonuses offered; with currency and amount, those the deposit qualifies for and their reward. */
  offers: (q: { currency?: string; amount?: string } = {}) =>
    api()
      .get("/game/bonuses", {
        ...q,
        locale: splitLocale(window.location.pathname).locale,
      })
      .then(data),
  statuses: (bonusIds: string[], currency?: string) =>
    api()
      .get("/game/bonuses/status", { bonusIds: bonusIds.join(","), currency })
      .then(data),
  playerBonuses: (f: ListFilter = {}) =>
    api()
      .get(`/game/player-bonuses${listQuery(f)}`)
      .then(data),
  playerFreespins: (f: ListFilter = {}) =>
    api()
      .get(`/game/player-freespins${listQuery(f)}`)
      .then(data),
  activateBonus: (id: string) =>
    api()
      .put(`/game/player-bonuses/${encodeURIComponent(id)}/activate`)
      .then(data),
  cancelBonus: (id: string) =>
    api()
      .put(`/game/player-bonuses/${encodeURIComponent(id)}/cancel`)
      .then(data),
  activateFreespin: (id: string) =>
    api()
      .put(`/game/player-freespins/${encodeURIComponent(id)}/activate`)
      .then(data),
  cancelFreespin: (id: string) =>
    api()
      .put(`/game/player-freespins/${encodeURIComponent(id)}/cancel`)
      .then(data),
  codes: (trigger?: BonusCodeTrigger) => api().get("/game/bonuses/bonuscodes", { trigger }).then(data),
  /** What redeeming would give, nothing changed (ours: the site says what a code holds before it is applied). */
  previewCode: (bonusCode: string, trigger: BonusCodeTrigger) =>
    api().post("/game/bonuses/bonuscodes/preview", { bonusCode, trigger }).then(data),
  redeemCode: (bonusCode: string, trigger: BonusCodeTrigger) =>
    api().post("/game/bonuses/bonuscodes", { bonusCode, trigger }).then(data),
  deleteCode: (playerBonusCodeId: string) => api().delete("/game/bonuses/bonuscodes", { playerBonusCodeId }),
  cashback: (currency?: string) => api().get("/game/bonuses/cashback", { currency }).then(data),
  claimCashback: (currency: string) => api().post("/game/bonuses/cashback", { currency }).then(data),
};
