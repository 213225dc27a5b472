import { api } from "~/lib/session/client";

const data = <T>(r: { data: T }) => r.data;

/** The quest calls of spec point 7, in the browser with the player's token. */
export const questsApi = {
  /** `?state[]=1&state[]=2&currency=USD` */
  list: (f: { state?: number[]; currency?: string } = {}) => {
    const q = new URLSearchParams();
    for (const s of f.state ?? []) q.append("state[]", String(s));
    if (f.currency) q.set("currency", f.currency);
    const s = q.toString();
    return api()
      .get(s ? `/retention/quests?${s}` : "/retention/quests")
      .then(data);
  },
  activate: (id: string) =>
    api()
      .put(`/retention/quests/${encodeURIComponent(id)}/activate`)
      .then(data),
  cancel: (id: string) =>
    api()
      .put(`/retention/quests/${encodeURIComponent(id)}/cancel`)
      .then(data),
};
