import { useNavigate } from "react-router";
import { KeyIcon } from "~/components/ui/page-icons";
import { ResetPasswordForm } from "~/features/auth/ResetPasswordForm";
import { BRAND } from "~/features/shell/brand";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { routeLocale } from "~/lib/locale";
import { sessionLost } from "~/lib/session/session";
import { sessionStore } from "~/lib/session/store";
import type { Route } from "./+types/password-reset";

export function loader({ params, request }: Route.LoaderArgs) {
  return { locale: routeLocale(params, request) };
}

export const meta: Route.MetaFunction = () => [{ title: BRAND.name }, { name: "robots", content: "noindex" }];

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
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-surface-3 text-accent">
            <KeyIcon size={22} />
          </span>
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
