import { z } from "zod";
import { DEFAULT_LOCALE, SITE_LOCALES } from "../i18n/locales";
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from "./messages";
import { emailField, textField } from "./text";

/** Lengths of the contact form's fields; the form shows them as input limits too. */
export const CONTACT_LIMITS = {
  name: { min: 2, max: 80 },
  subject: { min: 3, max: 120 },
  message: { min: 10, max: 4000 },
} as const;

const LOCALE_CODES = SITE_LOCALES.map((l) => l.code) as [string, ...string[]];

/**
 * The contact message (POST /api/notification/communications), checked by the form before sending and by the
 * server on arrival, each with the messages of the visitor's language.
 */
export function contactMessageSchema(m: ValidationMessages = DEFAULT_VALIDATION_MESSAGES) {
  return z.object({
    name: textField(CONTACT_LIMITS.name.min, CONTACT_LIMITS.name.max, m),
    email: emailField(m),
    subject: textField(CONTACT_LIMITS.subject.min, CONTACT_LIMITS.subject.max, m),
    message: textField(CONTACT_LIMITS.message.min, CONTACT_LIMITS.message.max, m),
    locale: z.enum(LOCALE_CODES).catch(DEFAULT_LOCALE),
  });
}

export type ContactMessage = z.output<ReturnType<typeof contactMessageSchema>>;
export type ContactMessageInput = z.input<ReturnType<typeof contactMessageSchema>>;
