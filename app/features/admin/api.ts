import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { api } from "~/lib/session/client";

/**
 * The back office's connection to /api/admin (decision 0020): the staff session's token lives in this tab's
 * sessionStorage (closing the tab ends it here; the server ends it after 30 idle minutes anyway) and goes in
 * the Authorization header. A refused token signs the tab out.
 */
const KEY = "admin_token";
const listeners = new Set<() => void>();

function readToken(): string | undefined {
  if (typeof window === "undefined") return undefined;
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function setStaffToken(token: string | undefined) {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode): the session lasts as long as the page
  }
  memoryToken = token;
  for (const l of listeners) l();
}

let memoryToken: string | undefined;
const currentToken = () => memoryToken ?? readToken();
/** The token now, for a call made by hand (a file opened in a new tab). */
export const staffTokenNow = currentToken;

/** The tab's staff token; undefined while signed out (and during server rendering). */
export function useStaffToken(): string | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentToken,
    () => undefined,
  );
}

export const adminApi = api().as({
  getToken: currentToken,
  onAuthError: (status) => {
    if (status === 401) setStaffToken(undefined);
  },
});

export const ADMIN_KEYS = {
  me: ["admin", "me"] as const,
  players: (q: string, page: number) => ["admin", "players", q, page] as const,
  player: (id: string) => ["admin", "player", id] as const,
  staff: ["admin", "staff"] as const,
  audit: (page: number) => ["admin", "audit", page] as const,
};

/** The signed-in staff member (their permissions decide what the back office shows). */
export function useStaffMe(token: string | undefined) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.me, token],
    queryFn: async () => (await adminApi.get("/admin/me")).data,
    enabled: Boolean(token),
  });
}

export const can = (me: StaffMe | undefined, permission: string) =>
  Boolean(me?.permissions.includes(permission));

/** Whether the signed-in member (the back office layout's outlet context) holds `permission`. */
export const useCan = (permission: string) => can(useOutletContext<StaffMe>(), permission);

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    await adminApi.delete("/admin/session").catch(() => undefined);
    setStaffToken(undefined);
    client.removeQueries({ queryKey: ["admin"] });
  };
}
