/**
 * The validation messages of spec point 5. These are the library's defaults; the content service's
 * fields-settings directory may override each one per locale. Placeholders: {min}, {max}, {param}.
 */
export const DEFAULT_VALIDATION_MESSAGES = {
  required: "Value is required",
  email: "Value is not a valid email address",
  url: "The value is not a valid URL address",
  alpha: "The value is not alphabetical",
  alphaNum: "The value must be alpha-numeric",
  numeric: "Value must be numeric",
  between: "The value must be between {min} and {max}",
  maxLength: "The maximum length allowed is {max}",
  minLength: "This field should be at least {min} characters long",
  sameAs: "The value must be equal to the other value",
  integer: "Value is not an integer",
  decimal: "Value must be decimal",
} as const;

export type ValidationRule = keyof typeof DEFAULT_VALIDATION_MESSAGES;
export type ValidationMessages = Record<ValidationRule, string>;

/** Fills {min}, {max}, {param}; a placeholder without a value stays as written so a gap is visible. */
export function formatMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/**
 * The messages of a locale: its overrides (from fields-settings `validation`) over the defaults. Anything that
 * is not a non-empty string is ignored, so a broken content file cannot blank out a message.
 */
export function validationMessages(overrides: unknown): ValidationMessages {
  const out: ValidationMessages = { ...DEFAULT_VALIDATION_MESSAGES };
  if (typeof overrides !== "object" || overrides === null) return out;
  for (const rule of Object.keys(out) as ValidationRule[]) {
    const value = (overrides as Record<string, unknown>)[rule];
    if (typeof value === "string" && value.trim()) out[rule] = value;
  }
  return out;
}
