import { useState } from "react";
import { Link } from "react-router";
import { PLAYER_FREESPIN_RESULT, PLAYER_FREESPIN_STATUS } from "#common/constants";
import { Button, buttonClass } from "~/components/ui/Button";
import { ConfirmChoices } from "~/components/ui/ConfirmChoices";
import { ErrorNote } from "~/components/ui/ErrorNote";
import { PlayIcon } from "~/components/ui/icons";
import { gameScreenPath } from "~/features/games/links";
import { useMoney } from "~/features/games/money";
import { useLocalePath } from "~/features/shell/nav";
import { useSwapModals } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { bonusApi } from "../api";
import { StatusChip, useDate } from "../PlayerBonusCard";
import { useReloadBonuses } from "../queries";
import { BonusGate, DetailLine, Figure, useBonusAction, usePlayerFreespin } from "./shared";

/**
 * `?freespin-details={playerFreespinId}`: one of the player's free-spin packages — its game, spins left, bet,
 * winnings and what became of them — with its next step: activate, play on its game, or cancel (asked twice).
 */
export default function FreespinDetails({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const date = useDate();
  const href = useLocalePath();
  const swap = useSwapModals();
  const state = usePlayerFreespin(value);
  const reload = useReloadBonuses();
  const action = useBonusAction();
  const [asking, setAsking] = useState(false);
  const spins = state.item;
  const open =
    spins &&
    (spins.status === PLAYER_FREESPIN_STATUS.issued || spins.status === PLAYER_FREESPIN_STATUS.active);
  return (
    <ModalFrame
      icon={<PlayIcon size={22} />}
      title={spins ? t("bonuses.freespins.title", { count: spins.count }) : t("bonuses.details")}
      description={spins ? `${spins.name} · ${spins.gameName}` : undefined}
    >
      <BonusGate state={state}>
        {(s) => (
          <div className="flex flex-col gap-4" data-testid="freespin-details" data-status={s.status}>
            <div className="flex items-center justify-between gap-3">
              <span className="text-2xl font-extrabold tabular-nums">
                {t("bonuses.history.spinsAmount", { count: s.count, bet: money(s.amount, s.currency) })}
              </span>
              <StatusChip status={s.status} result={s.result} spins />
            </div>
            <div className="grid grid-cols-2 gap-2">
              <Figure label={t("bonuses.freespins.left")} value={`${s.count - s.played} / ${s.count}`} />
              <Figure label={t("bonuses.freespins.bet")} value={money(s.amount, s.currency)} />
              <Figure
                label={t("bonuses.freespins.winnings")}
                value={money(s.winnings, s.currency)}
                testId="freespin-details-winnings"
              />
              <Figure
                label={t("bonuses.freespins.wagering")}
                value={t("bonuses.freespins.wageringValue", { times: s.wageringMultiplier })}
              />
            </div>
            {s.result === PLAYER_FREESPIN_RESULT.played && s.playerBonusId && (
              <p className="rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm">
                {t("bonuses.freespins.becameBonus", {
                  amount: money(s.winnings, s.currency),
                  times: s.wageringMultiplier,
                })}{" "}
                <Button
                  variant="inline"
                  onClick={() => swap({ "freespin-details": null, "bonus-details": s.playerBonusId })}
                >
                  {t("bonuses.freespins.openBonus")}
                </Button>
              </p>
            )}
            {s.result === PLAYER_FREESPIN_RESULT.lost && (
              <p className="rounded-xl border border-line bg-surface-2/60 px-4 py-3 text-sm">
                {t("bonuses.freespins.lost")}
              </p>
            )}
            <dl className="grid gap-1 text-sm">
              <DetailLine label={t("bonuses.dates.created")} value={date(s.createdAt)} />
              {s.activatedAt && (
                <DetailLine label={t("bonuses.dates.activated")} value={date(s.activatedAt)} />
              )}
              {s.expiresAt && open && (
                <DetailLine label={t("bonuses.dates.expires")} value={date(s.expiresAt)} />
              )}
              {s.finishedAt && <DetailLine label={t("bonuses.dates.finished")} value={date(s.finishedAt)} />}
            </dl>
            {open && !asking && (
              <div className="grid gap-2 sm:grid-cols-2">
                {s.status === PLAYER_FREESPIN_STATUS.issued ? (
                  <Button
                    variant="primary"
                    size="lg"
                    disabled={action.busy}
                    data-testid="freespin-details-activate"
                    onClick={() =>
                      void action.run(async () => {
                        await bonusApi.activateFreespin(s.id);
                        await reload();
                      })
                    }
                  >
                    {t("bonuses.activate")}
                  </Button>
                ) : (
                  <Link
                    to={href(gameScreenPath(s.gameSlug, true))}
                    onClick={close}
                    className={buttonClass("primary", "lg")}
                    data-testid="freespin-details-play"
                  >
                    <PlayIcon size={16} /> {t("bonuses.freespins.play")}
                  </Link>
                )}
                <Button
                  variant="secondary"
                  size="lg"
                  data-testid="freespin-details-cancel"
                  onClick={() => setAsking(true)}
                >
                  {t("bonuses.freespins.cancel")}
                </Button>
              </div>
            )}
            {open && asking && (
              <div>
                <p className="text-sm text-muted">{t("bonuses.freespins.cancelText")}</p>
                <ConfirmChoices
                  cancel={t("bonuses.freespins.keep")}
                  onCancel={() => setAsking(false)}
                  confirm={t("bonuses.freespins.cancel")}
                  danger
                  busy={action.busy}
                  failure={action.failure}
                  testId="freespin-details-cancel-confirm"
                  onConfirm={() =>
                    void action.run(async () => {
                      await bonusApi.cancelFreespin(s.id);
                      setAsking(false);
                      await reload();
                    })
                  }
                />
              </div>
            )}
            {!asking && action.failure && <ErrorNote>{action.failure}</ErrorNote>}
          </div>
        )}
      </BonusGate>
    </ModalFrame>
  );
}
