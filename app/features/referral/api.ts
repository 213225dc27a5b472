import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ReferralTerms, ReferralTransferBody } from "#common/api/referral";
import { useReferralEnabled } from "~/features/shell/nav";
import { realtimeBus } from "~/lib/realtime/bus";
import { api } from "~/lib/session/client";
import { useProfile } from "~/lib/session/use-session";

const data = <T>(r: { data: T }) => r.data;

/** The referral calls (decision 0017). */
export const referralApi = {
  overview: () => api().get("/referral").then(data),
  terms: () => api().get("/referral/terms").then(data),
  transfer: (body: ReferralTransferBody) => api().post("/referral/transfer", body).then(data),
};

export const REFERRAL_KEY = ["referral"] as const;

/** The player's code, referred players and earnings. */
export function useReferralOverview() {
  const playerId = useProfile()?.id;
  const enabled = useReferralEnabled();
  return useQuery({
    queryKey: [...REFERRAL_KEY, "overview", playerId],
    queryFn: referralApi.overview,
    enabled: enabled && playerId !== undefined,
  });
}

/** The configured rules (the same for everyone); `initialData` from a loader that read them for the first paint. */
export function useReferralTerms(initialData?: ReferralTerms) {
  return useQuery({
    queryKey: [...REFERRAL_KEY, "terms"],
    queryFn: referralApi.terms,
    initialData,
    enabled: useReferralEnabled(),
    staleTime: 60_000,
  });
}

/**
 * Keeps the page's earnings current: a reward credited (`referral:earnings#{id}`) or a reconnection (missed
 * publications are not replayed) reads the overview again.
 */
export function useReferralLive(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: REFERRAL_KEY });
    const offs = [realtimeBus.on("referral", refresh), realtimeBus.on("reconnected", refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, [client]);
}
