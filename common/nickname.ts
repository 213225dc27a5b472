/**
 * Nicknames a new player gets before choosing one (spec point 9). They are shown in the header and in public
 * lists (winners), so they hide part of what they were made from.
 */

/**
 * From an e-mail address: the text before the @ with its last 3 characters masked by `*`, or all but the first
 * when it is shorter than 4 characters. "alexander@x.com" → "alexan***", "bob@x.com" → "b**".
 */
export function nicknameFromEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = [...(at >= 0 ? email.slice(0, at) : email).trim()];
  if (local.length === 0) return "***";
  if (local.length < 4) return local[0] + "*".repeat(local.length - 1);
  return `${local.slice(0, -3).join("")}***`;
}

/**
 * From a phone number (our choice; the spec shows only the e-mail rule): every digit masked but the last 4,
 * without the plus, so "+5511912345678" → "*********5678". Four digits tell a player their own account apart
 * and reveal nothing usable.
 */
export function nicknameFromPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length <= 4) return "*".repeat(Math.max(0, 4 - digits.length)) + digits;
  return "*".repeat(digits.length - 4) + digits.slice(-4);
}
