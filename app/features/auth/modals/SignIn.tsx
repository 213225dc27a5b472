import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { LoginBody, SessionResponse } from "#common/api/player";
import { PasswordField, TextField } from "~/components/ui/Field";
import { useSubmit } from "~/components/ui/form";
import { SignInIcon } from "~/components/ui/icons";
import { api } from "~/lib/session/client";
import { startSession } from "~/lib/session/session";
import { ModalFrame } from "~/modals/ModalFrame";
import { useModals } from "~/modals/use-modal";
import { AuthForm } from "../forms/AuthForm";
import { OtherWaysIn } from "../forms/OtherWaysIn";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";

const FIELDS = fieldsOf({ login: true, password: { required: true } });
// Signing in judges presence only: a length rule would say more than "wrong login or password".
FIELDS.password = { required: true, rules: [{ name: "required" }] };

type Values = { login: string; password: string };

/** `?sign-in=true`: e-mail or phone and password; links to password recovery and registration. */
export default function SignIn() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const messages = useRuleMessages();
  const form = useForm<Values>({
    resolver: rulesResolver(FIELDS, messages),
    defaultValues: { login: "", password: "" },
  });
  const { isSubmitting } = form.formState;

  const { submit, failure } = useSubmit(form, t("auth.failed"), async (values) => {
    const body: LoginBody = { login: values.login.trim(), password: values.password };
    const session = await api().post<SessionResponse>("/player/sessions", body);
    await startSession(session);
    modals.swap(["sign-in", "sign-up"]);
  });

  return (
    <ModalFrame
      icon={<SignInIcon size={22} />}
      title={t("sign-in.title")}
      description={t("sign-in.description")}
    >
      <AuthForm
        onSubmit={submit}
        failure={failure}
        busy={isSubmitting}
        submit={t("sign-in.submit")}
        after={<OtherWaysIn from="sign-in" />}
      >
        <TextField name="login" form={form} autoComplete="username" inputMode="email" autoFocus />
        <div>
          <PasswordField name="password" form={form} />
          <button
            type="button"
            onClick={() => modals.swap(["sign-in"], "forgot-pass")}
            className="mt-2 text-sm font-semibold text-accent hover:underline"
          >
            {t("sign-in.forgot")}
          </button>
        </div>
      </AuthForm>
    </ModalFrame>
  );
}
