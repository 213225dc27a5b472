import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { PlayerBonus, PlayerFreespin } from "#common/api/bonus";
import { Button } from "~/components/ui/Button";
import { ConfirmChoices } from "~/components/ui/ConfirmChoices";
import { ErrorNote } from "~/components/ui/ErrorNote";
import { useAction } from "~/components/ui/form";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import { bonusApi } from "../api";
import { bonusQueries, useBonusLive, useReloadBonuses } from "../queries";

/** One of the player's bonuses or free-spin packages, as a modal that names it by id waits for it. */
interface PlayerItem<T> {
  item?: T;
  loading: boolean;
  error: boolean;
  retry: () => void;
}

/** The item `id` of a list of the player's, as a modal waits for it; `error` is when the modal says it failed. */
function itemOf<T extends { id: string }>(q: UseQueryResult<T[]>, id: string, error: boolean): PlayerItem<T> {
  return {
    item: q.data?.find((x) => x.id === id),
    loading: q.isPending,
    error,
    retry: () => void q.refetch(),
  };
}

/**
 * One of the player's bonuses by id, whatever its status (the modals carry only the id in the address), live
 * on the bonus channels.
 */
export function usePlayerBonus(id: string): PlayerItem<PlayerBonus> {
  useBonusLive();
  const q = useQuery(bonusQueries.allBonuses(useProfile()?.id));
  return itemOf(q, id, q.isError && !q.data);
}

/** One of the player's free-spin packages by id, whatever its status, live on the bonus channels. */
export function usePlayerFreespin(id: string): PlayerItem<PlayerFreespin> {
  useBonusLive();
  const q = useQuery(bonusQueries.allFreespins(useProfile()?.id));
  return itemOf(q, id, q.isError);
}

/** A modal body while its bonus (or free spins) loads, fails or is not (any longer) the player's. */
export function BonusGate<T>({
  state,
  children,
}: {
  state: PlayerItem<T>;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation("layout");
  if (state.item) return <>{children(state.item)}</>;
  if (state.loading)
    return (
      <div className="grid gap-2" aria-busy="true">
        <div className="h-16 animate-pulse rounded-xl bg-surface-2" />
        <div className="h-10 animate-pulse rounded-xl bg-surface-2" />
      </div>
    );
  if (state.error)
    return (
      <ErrorNote>
        {t("bonuses.listFailed")}{" "}
        <Button variant="inline" onClick={state.retry}>
          {t("bonuses.retry")}
        </Button>
      </ErrorNote>
    );
  return (
    <p
      className="rounded-xl border border-line bg-surface-2/50 px-4 py-5 text-center text-sm text-muted"
      data-testid="bonus-gone"
    >
      {t("bonuses.gone")}
    </p>
  );
}

/**
 * A modal about one of the player's bonuses (its id is the modal's value): the frame, headed by the bonus's
 * name unless told otherwise, and the body once the bonus is there (`BonusGate` until then).
 */
export function BonusModal({
  id,
  icon,
  title,
  description = (bonus) => bonus?.name,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode | ((bonus?: PlayerBonus) => ReactNode);
  description?: (bonus?: PlayerBonus) => ReactNode;
  children: (bonus: PlayerBonus) => ReactNode;
}) {
  const state = usePlayerBonus(id);
  return (
    <ModalFrame
      icon={icon}
      title={typeof title === "function" ? title(state.item) : title}
      description={description(state.item)}
    >
      <BonusGate state={state}>{children}</BonusGate>
    </ModalFrame>
  );
}

/** A labelled figure in a modal. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-surface-2/60 px-3 py-2.5">
      <p className="text-xs text-muted">{label}</p>
      <p className="mt-0.5 font-bold tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** Runs a bonus call from a modal: busy while it runs, the server's message when it is refused. */
export function useBonusAction() {
  const { t } = useTranslation("layout");
  return useAction(t("bonuses.failed"));
}

/**
 * A bonus call that ends its modal: busy while it runs, the server's message when refused; once done, `said`
 * (the alert), the bonus lists reloaded and the modal closed.
 */
export function useBonusChange(close: () => void) {
  const reload = useReloadBonuses();
  const { busy, failure, run } = useBonusAction();
  const change = (call: () => Promise<unknown>, said: () => void) =>
    run(async () => {
      await call();
      said();
      await reload();
      close();
    });
  return { busy, failure, change };
}

/** Keep the bonus (closes the modal) or cancel it (says so, reloads, closes); only while issued or active. */
export function CancelBonusChoices({
  bonus,
  close,
  keep,
  confirm,
  testId,
}: {
  bonus: PlayerBonus;
  close: () => void;
  keep: string;
  confirm: string;
  testId: string;
}) {
  const { t } = useTranslation("layout");
  const { busy, failure, change } = useBonusChange(close);
  return (
    <ConfirmChoices
      cancel={keep}
      onCancel={close}
      confirm={confirm}
      danger
      disabled={bonus.status !== 1 && bonus.status !== 2}
      busy={busy}
      failure={failure}
      testId={testId}
      onConfirm={() =>
        change(
          () => bonusApi.cancelBonus(bonus.id),
          () => alert.info(t("bonuses.cancel.done", { name: bonus.name })),
        )
      }
    />
  );
}

/** One line of a bonus's terms in a details modal: what, and its value (inside a `<dl>`). */
export function DetailLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}
