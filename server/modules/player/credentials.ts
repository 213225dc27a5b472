export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** How many of the most common passwords are refused (from zxcvbn's frequency-ordered list). */
export const COMMON_PASSWORDS_COUNT = 20_000;

let common: Promise<Set<string>> | undefined;

/** The top of the common-passwords list, loaded once on first use. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_COUNT)),
  );
  return common;
}

/** A password that attackers try first: on the common list, whatever its case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
