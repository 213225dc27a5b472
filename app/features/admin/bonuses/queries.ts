import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../api";

/** The bonus definitions' query: a save refreshes it. */
export const BONUSES_KEY = ["admin", "bonuses"] as const;

/** Every bonus definition, with the placeholders and currencies their forms use. */
export function useBonusDefinitions() {
  return useQuery({ queryKey: BONUSES_KEY, queryFn: () => adminApi.get("/admin/bonuses") });
}
