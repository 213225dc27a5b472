import { createStore } from "zustand/vanilla";
import type { Profile } from "#common/api/player";

export interface SessionState {
  /** Logged in: the profile is set and the token stored. */
  loggedIn: boolean;
  profile: Profile | null;
}

/** The tab's session: a guest until a login, a registration or a stored token says otherwise. */
export const sessionStore = createStore<SessionState>(() => ({ loggedIn: false, profile: null }));
