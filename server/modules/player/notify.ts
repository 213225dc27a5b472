import { localePath } from "#common/i18n/locales";
import type { AppDeps } from "../../app";
import { contentLocale } from "../content";
import { type TextKey, text } from "./texts";

/**
 * The messages the accounts module sends, in the player's language. Links point at the site's pages in that
 * language: PUBLIC_URL/password-reset/{resetCode}, PUBLIC_URL/verify/{confirmCode} (with /ru or /pt-br first).
 */
export function linkTo(deps: Pick<AppDeps, "config">, locale: string, path: string): string {
  return deps.config.publicUrl + localePath(path, contentLocale(locale));
}

export function sendSmsCode(deps: Pick<AppDeps, "sms">, to: string, code: string, locale: string) {
  return deps.sms.send({ to, text: text(locale, "smsCode", { code }) });
}

export function sendEmailCode(deps: Pick<AppDeps, "mailer">, to: string, code: string, locale: string) {
  return deps.mailer.send({
    to,
    subject: text(locale, "emailCodeSubject"),
    text: text(locale, "emailCodeText", { code }),
  });
}

/** An e-mail whose text carries a link to one of the site's pages (`{link}` in the text), in `locale`. */
function sendLinkMail(
  deps: Pick<AppDeps, "mailer" | "config">,
  to: string,
  locale: string,
  path: string,
  message: { subject: TextKey; text: TextKey },
) {
  const link = linkTo(deps, locale, path);
  return deps.mailer.send({
    to,
    subject: text(locale, message.subject),
    text: text(locale, message.text, { link }),
  });
}

export function sendResetLink(
  deps: Pick<AppDeps, "mailer" | "config">,
  to: string,
  token: string,
  locale: string,
) {
  return sendLinkMail(deps, to, locale, `/password-reset/${token}`, {
    subject: "resetSubject",
    text: "resetText",
  });
}

export function sendVerifyLink(
  deps: Pick<AppDeps, "mailer" | "config">,
  to: string,
  token: string,
  locale: string,
) {
  return sendLinkMail(deps, to, locale, `/verify/${token}`, { subject: "verifySubject", text: "verifyText" });
}
