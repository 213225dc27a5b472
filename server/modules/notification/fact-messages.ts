import { DOCUMENT_STATUS, INVOICE_STATUS } from "#common/constants";
import { formatAmount, type TextKey, text } from "./texts";

/**
 * The facts (server/modules/facts, decision 0014) a player is told about, in the shape this module reads. Only
 * the fields used here are named, so a fact that grows a field changes nothing here.
 */
export type NotifiedFact =
  | { kind: "deposit.succeeded"; key: string; data: { currency: string; amount: string } }
  | {
      kind: "withdrawal.completed";
      key: string;
      data: { currency: string; amount: string; status?: number | string };
    }
  | { kind: "bonus.issued"; key: string; data: { currency: string; amount: string; active?: boolean } }
  | { kind: "bonus.converted"; key: string; data: { currency: string; amount: string } }
  | { kind: "level.reached"; key: string; data: { order: number; name: string } }
  | { kind: "document.reviewed"; key: string; data: { status: number | string } }
  | { kind: "quest.completed"; key: string; data: { questId: number | string } };

export const NOTIFIED_KINDS = [
  "deposit.succeeded",
  "withdrawal.completed",
  "bonus.issued",
  "bonus.converted",
  "level.reached",
  "document.reviewed",
  "quest.completed",
] as const satisfies readonly NotifiedFact["kind"][];

/** What a fact becomes for the player: a message in the bell, and for the ones worth a device notice, a push. */
export interface FactNotice {
  kind: string;
  title: string;
  body: string;
  url: string | null;
  push: boolean;
}

/**
 * The message a fact gives, in the player's locale, or null for a fact that says nothing to the player. Pure:
 * the same fact and locale always give the same message, so handling a fact again cannot change what was said.
 */
export function noticeOfFact(fact: NotifiedFact, locale: string): FactNotice | null {
  const notice = (
    key: TextKey,
    values: Record<string, string | number>,
    url: string | null,
    push: boolean,
  ) => ({
    kind: fact.kind,
    ...text(locale, key, values),
    url,
    push,
  });
  switch (fact.kind) {
    case "deposit.succeeded":
      return notice(
        "deposit",
        { amount: formatAmount(locale, fact.data.amount, fact.data.currency) },
        "/wallet/history",
        true,
      );
    case "withdrawal.completed": {
      const failed = Number(fact.data.status) === INVOICE_STATUS.failure || fact.data.status === "failure";
      return notice(
        failed ? "withdrawalFailed" : "withdrawal",
        { amount: formatAmount(locale, fact.data.amount, fact.data.currency) },
        "/wallet/history",
        true,
      );
    }
    case "bonus.issued":
      // Issued straight into play (a deposit's welcome bonus) it is active, not waiting for the player.
      return notice(
        fact.data.active ? "bonusActive" : "bonusIssued",
        { amount: formatAmount(locale, fact.data.amount, fact.data.currency) },
        "/profile/bonuses",
        true,
      );
    case "bonus.converted":
      return notice(
        "bonusConverted",
        { amount: formatAmount(locale, fact.data.amount, fact.data.currency) },
        "/wallet",
        false,
      );
    case "level.reached":
      return notice("levelReached", { order: fact.data.order, name: fact.data.name }, "/loyalty", true);
    case "document.reviewed": {
      const status = Number(fact.data.status);
      if (status === DOCUMENT_STATUS.approved || fact.data.status === "approved")
        return notice("documentApproved", {}, "/profile/documents", false);
      if (status === DOCUMENT_STATUS.declined || fact.data.status === "declined")
        return notice("documentDeclined", {}, "/profile/documents", true);
      return null;
    }
    case "quest.completed":
      return notice("questCompleted", {}, "/?modal=quests-hub", false);
    default:
      return null;
  }
}
