import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { parsePhone } from "#common/validation/rules";
import { PhoneField } from "~/components/ui/Field";
import { useSubmit } from "~/components/ui/form";
import { useShellLocale } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { AuthForm } from "./AuthForm";
import { fieldsOf, rulesResolver, useRuleMessages } from "./rules";

const PHONE = fieldsOf({ phone: true });

/**
 * The first step of an SMS code (sign-in by code, forgot-password by phone): the number, checked by the
 * phone rule, then `send` with it in E.164 (or as typed when it does not parse, for the server to judge).
 */
export function PhoneCodeRequest({
  hint,
  after,
  send,
}: {
  hint: string;
  after: ReactNode;
  send: (phone: string, locale: string) => Promise<void>;
}) {
  const { t } = useTranslation("modals");
  const locale = useShellLocale();
  const messages = useRuleMessages();
  const form = useForm<{ phone: string }>({
    resolver: rulesResolver(PHONE, messages),
    defaultValues: { phone: "" },
  });
  const { submit, failure } = useSubmit(form, t("auth.failed"), async ({ phone: typed }) => {
    const parsed = parsePhone(typed);
    await send(parsed.ok ? parsed.e164 : typed.trim(), locale);
  });
  return (
    <AuthForm
      onSubmit={submit}
      failure={failure}
      busy={form.formState.isSubmitting}
      submit={t("sign-up.sendCode")}
      after={after}
    >
      <PhoneField autoFocus required form={form} hint={hint} />
    </AuthForm>
  );
}
