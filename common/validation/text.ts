import { z } from "zod";
import { DEFAULT_VALIDATION_MESSAGES, formatMessage, type ValidationMessages } from "./messages";

/**
 * A required text field of min..max characters after trimming. An empty value reports only "required",
 * not also "too short": one message per mistake.
 */
export function textField(min: number, max: number, m: ValidationMessages = DEFAULT_VALIDATION_MESSAGES) {
  return z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required, abort: true })
    .min(min, { error: formatMessage(m.minLength, { min }), abort: true })
    .max(max, { error: formatMessage(m.maxLength, { max }) });
}

/** A required e-mail address; 254 characters is the longest address SMTP carries. */
export function emailField(m: ValidationMessages = DEFAULT_VALIDATION_MESSAGES) {
  return z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required, abort: true })
    .max(254, { error: formatMessage(m.maxLength, { max: 254 }), abort: true })
    .pipe(z.email({ error: m.email }));
}

/** Field errors of a failed parse, keyed by field path: the same map the API returns in `errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_";
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}
