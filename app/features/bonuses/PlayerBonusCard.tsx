import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PlayerBonus, PlayerFreespin } from "#common/api/bonus";
import { PLAYER_BONUS_STATUS } from "#common/constants";
import { Button, buttonClass } from "~/components/ui/Button";
import { GiftIcon, PlayIcon } from "~/components/ui/icons";
import { ClockIcon } from "~/components/ui/page-icons";
import { gameScreenPath } from "~/features/games/links";
import { useMoney } from "~/features/games/money";
import { useLocalePath } from "~/features/shell/nav";
import { useIntlLocale } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { WageringBar } from "./WageringBar";

const STATUS_STYLE: Record<number, string> = {
  [PLAYER_BONUS_STATUS.issued]: "bg-gold/15 text-gold",
  [PLAYER_BONUS_STATUS.active]: "bg-success/15 text-success",
  [PLAYER_BONUS_STATUS.finished]: "bg-surface-3 text-muted",
};

/** A bonus's or free spins' status, or its result once finished (spec point 4). */
export function StatusChip({
  status,
  result,
  spins = false,
}: {
  status: number;
  result: number | null;
  /** Free spins name their results their own way (2 played, not wagered). */
  spins?: boolean;
}) {
  const { t } = useTranslation("layout");
  const finished = status === PLAYER_BONUS_STATUS.finished;
  return (
    <span
      data-testid="bonus-status"
      className={`inline-flex shrink-0 rounded-md px-2 py-0.5 text-xs font-bold ${STATUS_STYLE[status] ?? ""}`}
    >
      {finished && result
        ? t(spins ? `bonuses.freespins.result.${result}` : `bonuses.result.${result}`)
        : t(`bonuses.status.${status}`)}
    </span>
  );
}

export function useDate() {
  const locale = useIntlLocale();
  return (s: string) => new Date(s).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * One of the player's bonuses: what it is worth, its state and wagering, and what can be done with it next
 * (activate an issued one, follow or cancel an active one) through the bonus modals.
 */
export function PlayerBonusCard({ bonus }: { bonus: PlayerBonus }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const date = useDate();
  const issued = bonus.status === PLAYER_BONUS_STATUS.issued;
  const active = bonus.status === PLAYER_BONUS_STATUS.active;
  return (
    <CardFrame
      data={{
        "data-testid": "player-bonus",
        "data-id": bonus.id,
        "data-status": bonus.status,
        "data-kind": bonus.kind,
      }}
      icon={<GiftIcon size={20} />}
      tone="bg-accent-2/15 text-accent-2"
      title={bonus.name}
      line={<p className="text-xs text-muted">{t(`bonuses.kind.${bonus.kind}`)}</p>}
      status={<StatusChip status={bonus.status} result={bonus.result} />}
    >
      <p className="text-2xl font-extrabold tracking-tight tabular-nums" data-testid="player-bonus-amount">
        {money(bonus.amount, bonus.currency)}
      </p>
      {active && <WageringBar bonus={bonus} />}
      {bonus.expiresAt && (bonus.status === 1 || bonus.status === 2) && (
        <Deadline>
          {t(issued ? "bonuses.activateBy" : "bonuses.wagerBy", { date: date(bonus.expiresAt) })}
        </Deadline>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        {issued && (
          <ModalLink
            modal="confirm-bonus"
            value={bonus.id}
            data-testid="player-bonus-activate"
            className={buttonClass("primary", "sm")}
          >
            {t("bonuses.activate")}
          </ModalLink>
        )}
        {active && (
          <ModalLink modal="turn-over-wager" value={bonus.id} className={buttonClass("secondary", "sm")}>
            {t("bonuses.progress")}
          </ModalLink>
        )}
        <DetailsLink modal="bonus-details" id={bonus.id} testId="player-bonus-details" />
      </div>
    </CardFrame>
  );
}

/** The player's free spins: their game, how many are left at which bet, and the way to play them. */
export function FreespinCard({
  spins,
  onActivate,
  busy,
}: {
  spins: PlayerFreespin;
  onActivate: (id: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const date = useDate();
  const href = useLocalePath();
  const left = spins.count - spins.played;
  return (
    <CardFrame
      data={{
        "data-testid": "player-freespin",
        "data-id": spins.id,
        "data-status": spins.status,
        "data-played": spins.played,
      }}
      icon={<PlayIcon size={18} />}
      tone="bg-gold/15 text-gold"
      title={t("bonuses.freespins.title", { count: spins.count })}
      line={<p className="truncate text-xs text-muted">{spins.gameName}</p>}
      status={<StatusChip status={spins.status} result={spins.result} spins />}
    >
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Fact label={t("bonuses.freespins.left")} value={`${left} / ${spins.count}`} />
        <Fact label={t("bonuses.freespins.bet")} value={money(spins.amount, spins.currency)} />
        <Fact label={t("bonuses.freespins.won")} value={money(spins.winnings, spins.currency)} />
      </dl>
      {spins.expiresAt && <Deadline>{t("bonuses.playBy", { date: date(spins.expiresAt) })}</Deadline>}
      <div className="mt-auto flex flex-wrap gap-2">
        {spins.status === PLAYER_BONUS_STATUS.issued ? (
          <Button
            variant="primary"
            size="sm"
            disabled={busy}
            onClick={() => onActivate(spins.id)}
            data-testid="player-freespin-activate"
          >
            {t("bonuses.activate")}
          </Button>
        ) : (
          <Link
            to={`${href(gameScreenPath(spins.gameSlug, true))}`}
            data-testid="player-freespin-play"
            className={buttonClass("primary", "sm")}
          >
            <PlayIcon size={16} /> {t("bonuses.freespins.play")}
          </Link>
        )}
        <DetailsLink modal="freespin-details" id={spins.id} testId="player-freespin-details" />
      </div>
    </CardFrame>
  );
}

/**
 * A bonus card: its head (the icon in the kind's colour, its name and the line under it, its status), then the
 * card's own parts; `data` are the article's data attributes the journeys read.
 */
function CardFrame({
  data,
  icon,
  tone,
  title,
  line,
  status,
  children,
}: {
  data: Record<`data-${string}`, string | number>;
  icon: ReactNode;
  tone: string;
  title: string;
  line: ReactNode;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <article {...data} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <header className="flex items-start gap-3">
        <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${tone}`}>{icon}</span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-bold">{title}</h3>
          {line}
        </div>
        {status}
      </header>
      {children}
    </article>
  );
}

/** A card's way to its details modal. */
function DetailsLink({
  modal,
  id,
  testId,
}: {
  modal: "bonus-details" | "freespin-details";
  id: string;
  testId: string;
}) {
  const { t } = useTranslation("layout");
  return (
    <ModalLink modal={modal} value={id} data-testid={testId} className={buttonClass("ghost", "sm")}>
      {t("bonuses.details")}
    </ModalLink>
  );
}

/** By when a card's bonus is to be used, beside a clock. */
function Deadline({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted">
      <ClockIcon size={14} />
      {children}
    </p>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface-2/60 px-2 py-2">
      <dt className="text-[0.68rem] font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 truncate text-sm font-bold tabular-nums">{value}</dd>
    </div>
  );
}
