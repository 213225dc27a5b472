import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Quest, QuestTask } from "#common/api/quests";
import { QUEST_STATE } from "#common/constants";
import { Button, buttonClass } from "~/components/ui/Button";
import { GiftIcon, TrophyIcon } from "~/components/ui/icons";
import { Empty, Failed, Loading } from "~/components/ui/states";
import { useDate } from "~/features/bonuses/PlayerBonusCard";
import { GameGrid, GameGridSkeleton } from "~/features/games/GameGrid";
import { useMoney } from "~/features/games/money";
import { gameQueries } from "~/features/games/queries";
import { useSwapModals } from "~/features/wallet/ui";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import { ModalLink } from "~/modals/ModalLink";
import type { ModalProps } from "~/modals/registry";
import { isActiveState, percentDone } from "../live";
import { useQuest, useQuestAction, useQuests } from "../queries";

/** How a task reads: "Bet 3 times", "Wager 20.00 USD"… */
function useTaskText() {
  const { t } = useTranslation("layout");
  const money = useMoney();
  return (task: QuestTask) =>
    t(`quests.task.${task.type}`, {
      count: Number(task.quantity),
      amount: task.currency ? money(task.quantity, task.currency) : task.quantity,
      multiplier: task.minMultiplier ?? "",
    });
}

function useProgressText() {
  const money = useMoney();
  return (task: QuestTask) =>
    task.currency
      ? `${money(task.progress, task.currency)} / ${money(task.quantity, task.currency)}`
      : `${task.progress} / ${task.quantity}`;
}

