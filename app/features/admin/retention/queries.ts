import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../api";

/** Every retention query sits under this key: a change refreshes them all. */
export const RETENTION_KEY = ["admin", "retention"] as const;

/** The bonus definitions a quest's reward names. */
export function useBonuses() {
  return useQuery({
    queryKey: [...RETENTION_KEY, "bonuses"],
    queryFn: async () => (await adminApi.get("/admin/promotions/bonuses")).data,
  });
}
