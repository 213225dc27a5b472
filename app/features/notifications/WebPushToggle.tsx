import { useEffect, useState } from "react";
import { Toggle } from "~/components/ui/Choice";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { notificationApi } from "./api";

type State = "loading" | "unsupported" | "off-server" | "denied" | "on" | "off";

/** The service worker's address: public/sw.js, served at the site's root so its scope is the whole site. */
const SW_URL = "/sw.js";

const supported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** base64url → bytes, for PushManager.subscribe's applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * The browser-notifications opt-in (/profile/settings/notifications): registers the service worker, subscribes
 * with the server's VAPID key and hands the subscription to the server (one per device). Shown only when both
 * the browser and the server can do it, so the switch never promises what will not come.
 */
export function WebPushToggle() {
  const { t } = useTranslation("layout");
  const [state, setState] = useState<State>("loading");
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported()) {
      setState("unsupported");
      return;
    }
    let gone = false;
    (async () => {
      const publicKey = await notificationApi.webPushKey().catch(() => null);
      if (gone) return;
      if (!publicKey) return setState("off-server");
      setKey(publicKey);
      if (Notification.permission === "denied") return setState("denied");
      const registration = await navigator.serviceWorker.getRegistration(SW_URL);
      const sub = await registration?.pushManager.getSubscription();
      if (!gone) setState(sub ? "on" : "off");
    })().catch(() => !gone && setState("off"));
    return () => {
      gone = true;
    };
  }, []);

  if (state === "loading" || state === "unsupported" || state === "off-server") return null;

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      const registration = await navigator.serviceWorker.register(SW_URL);
      await navigator.serviceWorker.ready;
      if (on) {
        const permission = await Notification.requestPermission();
        if (permission !== "granted") {
          setState(permission === "denied" ? "denied" : "off");
          return;
        }
        const sub =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(key!),
          }));
        await notificationApi.subscribe(sub.toJSON());
        setState("on");
      } else {
        const sub = await registration.pushManager.getSubscription();
        if (sub) {
          await notificationApi.unsubscribe(sub.endpoint).catch(() => undefined);
          await sub.unsubscribe();
        }
        setState("off");
      }
    } catch {
      alert.error("something-wrong");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Toggle
      testId="toggle-web-push"
      checked={state === "on"}
      disabled={busy || state === "denied"}
      onChange={(v) => void change(v)}
      label={t("notifications.browser")}
      description={state === "denied" ? t("notifications.browserDenied") : t("notifications.browserHint")}
    />
  );
}
