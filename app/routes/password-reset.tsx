import { useNavigate } from "react-router";
import { IconTile } from "~/components/ui/IconTile";
import { KeyIcon } from "~/components/ui/page-icons";
import { ResetPasswordForm } from "~/features/auth/ResetPasswordForm";
import { privatePageMeta } from "~/features/content/private-meta";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { localeLoader } from "~/lib/locale";
import { sessionLost } from "~/lib/session/session";
import { sessionStore } from "~/lib/session/store";
import type { Route } from "./+types/password-reset";

export const loader = localeLoader;

export const meta = privatePageMeta;

/**
 * /password-reset/{resetCode}: the e-mailed reset link. A new password closes every session of the player on
 * the server, this browser's too, so the page ends with sign-in.
 */
export default function PasswordReset({ params }: Route.ComponentProps) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const navigate = useNavigate();
  const done = () => {
    if (sessionStore.getState().loggedIn) sessionLost();
    else navigate(href("/?sign-in=true"));
  };
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <section
        data-testid="password-reset-page"
        className="w-full max-w-md rounded-3xl border border-line bg-surface p-6 shadow-[0_30px_80px_-40px_rgba(0,0,0,0.8)] sm:p-8"
      >
        <div className="mb-6 flex items-start gap-3">
          <IconTile size="lg" className="bg-surface-3 text-accent" icon={KeyIcon} />
          <div>
            <h1 className="text-xl font-bold">{t("reset-pass.pageTitle")}</h1>
            <p className="mt-1 text-sm leading-relaxed text-muted">{t("reset-pass.description")}</p>
          </div>
        </div>
        <ResetPasswordForm resetCode={params.resetCode} onDone={done} />
      </section>
    </div>
  );
}
