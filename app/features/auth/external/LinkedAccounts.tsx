import { useCallback, useEffect, useRef, useState } from "react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { Card, CardRow } from "~/components/ui/Card";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { linkExternal, loadSocialProviders, type SocialConnection, type SocialProviders } from "./client";
import { toExternalError } from "./errors";

type Load = { state: "loading" } | { state: "error" } | { state: "ready"; connections: SocialConnection[] };

/** What a refused link or unlink means to the player; the server's codes of decision 0005. */
function problemKey(err: unknown): string {
  if (err instanceof ApiRequestError) {
    const code = String(err.body.code);
    if (["last_login_method", "identity_taken", "already_linked"].includes(code))
      return `linked.errors.${code}`;
    return "linked.errors.generic";
  }
  return `external.errors.${toExternalError(err).code}`;
}

/**
 * The player's linked sign-in methods (spec point 7): every configured OpenID provider and Telegram, each
 * linked or not, with link and unlink. Unlinking the last way in is refused by the server and said here.
 */
export function LinkedAccounts() {
  const { t } = useTranslation("modals");
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [config, setConfig] = useState<SocialProviders>();
  const [busy, setBusy] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const [problem, setProblem] = useState<string>();

  const reload = useCallback(() => {
    setLoad({ state: "loading" });
    Promise.all([api().get("/player/social-connections"), loadSocialProviders()])
      .then(([r, c]) => {
        setConfig(c);
        setLoad({ state: "ready", connections: r.data });
      })
      .catch(() => setLoad({ state: "error" }));
  }, []);
  useEffect(reload, [reload]);

  const act = async (id: string, run: () => Promise<SocialConnection[]>) => {
    setBusy(id);
    setProblem(undefined);
    try {
      setLoad({ state: "ready", connections: await run() });
      setConfirming(undefined);
    } catch (err) {
      setProblem(problemKey(err));
    } finally {
      setBusy(undefined);
    }
  };
  const unlink = (socialType: string) =>
    act(socialType, () =>
      api()
        .post("/player/social-connections/unlink", { socialType })
        .then((r) => r.data),
    );

  const methods = [
    ...(config?.providers ?? []).map((p) => ({ id: p.id, name: p.name, provider: p })),
    ...(config?.telegram ? [{ id: "telegram", name: "Telegram", provider: undefined }] : []),
  ];

  return (
    <Card title={t("linked.title")} description={t("linked.description")} testId="linked-accounts">
      {load.state === "loading" ? (
        <div className="grid gap-3" aria-busy="true">
          {[0, 1].map((i) => (
            <div key={i} className="h-14 animate-pulse rounded-xl bg-surface-2" />
          ))}
        </div>
      ) : load.state === "error" ? (
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="text-danger">{t("linked.loadFailed")}</span>
          <Button variant="secondary" size="sm" onClick={reload}>
            {t("linked.retry")}
          </Button>
        </div>
      ) : methods.length === 0 ? (
        <p className="text-sm text-muted">{t("linked.none")}</p>
      ) : (
        <div>
          {methods.map((m) => {
            const linked = load.connections.find((c) => c.socialType === m.id);
            return (
              <CardRow
                key={m.id}
                testId="linked-account"
                icon={<span className="text-sm font-black">{m.name.slice(0, 1)}</span>}
                label={m.name}
                value={linked ? (linked.displayName ?? t("linked.linked")) : t("linked.notLinked")}
                status={linked ? <Badge tone="ok">{t("linked.linked")}</Badge> : undefined}
                action={
                  linked ? (
                    confirming === m.id ? (
                      <span className="flex gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          className="border-danger/50 text-danger"
                          disabled={busy !== undefined}
                          onClick={() => void unlink(m.id)}
                          data-testid="unlink-confirm"
                        >
                          {t("linked.unlinkConfirm")}
                        </Button>
                        <Button variant="secondary" size="sm" onClick={() => setConfirming(undefined)}>
                          {t("linked.cancel")}
                        </Button>
                      </span>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy !== undefined}
                        onClick={() => setConfirming(m.id)}
                        data-testid="unlink"
                        data-provider={m.id}
                      >
                        {t("linked.unlink")}
                      </Button>
                    )
                  ) : m.provider ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy !== undefined}
                      onClick={() => {
                        const p = m.provider;
                        if (p) void act(m.id, () => linkExternal(p));
                      }}
                      data-testid="link"
                      data-provider={m.id}
                    >
                      {busy === m.id ? t("external.busy") : t("linked.link")}
                    </Button>
                  ) : config?.telegram ? (
                    <TelegramLoginWidget
                      bot={config.telegram.botUsername}
                      onAuth={(payload) =>
                        void act("telegram", () =>
                          api()
                            .post("/player/social-connections/telegram", {
                              payload,
                            })
                            .then((r) => r.data),
                        )
                      }
                    />
                  ) : undefined
                }
              />
            );
          })}
          {problem && (
            <p role="alert" className="mt-3 text-sm text-danger" data-testid="linked-problem">
              {t(problem)}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

type WidgetWindow = Window & { onTelegramLinkAuth?: (user: Record<string, unknown>) => void };

/**
 * Telegram's Login Widget (its script from telegram.org draws the button); its answer is checked by the
 * server's hash check. Loaded only when the player asks, so the profile never waits for telegram.org.
 */
function TelegramLoginWidget({ bot, onAuth }: { bot: string; onAuth: (p: Record<string, unknown>) => void }) {
  const { t } = useTranslation("modals");
  const slot = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open || !slot.current) return;
    (window as WidgetWindow).onTelegramLinkAuth = onAuth;
    const script = document.createElement("script");
    script.src = "https://telegram.org/js/telegram-widget.js?22";
    script.async = true;
    script.dataset.telegramLogin = bot;
    script.dataset.size = "medium";
    script.dataset.onauth = "onTelegramLinkAuth(user)";
    script.dataset.requestAccess = "write";
    slot.current.replaceChildren(script);
  }, [open, bot, onAuth]);
  return open ? (
    <span ref={slot} className="min-h-10" />
  ) : (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => setOpen(true)}
      data-testid="link"
      data-provider="telegram"
    >
      {t("linked.link")}
    </Button>
  );
}
