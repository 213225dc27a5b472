import type { LoyaltyAccount, LoyaltyLevel } from "#common/api/loyalty";
import { api } from "~/lib/session/client";

const data = <T>(r: { data: T }) => r.data;

/** The loyalty calls of spec point 7 (under /api/retention). */
export const loyaltyApi = {
  levels: () => api().get<{ data: LoyaltyLevel[] }>("/retention/levels").then(data),
  account: () => api().get<{ data: LoyaltyAccount }>("/retention/account").then(data),
};
