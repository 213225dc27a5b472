import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import type { Profile } from "#common/api/player";
import { useRealtimeConnection } from "~/features/realtime/use-realtime";
import { api } from "./client";
import { CHANGE_SESSION_KEY, decodeChange, reactionTo } from "./cross-tab";
import type { InitialSession } from "./load";
import {
  followLogoutElsewhere,
  loadResumedSession,
  readPendingSession,
  resumeSession,
  sessionEndedByHub,
  setNavigator,
} from "./session";
import { type SessionState, sessionStore } from "./store";

/** What the server rendered: the store is per tab, so server rendering reads the loader's session instead. */
export const InitialSessionContext = createContext<SessionState>({ loggedIn: false, profile: null });

export function useSessionState(): SessionState {
  const initial = useContext(InitialSessionContext);
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, () => initial);
}

export const useLoggedIn = (): boolean => useSessionState().loggedIn;
export const useProfile = (): Profile | null => useSessionState().profile;

let booted = false;
/**
 * Takes over the server's session before hydration renders (so the first client render matches the server's
 * HTML), once per tab.
 */
export function bootSession(initial: InitialSession | null, pending = false): void {
  if (booted || typeof window === "undefined") return;
  booted = true;
  if (initial) resumeSession(initial.profile);
  else if (pending) readPendingSession();
}

/**
 * The realtime client's connection token (Centrifuge's getToken), asked of the server each time the hub wants
 * one: the site cannot read the session token (decision 0037). An empty answer (no session) connects as a guest.
 */
const realtimeToken = async () => {
  try {
    return (await api().post("/player/sessions/realtime-token", {})).token;
  } catch (err) {
    if ((err as { status?: number }).status === 401) return "";
    throw err;
  }
};
/**
 * The session's effects in the React tree: navigation for the session module, the other tabs' logins and
 * logouts (spec point 4), and the realtime connection with the player's connection token.
 */
export function useSessionEffects(): void {
  const navigate = useNavigate();
  const { loggedIn, profile, pending } = useSessionState();

  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);
  useEffect(loadResumedSession, []);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== CHANGE_SESSION_KEY) return;
      const reaction = reactionTo(decodeChange(e.newValue)?.type, sessionStore.getState().loggedIn);
      if (reaction === "reload") window.location.reload();
      else if (reaction === "go-home") followLogoutElsewhere();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // Not while the session is being read: the tab would connect as a guest and at once again as the player.
  useRealtimeConnection(
    pending
      ? null
      : loggedIn && profile
        ? { profileId: profile.id, getToken: realtimeToken, onSessionEnded: sessionEndedByHub }
        : {},
  );
}
