import type { Profile } from "#common/api/player";

/**
 * What one modal hands to the next within a flow (sign-up → get-code, forgot-pass → reset-email-send). Kept
 * in memory only: a password never goes into the address or storage. After a reload the next modal asks the
 * visitor to start again.
 */
export const flow: {
  phoneRegistration?: {
    phone: string;
    password: string;
    bonusCode?: string;
    expiresIn: number;
    sentAt: number;
  };
  resetEmail?: string;
} = {};

/** Told when the player's sessions change (one closed, others closed), so the sessions list reloads. */
export const sessionsChanged = new EventTarget();
export const announceSessionsChanged = () => sessionsChanged.dispatchEvent(new Event("change"));

export const contactOf = (p: Pick<Profile, "email" | "phone">) => p.email ?? p.phone ?? "";
