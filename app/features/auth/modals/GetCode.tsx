import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { RegisterPhoneBody } from "#common/api/player";
import { FormMessage, SecondaryButton } from "~/components/ui/Field";
import { serverErrors, useSubmit } from "~/components/ui/form";
import { PhoneIcon } from "~/components/ui/page-icons";
import { trackRegistration, trackSignUpLeft } from "~/features/analytics/runtime";
import { trackingFields } from "~/features/analytics/tracking";
import { useShellLocale } from "~/features/shell/nav";
import { affiliateTag, referralCode } from "~/lib/affiliate";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { startSession } from "~/lib/session/session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useModals } from "~/modals/use-modal";
import { flow } from "../flow";
import { CodeForm } from "../forms/AuthForm";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";

const FIELDS = fieldsOf({ code: true });
/** A new code may be asked for this long after the last one. */
export const RESEND_AFTER_S = 60;

/** Seconds left before `sentAt + wait`, ticking. */
export function useCountdown(sentAt: number | undefined, wait = RESEND_AFTER_S): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return sentAt ? Math.max(0, Math.ceil((sentAt + wait * 1000 - now) / 1000)) : 0;
}

/**
 * `?get-code=phone-register`: the SMS code that finishes a phone registration started in sign-up.
 * `?get-code=phone-login`: the SMS code a phone account signs in with, asked for in sign-in (decision 0058).
 */
export default function GetCode({ value }: ModalProps) {
  return value === "phone-login" ? <LoginCode /> : <RegistrationCode />;
}

/**
 * The code that signs a phone account in. Whether the number is an account's is never said: a number that is
 * not gets no SMS, and any code typed for it is "wrong or expired".
 */
function LoginCode() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const locale = useShellLocale();
  const pending = flow.phoneLogin;
  return (
    <PendingCode
      pending={pending}
      expired={t("get-code.expiredSignIn")}
      startAgain="sign-in"
      submitLabel={t("get-code.signIn")}
      resend={(phone) => sendLoginCode(phone, locale)}
      verify={async (code) => {
        if (!pending) return;
        const session = await api().post("/player/sessions/phone", {
          phone: pending.phone,
          code,
          locale,
          ...(await trackingFields()),
        });
        flow.phoneLogin = undefined;
        await startSession(session);
        modals.swap(["get-code", "sign-in", "sign-up"]);
      }}
    />
  );
}

/** Asks for a sign-in code for a phone; the answer is the same whether or not the number is an account's. */
export const sendLoginCode = (phone: string, locale: string) =>
  api().post("/player/sessions/phone/code", { phone, locale });

/**
 * The code that finishes a phone registration. On success the player is logged in, the success-registration
 * alert shows and the registration modals close.
 */
function RegistrationCode() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const locale = useShellLocale();
  const pending = flow.phoneRegistration;
  // The phone registration left before its code was accepted: the funnel's regnotfin.
  useEffect(
    () => () => {
      if (flow.phoneRegistration) trackSignUpLeft();
    },
    [],
  );
  return (
    <PendingCode
      pending={pending}
      expired={t("get-code.expired")}
      startAgain="sign-up"
      submitLabel={t("get-code.submit")}
      resend={async (phone) => {
        // The country's fields are judged on every send, so they go again.
        const sent = await api().post("/player/register/phone", { phone, ...pending?.extra });
        if (!("expiresIn" in sent)) throw new Error("The code request answered a session");
        return sent;
      }}
      verify={async (code) => {
        if (!pending) return;
        const body: RegisterPhoneBody & { locale: string } = {
          phone: pending.phone,
          code,
          password: pending.password,
          bonusCode: pending.bonusCode,
          ...pending.extra,
          agreements: true,
          affiliateTag: affiliateTag(),
          referralCode: referralCode(),
          locale,
        };
        const session = await api().post("/player/register/phone", {
          ...body,
          ...(await trackingFields()),
        });
        // With its code the call registers and answers the session (201); without, it sends a code (200).
        if (!("profile" in session)) throw new Error("The registration answered without a session");
        flow.phoneRegistration = undefined;
        trackRegistration(session.profile.id);
        await startSession(session);
        alert.success("success-registration");
        modals.swap(["get-code", "sign-up", "sign-in"]);
      }}
    />
  );
}

/**
 * The code step both flows share: the code field, the resend countdown, and what to do when the flow's state
 * is gone (a reload): say so and offer to start again in `startAgain`.
 */
function PendingCode({
  pending,
  expired,
  startAgain,
  submitLabel,
  resend,
  verify,
}: {
  pending: { phone: string; sentAt: number; expiresIn: number } | undefined;
  expired: string;
  startAgain: string;
  submitLabel: string;
  resend: (phone: string) => Promise<{ expiresIn: number }>;
  verify: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const messages = useRuleMessages();
  const [sentAt, setSentAt] = useState(pending?.sentAt);
  const left = useCountdown(sentAt);
  const [info, setInfo] = useState<string>();
  const form = useForm<{ code: string }>({
    resolver: rulesResolver(FIELDS, messages),
    defaultValues: { code: "" },
  });
  const { submit, failure, setFailure } = useSubmit(form, t("auth.failed"), ({ code }) => verify(code));

  const sendAgain = async () => {
    if (!pending) return;
    setFailure(undefined);
    try {
      const sent = await resend(pending.phone);
      pending.sentAt = Date.now();
      pending.expiresIn = sent.expiresIn;
      setSentAt(pending.sentAt);
      setInfo(t("get-code.resent"));
    } catch (err) {
      setFailure(serverErrors(err, [], () => {}, t("auth.failed")));
    }
  };

  return (
    <ModalFrame
      icon={<PhoneIcon size={22} />}
      title={t("get-code.title")}
      description={pending && t("get-code.description", { phone: pending.phone })}
    >
      {!pending ? (
        <>
          <FormMessage tone="info">{expired}</FormMessage>
          <div className="mt-4">
            <SecondaryButton onClick={() => modals.swap(["get-code"], startAgain)}>
              {t("get-code.startAgain")}
            </SecondaryButton>
          </div>
        </>
      ) : (
        <CodeForm
          form={form}
          onSubmit={submit}
          failure={failure}
          note={info}
          submit={submitLabel}
          expiresIn={pending.expiresIn}
          left={left}
          onChangeNumber={() => modals.swap(["get-code"])}
          onResend={sendAgain}
        />
      )}
    </ModalFrame>
  );
}
