import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../api";

/** Every catalogue query sits under this key: a change refreshes them all. */
export const CATALOGUE_KEY = ["admin", "catalogue"] as const;

/** The collections; `enabled` false for staff who may not read the catalogue. */
export function useCollections(enabled = true) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, "collections"],
    enabled,
    queryFn: async () => (await adminApi.get("/admin/catalogue/collections")).data,
  });
}

export function useProviders() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, "providers"],
    queryFn: async () => (await adminApi.get("/admin/catalogue/providers")).data,
  });
}
