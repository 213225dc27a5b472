import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import type { LoginBody } from "#common/api/player";
import { Button } from "~/components/ui/Button";
import { FormMessage, PasswordField, TextField } from "~/components/ui/Field";
import { useAction, useSubmit } from "~/components/ui/form";
import { SignInIcon, WalletIcon } from "~/components/ui/icons";
import { KeyIcon, PhoneIcon } from "~/components/ui/page-icons";
import { Tabs } from "~/components/ui/Tabs";
import { trackingFields } from "~/features/analytics/tracking";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { startSession } from "~/lib/session/session";
import { ModalFrame } from "~/modals/ModalFrame";
import { useModals } from "~/modals/use-modal";
import { flow } from "../flow";
import { AuthForm } from "../forms/AuthForm";
import { OtherWaysIn } from "../forms/OtherWaysIn";
import { PhoneCodeRequest } from "../forms/PhoneCodeRequest";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";
import { sendLoginCode } from "./GetCode";

const FIELDS = fieldsOf({ login: true, password: { required: true } });
// Signing in judges presence only: a length rule would say more than "wrong login or password".
FIELDS.password = { required: true, rules: [{ name: "required" }] };

type Values = { login: string; password: string };
type Way = "password" | "code";

// The wallet's pieces load only for the few who need them, not with every sign-in.
const RestrictedWithdrawal = lazy(() =>
  import("~/features/wallet/RestrictedWithdrawal").then((m) => ({ default: m.RestrictedWithdrawal })),
);

/** The refusals of a player's own break or self-exclusion: they may still withdraw (decision 0011). */
const RESTRICTED = ["self_excluded", "cooling_off"];

/**
 * A withdrawal token for the credentials in the form. Made by a guest, so it goes without a session: its
 * refusals (a wrong password) are the form's, not a lost session.
 */
const withdrawalSession = (body: LoginBody) => api().post("/player/restricted-withdrawal/session", body);

/**
 * `?sign-in=true`: e-mail or phone and password, or a phone and an SMS code (the code in get-code, decision
 * 0058); links to password recovery and registration. A player on a break or self-excluded is refused with the
 * end date and offered the one thing still open: withdrawing the balance, in this modal, with the credentials
 * they just typed.
 */
export default function SignIn() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const messages = useRuleMessages();
  const [way, setWay] = useState<Way>("password");
  const form = useForm<Values>({
    resolver: rulesResolver(FIELDS, messages),
    defaultValues: { login: "", password: "" },
  });
  const { isSubmitting } = form.formState;
  const [restricted, setRestricted] = useState(false);
  // The withdrawal token lives here, in memory only: never in the cookie or storage.
  const [withdrawalToken, setWithdrawalToken] = useState<string>();
  const open = useAction(t("auth.failed"));

  const credentials = (): LoginBody => {
    const values = form.getValues();
    return { login: values.login.trim(), password: values.password };
  };

  const { submit, failure } = useSubmit(form, t("auth.failed"), async () => {
    setRestricted(false);
    try {
      // The visitor fingerprint goes with a login (spec point 7); never with the withdrawal token below.
      const session = await api().post("/player/sessions", {
        ...credentials(),
        ...(await trackingFields()),
      });
      await startSession(session);
      modals.swap(["sign-in", "sign-up"]);
    } catch (err) {
      if (err instanceof ApiRequestError && RESTRICTED.includes(String(err.body.code))) setRestricted(true);
      throw err;
    }
  });

  const renew = async () => (await withdrawalSession(credentials())).accessToken;

  if (withdrawalToken)
    return (
      <ModalFrame
        icon={<WalletIcon size={22} />}
        title={t("restricted-withdrawal.title")}
        description={t("restricted-withdrawal.description")}
      >
        <Suspense fallback={<div className="h-28 animate-pulse rounded-xl bg-surface-2" aria-busy="true" />}>
          <RestrictedWithdrawal token={withdrawalToken} renew={renew} />
        </Suspense>
      </ModalFrame>
    );

  return (
    <ModalFrame
      icon={<SignInIcon size={22} />}
      title={t("sign-in.title")}
      description={way === "password" ? t("sign-in.description") : t("sign-in.descriptionCode")}
    >
      <Tabs
        value={way}
        onChange={setWay}
        label={t("sign-in.way")}
        className="mb-5"
        items={[
          { value: "password", label: t("sign-in.byPassword"), icon: <KeyIcon size={16} /> },
          { value: "code", label: t("sign-in.byCode"), icon: <PhoneIcon size={16} /> },
        ]}
      />
      {way === "code" ? (
        <CodeRequest />
      ) : (
        <AuthForm
          onSubmit={submit}
          failure={failure}
          busy={isSubmitting}
          submit={t("sign-in.submit")}
          after={
            restricted ? (
              <div className="flex flex-col gap-3" data-testid="restricted-offer">
                <FormMessage tone="info">{t("restricted-withdrawal.offer")}</FormMessage>
                <FormMessage>{open.failure}</FormMessage>
                <Button
                  variant="secondary"
                  disabled={open.busy}
                  data-testid="restricted-withdraw"
                  onClick={() => open.run(async () => setWithdrawalToken(await renew()))}
                >
                  <WalletIcon size={18} /> {t("restricted-withdrawal.action")}
                </Button>
              </div>
            ) : (
              <OtherWaysIn from="sign-in" />
            )
          }
        >
          <TextField name="login" form={form} autoComplete="username" inputMode="email" autoFocus />
          <div>
            <PasswordField name="password" form={form} />
            <Button
              variant="link"
              className="mt-2 text-sm"
              onClick={() => modals.swap(["sign-in"], "forgot-pass")}
            >
              {t("sign-in.forgot")}
            </Button>
          </div>
        </AuthForm>
      )}
    </ModalFrame>
  );
}

/**
 * The SMS-code way in: the phone, then the code in get-code. The same step follows whether or not the number
 * is an account's, as the server answers the same.
 */
function CodeRequest() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  return (
    <PhoneCodeRequest
      hint={t("sign-in.codeHint")}
      after={<OtherWaysIn from="sign-in" />}
      send={async (phone, locale) => {
        const sent = await sendLoginCode(phone, locale);
        flow.phoneLogin = { phone, expiresIn: sent.expiresIn, sentAt: Date.now() };
        modals.open("get-code", "phone-login");
      }}
    />
  );
}
