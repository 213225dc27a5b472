import type { SportBet } from "./api/sportsbook";
/**
 * The sportsbook widget contract (spec points 3–4, decision 0012; written out in docs/sportsbook-widgets.md).
 * The site loads a provider's script, which defines `window.LuckySportsbook`, initialises it with the start
 * params and mounts widgets into containers. The built-in provider (server/providers/odds/widgets) and a real
 * one differ only in where the script comes from; the site's code is the same for both.
 */

/** The global the script defines. */
export const SPORTSBOOK_GLOBAL = "LuckySportsbook";

/** Where the built-in provider serves its script on our own host. */
export const BUILT_IN_SCRIPT_PATH = "/sportsbook/sdk.js";

/** Events the script dispatches on `window` as `CustomEvent`s (their `detail` types are below). */
export const SPORTSBOOK_EVENTS = {
  /** `init` finished: widgets may be added. Detail: none. */
  initDone: "sportsbook:init-done",
  /** The player moved inside a widget (memory router): the site turns it into its URL. */
  navigation: "sportsbook:navigation",
  /** The player picked an odd (it went into the bet slip). */
  oddSelection: "sportsbook:odd-selection",
  /** A bet was accepted (or is waiting out the live delay). */
  betPlaced: "sportsbook:bet-placed",
  /** Money moved (bet placed, cashed out): the site should read its balances again. */
  balance: "sportsbook:balance",
  /** The bet slip's selection count changed (the phone's floating "Bet slip (n)" button). */
  betslip: "sportsbook:betslip",
  /** A guest tried to bet: the site opens its sign-in. */
  loginRequest: "sportsbook:login-request",
} as const;

/** Spec point 3: 1 mobile, 2 desktop. */
export type SportsbookPlatform = 1 | 2;
export type SportsbookTheme = "dark" | "light";

/** Spec point 3's start parameters. */
export interface SportsbookStartParams {
  /** The player's current wallet account id; null for a guest. */
  accountId: string | null;
  /** The site's origin. */
  lobbyUrl: string;
  /** The site locale, "en" by default. */
  locale: string;
  /** Profile country, else the country header, else the user agent's language region; null when unknown. */
  countryCode: string | null;
  demoMode: boolean;
  platform: SportsbookPlatform;
  /** The sportsbook provider's name ("built-in" for ours). */
  provider: string;
}

/** What `init` receives: the start params plus session and presentation. */
export interface SportsbookInitParams extends SportsbookStartParams {
  /** The sportsbook session token of the start-game call; absent for a guest (spec point 6). */
  token?: string;
  /** The widget culture (spec point 5: es-MX → es-ES, en-US → en-GB, default en-GB). */
  culture: string;
  theme: SportsbookTheme;
  /** Spec point 9: the widgets keep their own history in memory; the site owns the address bar. */
  routerType: "memory";
  /** Where the provider's API answers; "" means the page's own origin. */
  apiBase: string;
  /** The operator's id at a real provider; the built-in provider needs none. */
  clientId?: string;
  /** The player's currency, for stakes and payouts. */
  currency?: string;
}

/** A page of the main widget. Ids are the catalogue's (spec point 3). */
export type WidgetRoute =
  | { page: "overview" }
  | { page: "live" }
  | { page: "sport"; sportId: number }
  | { page: "category"; sportId: number; categoryId: number }
  | { page: "championship"; sportId: number; championshipId: number; categoryId?: number }
  | { page: "event"; eventId: number };

export type WidgetName = "page" | "topEvents" | "liveNow" | "betslip" | "myBets";

export interface WidgetPropsByName {
  /** The router-driven main widget: overview, lists, event page. */
  page: { route: WidgetRoute };
  /** Spec point 9: 7 events each; top events show the sport's card image (image type 2). */
  topEvents: { limit?: number; imageType?: 1 | 2 };
  liveNow: { limit?: number };
  betslip: Record<string, never>;
  myBets: Record<string, never>;
}

export interface WidgetHandle<N extends WidgetName = WidgetName> {
  update(props: Partial<WidgetPropsByName[N]>): void;
  remove(): void;
}

/** `window.LuckySportsbook`. */
export interface SportsbookSdk {
  version: string;
  init(params: SportsbookInitParams): Promise<void>;
  readonly ready: boolean;
  addWidget<N extends WidgetName>(
    container: HTMLElement,
    name: N,
    props: WidgetPropsByName[N],
  ): WidgetHandle<N>;
  /** A new token after a login, refresh or logout (undefined: guest). */
  setToken(token: string | undefined, accountId?: string | null, currency?: string): void;
  setTheme(theme: SportsbookTheme): void;
  /** Moves every mounted main widget to `route` (the site's back/forward). */
  navigate(route: WidgetRoute): void;
  /**
   * A bet of the player's as their realtime channel carries it (`game:bets#{id}`: placed, accepted or refused
   * after the live delay, settled, cashed out): the site hands each over, and the widgets keep their bets from
   * them instead of polling. Optional: a provider that follows bets over a channel of its own leaves it out.
   */
  betUpdated?(bet: SportBet): void;
  /** The site's connection was down: publications may have been missed, the widgets read their bets again. */
  betsMissed?(): void;
}

/** Spec point 3's widget navigation event, with the route it stands for. */
export interface NavigationDetail {
  route: WidgetRoute;
  /** Which widget the player moved in: a live-now card's event goes to /sport/event/{id} (spec point 2). */
  source: WidgetName;
  event?: { id: number; name: string };
  sport?: { id: number; code?: string; name?: string };
  categories: { id: number; name: string }[];
  championships: { id: number; name: string }[];
  champId?: number;
  championshipIds?: number[];
}

/** Spec point 3's odd selection: eventId and champId, plus what was picked. */
export interface OddSelectionDetail {
  eventId: number;
  champId: number;
  selectionId: string;
  /** The event's name and sport, so the site can build the event's address without asking. */
  eventName: string;
  championshipName: string;
  sportId: number;
  /** Whether the selection is now in the slip (false: it was taken out). */
  added: boolean;
}

export interface BetPlacedDetail {
  betIds: string[];
  status: "pending" | "open";
}

export interface BetslipDetail {
  count: number;
}

/** The sportsbook part of GET /api/player/init (schema in common/api/player.ts): whether to show sports, and
 *  where the widgets come from. Kept free of zod here: the widget script imports this file. */
export interface SportsbookSiteSettings {
  enabled: boolean;
  provider: string;
  scriptUrl: string;
  apiBase: string;
  clientId?: string;
}

/** `window.LuckySportsbook`, when the script has run. */
export function sportsbookGlobal(w: Window): SportsbookSdk | undefined {
  return (w as unknown as Record<string, SportsbookSdk | undefined>)[SPORTSBOOK_GLOBAL];
}
