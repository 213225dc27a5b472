import { useEffect, useState } from "react";
import { Pressable } from "~/components/ui/Button";
import { isMessengerActive } from "~/features/messenger/state";
import { useTranslation } from "~/lib/i18n-react";
import { type ExternalMode, type ExternalProvider, externalSignIn, loadSocialProviders } from "./client";
import { type ExternalLoginError, toExternalError } from "./errors";

/** Phones and the messenger sign in by redirect (popups are poor there); desktops keep the page and use a popup. */
function preferredMode(): ExternalMode {
  if (isMessengerActive()) return "redirect";
  const small = window.matchMedia("(max-width: 639px), (pointer: coarse)").matches;
  return small ? "redirect" : "popup";
}

/** The configured providers, or none while they load or when none is configured (no empty section then). */
export function useExternalProviders(): ExternalProvider[] {
  const [providers, setProviders] = useState<ExternalProvider[]>([]);
  useEffect(() => {
    let live = true;
    loadSocialProviders()
      .then((r) => live && setProviders(r.providers))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

/**
 * "Continue with …" for every configured OpenID provider, under the sign-in and sign-up forms. A popup that
 * the browser blocks falls back to the redirect.
 */
export function ExternalLogin({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("modals");
  const providers = useExternalProviders();
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<ExternalLoginError>();
  if (providers.length === 0) return null;

  const start = async (p: ExternalProvider) => {
    setBusy(p.id);
    setFailure(undefined);
    const returnTo = `${window.location.pathname}${window.location.search}`.replace(
      /[?&]sign-(in|up)=true/,
      "",
    );
    let mode = preferredMode();
    try {
      try {
        await externalSignIn(p, mode, returnTo);
      } catch (err) {
        // A blocked popup never opened: the redirect needs no window of its own.
        if (mode === "popup" && toExternalError(err).code === "popup_blocked") {
          mode = "redirect";
          await externalSignIn(p, mode, returnTo);
        } else throw err;
      }
      if (mode === "popup") onDone();
    } catch (err) {
      setFailure(toExternalError(err));
    } finally {
      if (mode === "popup") setBusy(undefined);
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="external-login">
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        {t("external.or")}
        <span className="h-px flex-1 bg-line" />
      </div>
      {providers.map((p) => (
        <Pressable
          key={p.id}
          disabled={busy !== undefined}
          onClick={() => void start(p)}
          data-testid="external-login-button"
          data-provider={p.id}
          className="flex h-12 items-center justify-center gap-3 rounded-xl border border-line bg-surface-2 text-sm font-semibold transition hover:border-accent/60 hover:bg-surface-3 disabled:opacity-60"
        >
          <span
            aria-hidden="true"
            className="grid size-6 place-items-center rounded-full bg-fg text-xs font-black text-bg"
          >
            {p.name.slice(0, 1)}
          </span>
          {busy === p.id ? t("external.busy") : t("external.continueWith", { name: p.name })}
        </Pressable>
      ))}
      {failure && (
        <p
          role="alert"
          className="text-sm text-danger"
          data-testid="external-login-error"
          data-code={failure.code}
        >
          {t(`external.errors.${failure.code}`, { defaultValue: failure.message })}
        </p>
      )}
    </div>
  );
}
