import {
  type NavigationDetail,
  SPORTSBOOK_EVENTS,
  SPORTSBOOK_GLOBAL,
  type SportsbookInitParams,
  type SportsbookSdk,
  type SportsbookTheme,
  type WidgetHandle,
  type WidgetName,
  type WidgetPropsByName,
  type WidgetRoute,
} from "#common/sportsbook-widgets";
import { betslipWidget, myBetsWidget } from "./betslip";
import { liveNowWidget, topEventsWidget } from "./carousels";
import { render } from "./dom";
import { setRealtimeBase } from "./live";
import { pageWidget, type Widget } from "./page";
import { loadSlip } from "./slip";
import {
  applyBet,
  changed,
  FIRST_PICKS_GLOBAL,
  invalidate,
  onChange,
  setApiBase,
  state,
  takePageSeed,
} from "./store";
import { injectStyles } from "./styles";
import { textsFor } from "./texts";

/**
 * The built-in sportsbook's widget script (docs/sportsbook-widgets.md): defines `window.LuckySportsbook`, which
 * the site initialises and mounts widgets with, exactly as it would a real provider's script.
 */

const VERSION = "1.0.0";

interface Mounted {
  root: HTMLElement;
  widget: Widget;
}
const mounted = new Set<Mounted>();
let ready = false;

function paint(m: Mounted) {
  const theme = `lsb lsb--${state.theme}`;
  if (m.root.className !== theme) m.root.className = theme;
  render(m.root, m.widget.view());
}

onChange(() => {
  for (const m of mounted) paint(m);
});

/**
 * The odds tapped on the server's copy of the overview before this bundle ran (first-screen.ts keeps them): each
 * is tapped again on the widget's own button, as the player did, so it goes into the slip (one no longer offered,
 * or already in the slip the player kept from an earlier visit, is left as it is).
 */
function takeFirstPicks(root: HTMLElement) {
  const picks = Reflect.get(window, FIRST_PICKS_GLOBAL) as string[] | undefined;
  Reflect.deleteProperty(window, FIRST_PICKS_GLOBAL);
  for (const id of picks ?? [])
    root
      .querySelector<HTMLButtonElement>(
        `button[data-selection="${CSS.escape(id)}"]:not([disabled]):not([aria-pressed="true"])`,
      )
      ?.click();
}

const announce = (detail: NavigationDetail) =>
  window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.navigation, { detail }));

const FACTORIES: { [N in WidgetName]: (props: WidgetPropsByName[N]) => Widget } = {
  page: (p) => pageWidget(p, announce),
  topEvents: (p) => topEventsWidget(p, announce),
  liveNow: (p) => liveNowWidget(p, announce),
  betslip: () => betslipWidget(),
  myBets: () => myBetsWidget(),
};

function setSession(
  token: string | undefined,
  accountId: string | null | undefined,
  currency: string | undefined,
) {
  const before = state.token;
  state.token = token;
  if (accountId !== undefined) state.accountId = accountId;
  if (currency) state.currency = currency;
  // Another player's (or no player's) bets must not stay on screen.
  if (before !== token) invalidate("bets:");
}

const sdk: SportsbookSdk = {
  version: VERSION,
  get ready() {
    return ready;
  },
  async init(params: SportsbookInitParams) {
    state.params = params;
    state.culture = params.culture || "en-GB";
    state.t = textsFor(state.culture);
    state.theme = params.theme;
    setSession(params.token, params.accountId, params.currency);
    setApiBase(params.apiBase);
    setRealtimeBase(params.apiBase);
    injectStyles(document);
    if (!ready) {
      // The overview the server drew into the page (first-screen.ts) came with its reads: drawn from them, the
      // widget replaces that copy with the same screen, no skeleton between.
      takePageSeed(document);
      loadSlip();
    }
    ready = true;
    changed();
    window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.initDone));
  },
  addWidget<N extends WidgetName>(
    container: HTMLElement,
    name: N,
    props: WidgetPropsByName[N],
  ): WidgetHandle<N> {
    if (!ready) throw new Error("LuckySportsbook: call init() and wait for its init-done event first");
    const factory = FACTORIES[name] as (p: WidgetPropsByName[N]) => Widget;
    if (!factory) throw new Error(`LuckySportsbook: unknown widget ${name}`);
    const root = document.createElement("div");
    root.dataset.lsbWidget = name;
    container.appendChild(root);
    const m: Mounted = { root, widget: factory(props) };
    mounted.add(m);
    paint(m);
    if (name === "page") takeFirstPicks(root);
    return {
      update(next) {
        m.widget.update(next as Record<string, unknown>);
        paint(m);
      },
      remove() {
        mounted.delete(m);
        m.widget.destroy();
        root.remove();
      },
    };
  },
  setToken(token, accountId, currency) {
    setSession(token, accountId, currency);
    changed();
  },
  setTheme(theme: SportsbookTheme) {
    state.theme = theme;
    changed();
  },
  navigate(route: WidgetRoute) {
    for (const m of mounted) if (m.root.dataset.lsbWidget === "page") m.widget.update({ route });
    changed();
  },
  betUpdated(bet) {
    applyBet(bet);
  },
  betsMissed() {
    invalidate("bets:");
  },
};

Reflect.set(window, SPORTSBOOK_GLOBAL, sdk);
