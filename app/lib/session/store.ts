import { createStore } from "zustand/vanilla";
import type { Profile } from "#common/api/player";

export interface SessionState {
  /** Logged in: the profile is set and the token stored. */
  loggedIn: boolean;
  profile: Profile | null;
  /**
   * The page was drawn as the guests' shared shell for a session cookie (decision 0075): whose session it is
   * is being read. Not logged in yet; the header holds the player's place rather than offering to sign in.
   */
  pending?: boolean;
}

/** The tab's session: a guest until a login, a registration or a stored token says otherwise. */
export const sessionStore = createStore<SessionState>(() => ({ loggedIn: false, profile: null }));
