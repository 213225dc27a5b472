import type { Profile } from "#common/api/player";
import { CHAT_WIDGET_GLOBAL, CHAT_WIDGET_SCRIPT_PATH, type ChatSiteSettings } from "#common/chat-widget";
import { api } from "~/lib/session/client";

/** The part of a Freshchat-style widget the site uses. */
export interface ChatWidget {
  init(options: {
    token: string;
    host: string;
    externalId?: string;
    restoreId?: string | null;
    firstName?: string;
    email?: string;
  }): void;
  isInitialized?(): boolean;
  open(): void;
  destroy?(): void;
  on(event: string, handler: (resp: { status?: number; data?: { restoreId?: string } }) => void): void;
  user?: { clear(): Promise<unknown> | unknown };
}

declare global {
  interface Window {
    [CHAT_WIDGET_GLOBAL]?: ChatWidget;
  }
}

let script: Promise<ChatWidget> | undefined;
let initialisedFor: string | undefined;

/** Loads the widget's script from its host once (after the first paint: callers wait for the page to be idle). */
export function loadWidgetScript(host: string): Promise<ChatWidget> {
  script ??= new Promise<ChatWidget>((resolve, reject) => {
    const el = document.createElement("script");
    el.src = `${host}${CHAT_WIDGET_SCRIPT_PATH}`;
    el.async = true;
    el.onload = () => {
      const widget = window[CHAT_WIDGET_GLOBAL];
      if (widget) resolve(widget);
      else reject(new Error("the chat widget's script defined no widget"));
    };
    el.onerror = () => reject(new Error("the chat widget's script did not load"));
    document.head.appendChild(el);
  }).catch((err) => {
    script = undefined;
    throw err;
  });
  return script;
}

/**
 * Starts the widget for this visitor (spec points 3, 4, 6): a player by their id (external id) and the restore
 * id saved on their profile, so their conversation follows them; a guest anonymously. A restore id the widget
 * hands out that the profile lacks is saved to the profile (`freshchatRestoreId`); a failed save is only logged.
 */
export async function startWidget(settings: ChatSiteSettings, profile: Profile | null): Promise<ChatWidget> {
  const config = settings.widget!;
  const widget = await loadWidgetScript(config.host);
  const who = profile ? String(profile.id) : "guest";
  if (initialisedFor === who) return widget;
  if (initialisedFor !== undefined) widget.destroy?.();
  widget.init({
    token: config.token,
    host: config.host,
    ...(profile
      ? {
          externalId: String(profile.id),
          restoreId: profile.freshchatRestoreId ?? null,
          ...(profile.firstName ? { firstName: profile.firstName } : {}),
          ...(profile.email ? { email: profile.email } : {}),
        }
      : {}),
  });
  initialisedFor = who;
  if (profile)
    widget.on("user:created", (resp) => {
      const restoreId = resp?.data?.restoreId;
      if (!restoreId || restoreId === profile.freshchatRestoreId) return;
      api()
        .put("/player/profile", { freshchatRestoreId: restoreId })
        .catch((err) => console.error("Failed to save the chat restore id", err));
    });
  return widget;
}

/** On sign-out the widget forgets the player (spec point 4: logout clears the chat); a failure is only logged. */
export async function clearWidget(): Promise<void> {
  const widget = window[CHAT_WIDGET_GLOBAL];
  if (!widget || initialisedFor === undefined || initialisedFor === "guest") return;
  try {
    await widget.user?.clear();
    widget.destroy?.();
  } catch (err) {
    console.error("Failed to clear the chat", err);
  }
  initialisedFor = undefined;
}
