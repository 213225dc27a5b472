import type { Profile } from "#common/api/player";
import { nicknameFromEmail, nicknameFromPhone } from "#common/nickname";

/**
 * Whether the nickname is still the one made at sign-up from the e-mail or phone (masked for public lists,
 * spec point 9) rather than one the player chose.
 */
export function isGeneratedNickname(p: Pick<Profile, "nickname" | "email" | "phone">): boolean {
  return (
    (Boolean(p.email) && p.nickname === nicknameFromEmail(p.email!)) ||
    (Boolean(p.phone) && p.nickname === nicknameFromPhone(p.phone!))
  );
}

/**
 * The name the player sees for themself (issue 36): the generated nickname masks their own address from
 * others, not from them, so they read the e-mail's name (or their phone) whole; a chosen nickname as it is.
 */
export function ownNickname(p: Pick<Profile, "nickname" | "email" | "phone">): string {
  if (p.email && p.nickname === nicknameFromEmail(p.email)) {
    const at = p.email.lastIndexOf("@");
    return at > 0 ? p.email.slice(0, at) : p.nickname;
  }
  if (p.phone && p.nickname === nicknameFromPhone(p.phone)) return p.phone;
  return p.nickname;
}
