/**
 * Runs in the browser before the site (bundled by `telegramMockScript`): a Telegram client as the SDK sees
 * it. `mockTelegramEnv` stores the launch parameters and puts a webview bridge in place; every method the
 * mini-app calls is recorded in `window.__tgEvents`, and the requests a real client answers (viewport, safe
 * areas, full screen) are answered, so the SDK goes on as it would in Telegram.
 */
import { mockTelegramEnv } from "@telegram-apps/sdk";

interface MockConfig {
  initDataRaw: string;
  version: string;
  platform: string;
  themeParams: Record<string, string>;
}

type Recorded = { name: string; params: unknown };
const w = window as unknown as { __tgMock: MockConfig; __tgEvents: Recorded[] };
const config = w.__tgMock;
w.__tgEvents = [];

// What a client sends back through the bridge: a message event from the parent, as the SDK expects.
const answer = (eventType: string, eventData?: unknown) =>
  setTimeout(() => {
    window.dispatchEvent(
      new MessageEvent("message", { data: JSON.stringify({ eventType, eventData }), source: window.parent }),
    );
  });

mockTelegramEnv({
  launchParams: {
    tgWebAppData: config.initDataRaw,
    tgWebAppVersion: config.version,
    tgWebAppPlatform: config.platform,
    tgWebAppThemeParams: config.themeParams,
  },
  onEvent: ([name, params]) => {
    w.__tgEvents.push({ name, params });
    const size = { width: window.innerWidth, height: window.innerHeight };
    if (name === "web_app_request_viewport")
      answer("viewport_changed", { ...size, is_expanded: true, is_state_stable: true });
    else if (name === "web_app_request_safe_area")
      answer("safe_area_changed", { top: 0, bottom: 0, left: 0, right: 0 });
    else if (name === "web_app_request_content_safe_area")
      answer("content_safe_area_changed", { top: 0, bottom: 0, left: 0, right: 0 });
    else if (name === "web_app_request_fullscreen") answer("fullscreen_changed", { is_fullscreen: true });
  },
});
