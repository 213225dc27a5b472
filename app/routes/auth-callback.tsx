import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { CALLBACK_PATH, completeCallback } from "~/features/auth/external/client";
import { type ExternalLoginError, toExternalError } from "~/features/auth/external/errors";
import { privatePageMeta } from "~/features/content/private-meta";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { StatusCard } from "./verify";

export const meta = privatePageMeta;

/**
 * /auth/callback: where an OpenID provider sends the player back (spec point 2). After a redirect it finishes
 * the login and goes on to where the player started; in a popup or the silent-renewal frame it hands the
 * answer to the page that opened it. The preloader stays while `code` and `state` are in the address, so the
 * address loses them once the answer is read.
 */
export default function AuthCallback() {
  const { t } = useTranslation("modals");
  const navigate = useNavigate();
  const href = useLocalePath();
  const [failure, setFailure] = useState<ExternalLoginError>();
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    completeCallback(window.location.href)
      .then((done) => {
        if (done !== "handed-over") navigate(done.returnTo, { replace: true });
      })
      .catch((err) => {
        setFailure(toExternalError(err));
        navigate(CALLBACK_PATH, { replace: true });
      });
  }, [navigate]);

  return (
    <StatusCard
      testId="auth-callback"
      tone={failure ? "error" : "busy"}
      title={failure ? t("external.failedTitle") : t("external.busy")}
      text={failure ? t(`external.errors.${failure.code}`, { defaultValue: failure.message }) : undefined}
    >
      {failure && (
        <>
          <p className="text-xs text-muted" data-testid="auth-callback-error" data-code={failure.code}>
            {failure.message}
          </p>
          <Link to={href("/?sign-in=true")} className={buttonClass("primary")}>
            {t("external.tryAgain")}
          </Link>
        </>
      )}
    </StatusCard>
  );
}
