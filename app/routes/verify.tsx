import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Field";
import { IconTile } from "~/components/ui/IconTile";
import { MailIcon } from "~/components/ui/icons";
import { CheckIcon, WarningIcon } from "~/components/ui/page-icons";
import { privatePageMeta } from "~/features/content/private-meta";
import { useLocalePath } from "~/features/shell/nav";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { localeLoader } from "~/lib/locale";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";
import { useLoggedIn } from "~/lib/session/use-session";
import type { Route } from "./+types/verify";

export const loader = localeLoader;

export const meta = privatePageMeta;

/**
 * /verify/{confirmCode}: the e-mailed verification link. The code is spent in the browser (a link preview or
 * prefetch fetching the page must not use it up), then the profile is refreshed when the player is logged in.
 */
export default function Verify({ params }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const loggedIn = useLoggedIn();
  const [state, setState] = useState<"working" | "done" | "failed">("working");
  const [message, setMessage] = useState<string>();
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    api()
      .post("/player/profile/email/verify/confirm", { code: params.confirmCode })
      .then(async () => {
        setState("done");
        if (loggedIn) setProfile(await api().get("/player/profile"));
      })
      .catch((err) => {
        setState("failed");
        if (err instanceof ApiRequestError && err.status < 500)
          setMessage(err.body.errors?.code?.[0] ?? err.body.message);
      });
  }, [params.confirmCode, loggedIn]);

  return (
    <StatusCard
      testId="verify-page"
      tone={state === "done" ? "ok" : state === "failed" ? "error" : "busy"}
      title={t(`verifyPage.${state}.title`)}
      text={message ?? t(`verifyPage.${state}.text`)}
    >
      {/* Verified and signed in, a new player's next step is the first deposit; the profile comes second. */}
      {state === "done" && loggedIn && (
        <>
          <Link to={href("/?wallet=deposit")} className={buttonClass("primary")} data-testid="verify-deposit">
            {t("verifyPage.deposit")}
          </Link>
          <Link to={href("/profile/info")} className={buttonClass("secondary", "sm")}>
            {t("verifyPage.toProfile")}
          </Link>
        </>
      )}
      {/* A link that failed: a new one is asked for from the profile. */}
      {state === "failed" && loggedIn && (
        <Link to={href("/profile/info")} className={buttonClass("primary")}>
          {t("verifyPage.toProfile")}
        </Link>
      )}
      {state !== "working" && !loggedIn && (
        <Link to={href("/?sign-in=true")} className={buttonClass("primary")}>
          {t("verifyPage.signIn")}
        </Link>
      )}
    </StatusCard>
  );
}

export function StatusCard({
  tone,
  title,
  text,
  children,
  testId,
}: {
  tone: "ok" | "error" | "busy" | "info";
  title: string;
  text?: string;
  children?: React.ReactNode;
  testId?: string;
}) {
  const icon =
    tone === "ok" ? (
      <IconTile size="2xl" className="bg-accent text-accent-fg" icon={CheckIcon} />
    ) : tone === "error" ? (
      <IconTile size="2xl" className="bg-danger/15 text-danger" icon={WarningIcon} />
    ) : (
      <IconTile size="2xl" className="bg-surface-3 text-accent">
        {tone === "busy" ? <Spinner className="size-7 border-[3px]" /> : <MailIcon size={30} />}
      </IconTile>
    );
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <section
        data-testid={testId}
        data-state={tone}
        aria-live="polite"
        className="w-full max-w-md rounded-3xl border border-line bg-surface p-7 text-center shadow-[0_30px_80px_-40px_rgba(0,0,0,0.8)] sm:p-9"
      >
        <div className="flex justify-center">{icon}</div>
        <h1 className="mt-5 text-2xl font-bold text-balance">{title}</h1>
        {text && <p className="mt-3 leading-relaxed text-muted">{text}</p>}
        {children && <div className="mt-7 flex flex-col gap-2">{children}</div>}
      </section>
    </div>
  );
}
