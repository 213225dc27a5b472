import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { trackingFields } from "~/features/analytics/tracking";
import { privatePageMeta } from "~/features/content/private-meta";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { startSession } from "~/lib/session/session";
import { StatusCard } from "./verify";

export const meta = privatePageMeta;

/** Only a path on this site: an auto-login link must not send the player elsewhere. */
const localTarget = (v: string | null) => (v && /^\/(?!\/)/.test(v) ? v : undefined);

/**
 * /auth/autologin?token=…: logs in with a one-time login token (POST /api/player/sessions/token) and goes on to
 * `redirect` or home. The preloader stays up while a `state` value is in the address (spec point 2).
 */
export default function AutoLogin() {
  const { t } = useTranslation("layout");
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const href = useLocalePath();
  const [failed, setFailed] = useState(false);
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    const token = query.get("token");
    if (!token) {
      setFailed(true);
      return;
    }
    trackingFields()
      .then(({ fingerprint }) => api().post("/player/sessions/token", { token, fingerprint }))
      .then(async (session) => {
        await startSession(session);
        navigate(localTarget(query.get("redirect")) ?? href("/"), { replace: true });
      })
      .catch(() => {
        setFailed(true);
        // Drop the spent token (and `state`, which holds the preloader) from the address.
        navigate("/auth/autologin", { replace: true });
      });
  }, [query, navigate, href]);

  return (
    <StatusCard
      testId="autologin"
      tone={failed ? "error" : "busy"}
      title={failed ? t("autologin.failedTitle") : t("autologin.title")}
      text={failed ? t("autologin.failedText") : undefined}
    >
      {failed && (
        <Link to={href("/?sign-in=true")} className={buttonClass("primary")}>
          {t("header.signIn")}
        </Link>
      )}
    </StatusCard>
  );
}
