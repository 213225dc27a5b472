import { api } from "~/lib/session/client";

const data = <T>(r: { data: T }) => r.data;

/** The loyalty calls of spec point 7 (under /api/retention). */
export const loyaltyApi = {
  levels: () => api().get("/retention/levels").then(data),
  account: () => api().get("/retention/account").then(data),
};
