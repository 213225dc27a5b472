import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { RegisterBody } from "#common/api/player";
import type { FieldValidation } from "#common/validation/rules";
import { parsePhone } from "#common/validation/rules";
import { Button } from "~/components/ui/Button";
import { CheckboxField, NewPasswordFields, PhoneField, TextField } from "~/components/ui/Field";
import { useSubmit } from "~/components/ui/form";
import { UserIcon } from "~/components/ui/icons";
import { trackRegistration, trackSignUpLeft } from "~/features/analytics/runtime";
import { trackingFields } from "~/features/analytics/tracking";
import { BONUS_CODE_INPUT } from "~/features/bonuses/code-input";
import { useLocalePath, useShellLocale } from "~/features/shell/nav";
import { affiliateTag, referralCode } from "~/lib/affiliate";
import { alert } from "~/lib/alerts";
import { Trans, useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { startSession } from "~/lib/session/session";
import { ModalFrame } from "~/modals/ModalFrame";
import { useModals } from "~/modals/use-modal";
import { flow } from "../flow";
import { type AccountKind, AccountKindTabs } from "../forms/AccountKindTabs";
import { AuthForm } from "../forms/AuthForm";
import { type CountryFieldName, CountryFields, countryFieldsIn, Honeypot } from "../forms/CountryFields";
import { OtherWaysIn } from "../forms/OtherWaysIn";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";
import { useScenario } from "../forms/scenario";

type Values = {
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  agreements: boolean;
  receiveEmailPromo: boolean;
  bonusCode: string;
  receiveBonus: boolean;
  captcha: string;
} & Record<Exclude<CountryFieldName, "receiveBonus">, string>;

const EMAIL_FALLBACK = fieldsOf({
  email: true,
  password: true,
  password_confirmation: true,
  agreements: { required: true, extra: [{ name: "accepted" }] },
});
const PHONE_FIELDS = fieldsOf({
  phone: true,
  password: true,
  password_confirmation: true,
  agreements: { required: true, extra: [{ name: "accepted" }] },
  bonusCode: { required: false, extra: [{ name: "maxLength", max: 50 }] },
});

const EXTRA_DEFAULTS = {
  fullName: "",
  cpf_number: "",
  gender: "",
  nationality: "",
  placeOfBirth: "",
  personalIdNumber: "",
  profession: "",
  additionalAddress: "",
  securityQuestion: "",
  securityAnswer: "",
  receiveBonus: true,
  captcha: "",
};

const pick = (fields: Record<string, FieldValidation>, names: string[]) =>
  Object.fromEntries(Object.entries(fields).filter(([k]) => names.includes(k)));

/**
 * `?sign-up=true`: registration by e-mail or by phone. The e-mail tab's required marks and rules come from the
 * server's registration scenario; the phone tab sends an SMS code and continues in get-code.
 */
export default function SignUp() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const href = useLocalePath();
  const locale = useShellLocale();
  const messages = useRuleMessages();
  const registration = useScenario("registration", EMAIL_FALLBACK);
  const [tab, setTab] = useState<AccountKind>("email");
  // Closed without a finished registration (and not on to the phone code): the funnel's regnotfin.
  useEffect(
    () => () => {
      if (!flow.phoneRegistration) trackSignUpLeft();
    },
    [],
  );
  // The fields the visitor's country's rules add (decision 0061), on either tab.
  const extras = countryFieldsIn(registration);
  const fields =
    tab === "email"
      ? pick(registration, [
          "email",
          "password",
          "password_confirmation",
          "agreements",
          "receiveEmailPromo",
          "bonusCode",
          ...extras,
        ])
      : { ...PHONE_FIELDS, ...pick(registration, extras) };
  const form = useForm<Values>({
    resolver: rulesResolver(fields, messages),
    defaultValues: {
      email: "",
      phone: "",
      password: "",
      password_confirmation: "",
      agreements: false,
      receiveEmailPromo: false,
      bonusCode: "",
      ...EXTRA_DEFAULTS,
    },
  });
  // Bonuses are wanted unless the player unticks the country's "I want to receive bonuses"; without them a
  // bonus code would be given for nothing.
  const wantsBonus = !extras.includes("receiveBonus") || form.watch("receiveBonus");
  /** The extra fields' values as the server takes them: only those the country lists, text trimmed. */
  const extraBody = (v: Values) =>
    Object.fromEntries(
      extras.map((n) => [n, n === "receiveBonus" ? v.receiveBonus : v[n].trim() || undefined]),
    );
  // The code field opens on demand: most players have none, and an empty field would only lengthen the form.
  const [withCode, setWithCode] = useState(false);
  const { isSubmitting } = form.formState;
  const required = (name: string) => fields[name]?.required ?? false;

  const { submit, failure, setFailure } = useSubmit(form, t("auth.failed"), async (v) => {
    if (tab === "email") {
      const body: RegisterBody = {
        email: v.email.trim(),
        password: v.password,
        password_confirmation: v.password_confirmation,
        agreements: v.agreements,
        receiveEmailPromo: v.receiveEmailPromo,
        bonusCode: (wantsBonus && v.bonusCode.trim()) || undefined,
        ...extraBody(v),
        captcha: v.captcha || undefined,
        locale,
        affiliateTag: affiliateTag(),
        referralCode: referralCode(),
      };
      const session = await api().post("/player/register", {
        ...body,
        ...(await trackingFields()),
      });
      trackRegistration(session.profile.id);
      await startSession(session);
      // The verification link went out with the registration: the welcome says where to look (issue 36).
      alert.success("success-registration", {
        params: { context: "email", email: body.email },
        duration: 8000,
      });
      modals.swap(["sign-up", "sign-in"]);
      return;
    }
    const parsed = parsePhone(v.phone);
    const phone = parsed.ok ? parsed.e164 : v.phone.trim();
    const bonusCode = (wantsBonus && v.bonusCode.trim()) || undefined;
    const extra = { ...extraBody(v), captcha: v.captcha || undefined };
    const sent = await api().post("/player/register/phone", { phone, bonusCode, ...extra });
    // Without a code the call only sends one (200); a session (201) needs the code.
    if (!("expiresIn" in sent)) throw new Error("The code request answered a session");
    flow.phoneRegistration = {
      phone,
      password: v.password,
      bonusCode,
      extra,
      expiresIn: sent.expiresIn,
      sentAt: Date.now(),
    };
    modals.open("get-code", "phone-register");
  });

  const switchTab = (next: AccountKind) => {
    setTab(next);
    setFailure(undefined);
    form.clearErrors();
  };
  return (
    <ModalFrame
      icon={<UserIcon size={22} />}
      title={t("sign-up.title")}
      description={t("sign-up.description")}
    >
      <AccountKindTabs value={tab} onChange={switchTab} label={t("sign-up.method")} />
      <AuthForm
        onSubmit={submit}
        failure={failure}
        busy={isSubmitting}
        submit={tab === "email" ? t("sign-up.submit") : t("sign-up.sendCode")}
        after={<OtherWaysIn from="sign-up" />}
      >
        {tab === "email" ? (
          <TextField
            key="email"
            name="email"
            type="email"
            autoComplete="email"
            form={form}
            required={required("email")}
          />
        ) : (
          <PhoneField key="phone" form={form} required={required("phone")} hint={t("sign-up.phoneHint")} />
        )}
        <NewPasswordFields form={form} names={["password", "password_confirmation"]} required={required} />
        <CountryFields fields={fields} form={form} omit={["receiveBonus"]} />
        {"captcha" in registration && <Honeypot form={form} />}
        {!wantsBonus ? null : withCode ? (
          <TextField {...BONUS_CODE_INPUT} form={form} className="uppercase" />
        ) : (
          <Button
            variant="link"
            className="self-start text-sm"
            data-testid="sign-up-have-code"
            onClick={() => setWithCode(true)}
          >
            {t("sign-up.haveCode")}
          </Button>
        )}
        <CheckboxField name="agreements" form={form} testId="agreements">
          <Trans
            t={t}
            i18nKey="sign-up.agreements"
            components={{
              terms: (
                <Link
                  to={href("/static/terms")}
                  target="_blank"
                  className="font-semibold text-accent hover:underline"
                />
              ),
              privacy: (
                <Link
                  to={href("/static/privacy")}
                  target="_blank"
                  className="font-semibold text-accent hover:underline"
                />
              ),
            }}
          />
          {required("agreements") && <span className="text-danger"> *</span>}
        </CheckboxField>
        <CountryFields fields={pick(fields, ["receiveBonus"])} form={form} />
        {tab === "email" && (
          <CheckboxField registration={form.register("receiveEmailPromo")}>
            {t("sign-up.promo")}
          </CheckboxField>
        )}
      </AuthForm>
    </ModalFrame>
  );
}
