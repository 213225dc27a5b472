import { type FormEvent, useId, useState } from "react";
import type { HelpContent } from "#common/api/content";
import type { SiteLocale } from "#common/i18n/locales";
import { CONTACT_LIMITS, type ContactMessageInput, contactMessageSchema } from "#common/validation/contact";
import { formatMessage, validationMessages } from "#common/validation/messages";
import { fieldErrors } from "#common/validation/text";
import { Button } from "~/components/ui/Button";
import { IconTile } from "~/components/ui/IconTile";
import { NamedIcon } from "~/components/ui/icons";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";

type Field = "name" | "email" | "subject" | "message";
type Status = { state: "editing" | "sending" | "sent" } | { state: "failed"; message: string };

const EMPTY: Record<Field, string> = { name: "", email: "", subject: "", message: "" };

/**
 * The contact form: checked with the same rules and messages as the server before sending, then posted to
 * /api/notification/communications. The server's own field errors (422) and limits (429) are shown too.
 */
export function ContactForm({ locale, texts }: { locale: SiteLocale; texts: HelpContent["contact"] }) {
  const { t } = useTranslation("fields-settings");
  const id = useId();
  const messages = validationMessages(t("validation", { returnObjects: true }));
  const schema = contactMessageSchema(messages);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [status, setStatus] = useState<Status>({ state: "editing" });

  const check = (next: Record<Field, string>) => {
    const result = schema.safeParse({ ...next, locale } satisfies ContactMessageInput);
    return result.success ? {} : fieldErrors(result.error);
  };

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Errors appear once a field has been left, then follow every keystroke: no scolding while typing.
    if (touched[field] || errors[field]) setErrors(check(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values);
    setTouched({ name: true, email: true, subject: true, message: true });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (Object.keys(EMPTY) as Field[]).find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setStatus({ state: "sending" });
    try {
      await api().post("/notification/communications", { ...values, locale });
      setStatus({ state: "sent" });
      setValues(EMPTY);
      setTouched({});
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 422) {
        setErrors(err.body.errors);
        setStatus({ state: "editing" });
      } else if (err instanceof ApiRequestError && err.status === 429) {
        setStatus({ state: "failed", message: t("contactForm.tooMany") });
      } else {
        setStatus({ state: "failed", message: t("contactForm.failed") });
      }
    }
  };

  if (status.state === "sent") {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-3 rounded-card border border-accent/40 bg-accent/8 px-6 py-12 text-center"
      >
        <IconTile size="xl" round className="bg-accent text-accent-fg">
          <NamedIcon name="check" className="size-7" />
        </IconTile>
        <h2 className="text-xl font-bold">{texts.sentTitle}</h2>
        <p className="max-w-md text-muted">{texts.sentText}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => setStatus({ state: "editing" })}
        >
          {texts.sendAnother}
        </Button>
      </div>
    );
  }

  const sending = status.state === "sending";
  const field = (name: Field, multiline = false) => {
    const error = errors[name]?.[0];
    const inputId = `${id}-${name}`;
    const limit = name === "email" ? 254 : CONTACT_LIMITS[name].max;
    const common = {
      id: inputId,
      name,
      value: values[name],
      maxLength: limit,
      placeholder: t(`fields.${name}.placeholder`),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${inputId}-error` : undefined,
      disabled: sending,
      onChange: (e: { target: { value: string } }) => update(name, e.target.value),
      onBlur: () => {
        setTouched((s) => ({ ...s, [name]: true }));
        if (values[name]) setErrors(check(values));
      },
      className: `w-full rounded-xl border bg-bg/60 px-4 py-3 text-[0.95rem] outline-none transition placeholder:text-muted/70 focus:border-accent focus:ring-2 focus:ring-accent/25 disabled:opacity-60 ${error ? "border-danger" : "border-line"}`,
    };
    return (
      <div className={name === "message" || name === "subject" ? "sm:col-span-2" : undefined}>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold">
          {t(`fields.${name}.label`)}
        </label>
        {multiline ? (
          <textarea rows={6} {...common} className={`${common.className} min-h-36 resize-y`} />
        ) : (
          <input
            type={name === "email" ? "email" : "text"}
            autoComplete={name === "name" ? "name" : name === "email" ? "email" : "off"}
            {...common}
          />
        )}
        <div className="mt-1 flex min-h-5 justify-between gap-3 text-xs">
          <span id={`${inputId}-error`} className="text-danger">
            {error}
          </span>
          {multiline ? (
            <span className="shrink-0 text-muted">
              {formatMessage(t("contactForm.charactersLeft"), { count: limit - values[name].length })}
            </span>
          ) : null}
        </div>
      </div>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="rounded-card border border-line bg-surface p-5 sm:p-8">
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {field("name")}
        {field("email")}
        {field("subject")}
        {field("message", true)}
      </div>
      {status.state === "failed" ? (
        <p
          role="alert"
          className="mt-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          {status.message}
        </p>
      ) : null}
      <Button variant="primary" size="lg" className="mt-4 w-full sm:w-auto" type="submit" disabled={sending}>
        {sending ? (
          <span
            className="size-4 animate-spin rounded-full border-2 border-accent-fg/30 border-t-accent-fg"
            aria-hidden="true"
          />
        ) : (
          <NamedIcon name="mail" className="size-4" />
        )}
        {sending ? t("contactForm.sending") : t("contactForm.submit")}
      </Button>
    </form>
  );
}
