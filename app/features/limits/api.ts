import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateLimitBody, Limit, LimitsResponse, UpdateLimitBody } from "#common/api/limits";
import { api } from "~/lib/session/client";
import { useProfile } from "~/lib/session/use-session";

/** The player's limits calls (spec point 7: GET/POST /api/player/limits, PUT/DELETE /api/player/limits/{id}). */
export const limitsApi = {
  list: () => api().get("/player/limits"),
  create: (body: CreateLimitBody) =>
    api()
      .post("/player/limits", body)
      .then((r) => r.data),
  update: (id: string, body: UpdateLimitBody) =>
    api()
      .put(`/player/limits/${encodeURIComponent(id)}`, body)
      .then((r) => r.data),
  remove: (id: string) => api().delete(`/player/limits/${encodeURIComponent(id)}`),
};

/** Every limits query starts with this key, so one invalidation reloads them all (spec point 8's reload). */
export const LIMITS_KEY = ["player", "limits"] as const;

/** The player's limits and what they may choose, never served stale: usage changes with every bet. */
export function useLimits() {
  const playerId = useProfile()?.id;
  return useQuery({
    queryKey: [...LIMITS_KEY, playerId],
    queryFn: limitsApi.list,
    enabled: playerId !== undefined,
    staleTime: 0,
  });
}

/** Reloads the limits after a change here or a refusal elsewhere (a deposit over the limit). */
export function useReloadLimits() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: LIMITS_KEY });
}

/** One limit of the loaded list, by id (the edit and delete modals carry only the id in the address). */
export function useLimit(id: string): { limit?: Limit; data?: LimitsResponse; loading: boolean } {
  const q = useLimits();
  return { limit: q.data?.data.find((l) => l.id === id), data: q.data, loading: q.isPending };
}