function StateChip({ state }: { state: number }) {
  const { t } = useTranslation("layout");
  const tone =
    state === QUEST_STATE.completed
      ? "bg-success/15 text-success"
      : isActiveState(state)
        ? "bg-accent/15 text-accent"
        : "bg-surface-3 text-muted";
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`} data-testid="quest-state">
      {t(`quests.state.${state}`)}
    </span>
  );
}

function Bar({ task }: { task: QuestTask }) {
  const pct = percentDone(task);
  return (
    <div
      className="h-2 overflow-hidden rounded-full bg-surface-3"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
    >
      <div
        className={`h-full rounded-full transition-[width] ${task.isCompleted ? "bg-success" : "bg-accent"}`}
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}

/** A modal's body for one quest: loading, failed, gone, or the quest. */
function QuestGate({ id, children }: { id: string; children: (q: Quest) => ReactNode }) {
  const { t } = useTranslation("layout");
  const s = useQuest(id);
  if (s.quest) return <>{children(s.quest)}</>;
  if (s.isPending) return <Loading rows={2} testId="quests-loading" />;
  if (s.isError)
    return (
      <Failed onRetry={() => void s.refetch()} retryLabel={t("quests.retry")}>
        {t("quests.failed")}
      </Failed>
    );
  return <Empty testId="quests-empty">{t("quests.gone")}</Empty>;
}

function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation("layout");
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-danger">
      {error instanceof ApiRequestError ? error.message : t("quests.failed")}
    </p>
  );
}

/** Activates or cancels the quest (a large button, off while the call runs). */
function QuestAction({
  action,
  quest,
  variant,
  children,
}: {
  action: ReturnType<typeof useQuestAction>;
  quest: Quest;
  variant: "primary" | "secondary";
  children: ReactNode;
}) {
  return (
    <Button variant={variant} size="lg" disabled={action.isPending} onClick={() => action.mutate(quest.id)}>
      {children}
    </Button>
  );
}

function QuestCard({ quest }: { quest: Quest }) {
  const { t } = useTranslation("layout");
  const swap = useSwapModals();
  const activate = useQuestAction("activate");
  const taskText = useTaskText();
  const done = quest.tasks.filter((x) => x.isCompleted).length;
  /** Opens the quest's tasks or rewards in place of the hub. */
  const open = (modal: "quest-tasks" | "quest-rewards") => () =>
    swap({ "quests-hub": null, [modal]: quest.id });
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-2/60 p-4"
      data-testid="quest-card"
      data-quest={quest.id}
      data-state={quest.state}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-bold">{quest.name}</p>
          <p className="text-sm text-muted">{quest.description}</p>
        </div>
        <StateChip state={quest.state} />
      </div>
      <ul className="flex flex-col gap-2">
        {quest.tasks.map((task) => (
          <li key={task.id} className="grid gap-1 text-sm">
            <span className="flex justify-between gap-2">
              <span className="truncate">{taskText(task)}</span>
              <span className="text-muted tabular-nums">{`${percentDone(task)}%`}</span>
            </span>
            <Bar task={task} />
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">{t("quests.tasksDone", { done, total: quest.tasks.length })}</p>
      <div className="grid grid-cols-2 gap-2">
        {quest.state === QUEST_STATE.new ? (
          <QuestAction action={activate} quest={quest} variant="primary">
            {t("quests.activate")}
          </QuestAction>
        ) : (
          <Button variant="primary" size="lg" onClick={open("quest-tasks")}>
            {t("quests.tasks")}
          </Button>
        )}
        <Button variant="secondary" size="lg" onClick={open("quest-rewards")}>
          {t("quests.rewards")}
        </Button>
      </div>
      <ActionError error={activate.error} />
    </li>
  );
}

/** `?quests-hub`: the quests a player can activate or is playing, then the finished ones. */
export function QuestsHub() {
  const { t } = useTranslation("layout");
  const profile = useProfile();
  const q = useQuests();
  const active = q.data?.filter((x) => isActiveState(x.state)) ?? [];
  const finished = q.data?.filter((x) => !isActiveState(x.state)) ?? [];
  return (
    <ModalFrame icon={<TrophyIcon size={22} />} title={t("quests.title")} description={t("quests.intro")}>
      {!profile ? (
        <div className="grid gap-3" data-testid="quests-guest">
          <Empty testId="quests-empty">{t("quests.guest")}</Empty>
          <ModalLink modal="sign-in" className={buttonClass("primary", "lg")}>
            {t("header.signIn")}
          </ModalLink>
        </div>
      ) : q.isPending ? (
        <Loading rows={2} testId="quests-loading" />
      ) : q.isError ? (
        <Failed onRetry={() => void q.refetch()} retryLabel={t("quests.retry")}>
          {t("quests.failed")}
        </Failed>
      ) : (
        <div className="flex flex-col gap-4">
          {active.length === 0 ? (
            <Empty testId="quests-empty">{t("quests.none")}</Empty>
          ) : (
            <ul className="flex flex-col gap-3">
              {active.map((quest) => (
                <QuestCard key={quest.id} quest={quest} />
              ))}
            </ul>
          )}
          {finished.length > 0 && (
            <section className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-muted">{t("quests.finished")}</h3>
              <ul className="flex flex-col gap-3">
                {finished.map((quest) => (
                  <QuestCard key={quest.id} quest={quest} />
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </ModalFrame>
  );
}

/** `?quest-tasks={questId}`: a quest's tasks with their live progress; cancel a quest in progress. */
export function QuestTasks({ value }: ModalProps) {
  const { t } = useTranslation("layout");
  const s = useQuest(value);
  const swap = useSwapModals();
  const cancel = useQuestAction("cancel");
  const activate = useQuestAction("activate");
  const taskText = useTaskText();
  const progressText = useProgressText();
  const date = useDate();
  return (
    <ModalFrame icon={<TrophyIcon size={22} />} title={s.quest?.name ?? t("quests.tasks")}>
      <QuestGate id={value}>
        {(quest) => (
          <div className="flex flex-col gap-4" data-testid="quest-tasks" data-state={quest.state}>
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm text-muted">{quest.description}</p>
              <StateChip state={quest.state} />
            </div>
            <ul className="flex flex-col gap-3">
              {quest.tasks.map((task) => (
                <li
                  key={task.id}
                  className="grid gap-2 rounded-xl border border-line p-3"
                  data-testid="quest-task"
                  data-completed={task.isCompleted}
                >
                  <span className="flex items-center justify-between gap-2 text-sm font-semibold">
                    <span>{taskText(task)}</span>
                    <span className="text-muted tabular-nums" data-testid="quest-task-progress">
                      {progressText(task)}
                    </span>
                  </span>
                  <Bar task={task} />
                  {task.games && (
                    <Button
                      variant="link"
                      className="justify-self-start text-sm underline"
                      onClick={() =>
                        swap({ "quest-tasks": null, "quest-task-games": `${quest.id}:${task.id}` })
                      }
                    >
                      {t("quests.whichGames")}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {quest.expiresAt && quest.state === QUEST_STATE.inProgress && (
              <p className="text-xs text-muted">{t("quests.endsAt", { date: date(quest.expiresAt) })}</p>
            )}
            {quest.state === QUEST_STATE.new && (
              <QuestAction action={activate} quest={quest} variant="primary">
                {t("quests.activate")}
              </QuestAction>
            )}
            {quest.state === QUEST_STATE.inProgress && (
              <QuestAction action={cancel} quest={quest} variant="secondary">
                {t("quests.cancel")}
              </QuestAction>
            )}
            <ActionError error={cancel.error ?? activate.error} />
          </div>
        )}
      </QuestGate>
    </ModalFrame>
  );
}

function CollectionGames({ identity }: { identity: string }) {
  const { t } = useTranslation("layout");
  const q = useQuery(gameQueries.row(identity, 12));
  if (q.isPending) return <GameGridSkeleton count={4} />;
  if (q.isError)
    return (
      <Failed onRetry={() => void q.refetch()} retryLabel={t("quests.retry")}>
        {t("quests.failed")}
      </Failed>
    );
  if (q.data.data.length === 0) return <Empty testId="quests-empty">{t("quests.noGames")}</Empty>;
  return <GameGrid games={q.data.data} />;
}

/** `?quest-task-games={questId}:{taskId}`: the games a casino task counts. */
export function QuestTaskGames({ value }: ModalProps) {
  const { t } = useTranslation("layout");
  const [questId = "", taskId = ""] = value.split(":");
  return (
    <ModalFrame icon={<TrophyIcon size={22} />} title={t("quests.gamesTitle")}>
      <QuestGate id={questId}>
        {(quest) => {
          const task = quest.tasks.find((x) => x.id === taskId);
          if (!task?.games) return <Empty testId="quests-empty">{t("quests.gone")}</Empty>;
          return (
            <div className="flex flex-col gap-4" data-testid="quest-task-games">
              {task.games.gameKinds.length > 0 && (
                <p className="text-sm text-muted">
                  {t("quests.kinds", {
                    kinds: task.games.gameKinds.map((k) => t(`quests.kind.${k}`)).join(", "),
                  })}
                </p>
              )}
              {task.games.collections.map((c) => (
                <section key={c.id} className="flex flex-col gap-2">
                  <h3 className="font-semibold">{c.name}</h3>
                  <CollectionGames identity={c.identity} />
                </section>
              ))}
            </div>
          );
        }}
      </QuestGate>
    </ModalFrame>
  );
}

/** `?quest-rewards={questId}`: what completing the quest gives, and what it gave once completed. */
export function QuestRewards({ value }: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const swap = useSwapModals();
  return (
    <ModalFrame icon={<GiftIcon size={22} />} title={t("quests.rewardsTitle")}>
      <QuestGate id={value}>
        {(quest) => (
          <div className="flex flex-col gap-4" data-testid="quest-rewards" data-state={quest.state}>
            <p className="text-sm">
              {quest.state === QUEST_STATE.completed
                ? t("quests.rewarded", { name: quest.name })
                : t("quests.toEarn", { name: quest.name })}
            </p>
            {quest.rewards.length === 0 ? (
              <Empty testId="quests-empty">{t("quests.noRewards")}</Empty>
            ) : (
              <ul className="flex flex-col gap-2">
                {quest.rewards.map((r, i) => (
                  <li
                    key={`${r.kind}:${i}`}
                    className="flex items-center justify-between gap-3 rounded-xl border border-line p-3"
                    data-testid="quest-reward"
                  >
                    <span className="font-semibold">{r.name}</span>
                    <span className="text-right tabular-nums">
                      {r.kind === "freespins"
                        ? r.count && r.amount && r.currency
                          ? t("quests.spins", { count: r.count, bet: money(r.amount, r.currency) })
                          : t("quests.notInCurrency")
                        : r.amount && r.currency
                          ? money(r.amount, r.currency)
                          : t("quests.notInCurrency")}
                    </span>
                    {r.kind === "bonus" && r.playerBonusId && (
                      <Button
                        variant="link"
                        className="text-sm underline"
                        onClick={() => swap({ "quest-rewards": null, "bonus-details": r.playerBonusId })}
                      >
                        {t("quests.seeBonus")}
                      </Button>
                    )}
                    {r.kind === "freespins" && r.playerFreespinId && (
                      <Button
                        variant="link"
                        className="text-sm underline"
                        onClick={() =>
                          swap({ "quest-rewards": null, "freespin-details": r.playerFreespinId })
                        }
                      >
                        {t("quests.seeFreespins")}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Button
              variant="secondary"
              size="lg"
              onClick={() => swap({ "quest-rewards": null, "quests-hub": "true" })}
            >
              {t("quests.backToHub")}
            </Button>
          </div>
        )}
      </QuestGate>
    </ModalFrame>
  );
}
