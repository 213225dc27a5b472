import { useQuery } from "@tanstack/react-query";
import type { ApiAnswer } from "~/lib/api";
import { adminApi } from "../api";
import type { ReportRange } from "./figures";

/** The reports (GET /api/admin/reports/{path}) and their rows, as the route map types them. */
export type Reports = {
  summary: ApiAnswer<"GET", "/admin/reports/summary">["data"];
  currencies: ApiAnswer<"GET", "/admin/reports/currencies">["data"];
  games: ApiAnswer<"GET", "/admin/reports/games">["data"];
  providers: ApiAnswer<"GET", "/admin/reports/providers">["data"];
  sports: ApiAnswer<"GET", "/admin/reports/sports">["data"];
};

export function useReport<P extends keyof Reports>(path: P, { from, to }: ReportRange) {
  return useQuery({
    queryKey: ["admin", "reports", path, from, to],
    // Each path's answer is in the map; TypeScript does not narrow the union of paths back to the one `P` names.
    queryFn: async () =>
      (await adminApi.get(`/admin/reports/${path as keyof Reports}`, { from, to })).data as Reports[P],
  });
}
