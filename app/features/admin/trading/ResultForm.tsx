import { useState } from "react";
import type { TradingMarket, TradingSettleBody } from "#common/api/admin-trading";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Choice";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { TRADING_KEY } from "./event-badges";

/**
 * A result by hand: the winning selections (or void), then a confirmation naming what happens to the bets. For
 * a correction the confirmation says the previous payouts are reversed.
 */
export function ResultForm({
  eventId,
  market,
  correct,
  onDone,
}: {
  eventId: number;
  market: TradingMarket;
  correct: boolean;
  onDone: () => void;
}) {
  const [winners, setWinners] = useState<string[]>([]);
  const [pending, setPending] = useState<TradingSettleBody | undefined>();
  const settle = useSaveAndRefresh(
    (body: TradingSettleBody) =>
      adminApi.post(
        `/admin/trading/events/${eventId}/markets/${encodeURIComponent(market.id)}/${correct ? "resettle" : "settle"}`,
        body,
      ),
    TRADING_KEY,
    onDone,
  );
  const names = (ids: string[]) =>
    market.selections
      .filter((s) => ids.includes(s.id))
      .map((s) => s.name)
      .join(", ");
  const verb = correct ? "Correct the result" : "Settle";
  return (
    <div
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-t border-line pt-3"
      data-testid="trading-result-form"
    >
      {!pending ? (
        <>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-1.5 text-sm font-semibold">
              {correct ? "The right result: who won" : "Who won"}
            </legend>
            {market.selections.map((s) => (
              <Checkbox
                key={s.id}
                className="rounded-lg border border-line px-2.5 py-1.5"
                checked={winners.includes(s.id)}
                onChange={(e) =>
                  setWinners(e.target.checked ? [...winners, s.id] : winners.filter((w) => w !== s.id))
                }
              >
                {s.name}
              </Checkbox>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={winners.length === 0} onClick={() => setPending({ winners })}>
              {verb}…
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPending({ void: true })}>
              Void the market…
            </Button>
            <Button size="sm" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <div role="alertdialog" aria-label={`${verb} ${market.name}`} className="grid gap-3">
          <p className="text-sm">
            {"void" in pending
              ? `Void “${market.name}”: every stake on it is returned.`
              : `${names(pending.winners)} won; every other selection of “${market.name}” lost.`}{" "}
            {correct
              ? "Bets already paid on the previous result are reversed and settled again on this one."
              : `The ${market.openBets} open bet${market.openBets === 1 ? "" : "s"} on it settle now.`}
          </p>
          <ErrorAlert error={settle.error} />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={settle.isPending} onClick={() => settle.mutate(pending)}>
              {correct ? "Confirm the correction" : "Confirm"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPending(undefined)}>
              Back
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
