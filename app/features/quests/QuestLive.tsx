import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Quest, QuestTask } from "#common/api/quests";
import { REALTIME_EVENTS } from "#common/realtime";
import { useSwapModals } from "~/features/wallet/ui";
import { alert } from "~/lib/alerts";
import { realtimeBus } from "~/lib/realtime/bus";
import { useProfile } from "~/lib/session/use-session";
import { applyQuest, applyTask, stateChange } from "./live";
import { QUESTS_KEY, useQuests } from "./queries";

/**
 * Follows `retention:quests#{id}` on every page of a logged-in player: progress moves the cached quests at
 * once, a change of state raises the quest-status-changed alert (spec point 4), and a completion opens the
 * quest's rewards.
 */
export function QuestLive() {
  const client = useQueryClient();
  const playerId = useProfile()?.id;
  useQuests();
  const swap = useSwapModals();
  const swapRef = useRef(swap);
  swapRef.current = swap;
  useEffect(() => {
    const key = [...QUESTS_KEY, playerId];
    const offs = [
      realtimeBus.on("quests", (e) => {
        if (e.event === REALTIME_EVENTS.questTaskUpdated) {
          client.setQueryData<Quest[]>(key, (old) => (old ? applyTask(old, e.data as QuestTask) : old));
        } else if (e.event === REALTIME_EVENTS.questUpdated) {
          const quest = e.data as Quest;
          const list = client.getQueryData<Quest[]>(key);
          const previous = list?.find((q) => q.id === quest.id)?.state;
          client.setQueryData<Quest[]>(key, (old) => (old ? applyQuest(old, quest) : old));
          // Before the list first loaded there is nothing to compare with: the list itself will show it.
          if (!list) return;
          const change = stateChange(previous, quest);
          if (change === "alert") alert.info("quest-status-changed");
          if (change === "rewards") swapRef.current({ "quest-rewards": quest.id });
        }
      }),
      // Publications missed while the socket was down are not replayed.
      realtimeBus.on("reconnected", () => void client.invalidateQueries({ queryKey: QUESTS_KEY })),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [client, playerId]);
  return null;
}
