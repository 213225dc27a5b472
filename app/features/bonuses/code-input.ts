/**
 * The bonus code's input, wherever it is typed (sign-up's "I have a code", the bonuses page, the deposit
 * sheet): a code is upper case, not a word to correct or remember, and at most 50 characters.
 */
export const BONUS_CODE_INPUT = {
  name: "bonusCode",
  autoComplete: "off",
  autoCapitalize: "characters",
  spellCheck: false,
  maxLength: 50,
} as const;
