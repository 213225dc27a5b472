import type { Profile } from "#common/api/player";
import { queryClient } from "~/lib/query";
import { onLogout } from "~/lib/session/session";

/**
 * What one modal hands to the next within a flow (sign-up or sign-in → get-code, forgot-pass →
 * reset-email-send). Kept in memory only: a password never goes into the address or storage. After a reload the
 * next modal asks the visitor to start again.
 */
export const flow: {
  phoneRegistration?: {
    phone: string;
    password: string;
    bonusCode?: string;
    /** The country's extra fields (decision 0061), sent again with the code. */
    extra?: Record<string, unknown>;
    expiresIn: number;
    sentAt: number;
  };
  /** A sign-in by SMS code (decision 0058): the number the code went to, for the get-code step. */
  phoneLogin?: { phone: string; expiresIn: number; sentAt: number };
  resetEmail?: string;
} = {};

/** The player's sessions (GET /player/sessions), every page: one query key for the list and whoever changes it. */
export const SESSIONS_KEY = ["player", "sessions"] as const;

/** The player's sessions changed (one closed, others closed): the list reads them again. */
export const announceSessionsChanged = () => queryClient().invalidateQueries({ queryKey: SESSIONS_KEY });

// Another player signing in on this tab never sees the last one's sessions, not even while theirs load.
if (typeof window !== "undefined") onLogout(() => queryClient().removeQueries({ queryKey: SESSIONS_KEY }));

export const contactOf = (p: Pick<Profile, "email" | "phone">) => p.email ?? p.phone ?? "";
