import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Quest } from "#common/api/quests";
import { useProfile } from "~/lib/session/use-session";
import { questsApi } from "./api";

/** Every quest query starts with this key, then the player. */
export const QUESTS_KEY = ["quests"] as const;

/** The player's quests, every state (the hub groups them); live through QuestLive in the shell. */
export const questQueries = {
  all: (playerId: string | undefined) => ({
    queryKey: [...QUESTS_KEY, playerId],
    queryFn: () => questsApi.list(),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
};

export function useQuests() {
  return useQuery(questQueries.all(useProfile()?.id));
}

/** One of the player's quests by id (the modals carry only the id in the address). */
export function useQuest(id: string) {
  const q = useQuests();
  return { ...q, quest: q.data?.find((x) => x.id === id) };
}

/** Activate or cancel: the answer replaces the quest in the list at once. */
export function useQuestAction(kind: "activate" | "cancel") {
  const client = useQueryClient();
  const playerId = useProfile()?.id;
  return useMutation({
    mutationFn: (id: string) => (kind === "activate" ? questsApi.activate(id) : questsApi.cancel(id)),
    onSuccess: (quest) => {
      client.setQueryData<Quest[]>([...QUESTS_KEY, playerId], (old) =>
        old?.map((q) => (q.id === quest.id ? quest : q)),
      );
    },
  });
}
