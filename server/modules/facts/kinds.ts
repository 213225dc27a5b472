/**
 * The domain facts (issue #18, decision 0014): what happened to a player, written in the same transaction as the
 * change (a transactional outbox) and relayed after commit to the consumers (loyalty, quests, notifications).
 * `key` is globally unique: recording a fact twice keeps the first.
 */
interface FactOf<K extends string, D> {
  kind: K;
  playerId: number;
  /** Globally unique idempotency key, e.g. `bet.settled:casino:game:house:round:9`. */
  key: string;
  occurredAt: Date;
  data: D;
}

export interface BetSettledData {
  source: "casino" | "sportsbook";
  gameId?: number;
  /** The game's kind for casino rounds (`slots`, `tables`, `live`, or the house game's own kind); absent for sports. */
  gameKind?: string;
  currency: string;
  /** All that was staked (real and bonus money), net of refunds. */
  stake: string;
  /** The part of the stake paid with real money (≤ stake). */
  realStake: string;
  payout: string;
  /** payout / stake ("0" when nothing was staked); a sports bet's total odds when it has them. */
  multiplier: string;
  /** Some of the stake was bonus money. */
  withBonus: boolean;
}

export type DomainFact =
  | FactOf<"bet.settled", BetSettledData>
  | FactOf<"deposit.succeeded", { invoiceId: string; currency: string; amount: string }>
  | FactOf<
      "withdrawal.completed",
      { invoiceId: string; currency: string; amount: string; status: "success" | "failure" }
    >
  | FactOf<"player.logged-in", { day: string }>
  | FactOf<"player.registered", Record<string, never>>
  | FactOf<"bonus.issued", { playerBonusId: string; currency: string; amount: string; active?: boolean }>
  | FactOf<"bonus.converted", { playerBonusId: string; currency: string; amount: string }>
  | FactOf<"document.reviewed", { documentId: string; status: string }>
  | FactOf<"level.reached", { levelId: number; order: number; name: string }>
  | FactOf<"quest.completed", { questId: number }>;

export type FactKind = DomainFact["kind"];

/** A recorded fact, as consumers receive it: with its row id. */
export type StoredFact = DomainFact & { id: bigint };

export type FactOfKind<K extends FactKind> = Extract<DomainFact, { kind: K }>;
