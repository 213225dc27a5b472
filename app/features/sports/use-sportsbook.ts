import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { preload } from "react-dom";
import { useRouteLoaderData } from "react-router";
import {
  type BetslipDetail,
  type NavigationDetail,
  type OddSelectionDetail,
  SPORTSBOOK_EVENTS,
  type SportsbookSdk,
} from "#common/sportsbook-widgets";
import { refreshAccounts } from "~/features/wallet/store";
import { useLive } from "~/lib/query";
import { sessionStore } from "~/lib/session/store";
import type { RootData } from "~/root";
import { sportBetsFeed } from "./live";
import { loadSportsbook, renewToken, type SportsbookContext } from "./sportsbook";

/** The sportsbook's settings and the visitor's context for its start params, from the root loader. */
export function useSportsbookContext(): SportsbookContext | undefined {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const locale = root?.locale ?? "en";
  const settings = root?.init.sportsbook;
  const country = root?.init.country ?? null;
  // Spec point 9's phone: a phone's user agent, or narrower than 528px when the widgets start.
  const mobile = root?.mobile === true;
  return useMemo(
    () => (settings?.enabled ? { settings, locale, headerCountry: country, mobile } : undefined),
    [settings, locale, country, mobile],
  );
}

export type SportsbookState =
  | { status: "off" }
  | { status: "loading" }
  | { status: "ready"; sdk: SportsbookSdk }
  | { status: "failed"; retry: () => void };

/** The initialised sportsbook for this page (loaded once per tab, spec point 4's order); "off" when disabled. */
export function useSportsbook(): SportsbookState {
  const ctx = useSportsbookContext();
  // The provider's script is fetched while the page's own code loads and hydrates (issue 41: on /betting it was
  // asked for only after hydration, 3.9 s into a phone's first visit); it still runs in spec point 4's order.
  if (ctx) preload(ctx.settings.scriptUrl, { as: "script" });
  const [state, setState] = useState<SportsbookState>(ctx ? { status: "loading" } : { status: "off" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt starts a retry
  useEffect(() => {
    if (!ctx) {
      setState({ status: "off" });
      return;
    }
    let on = true;
    loadSportsbook(ctx).then(
      (sdk) => on && setState({ status: "ready", sdk }),
      (err) => {
        console.error(err);
        if (on) setState({ status: "failed", retry: () => setAttempt((a) => a + 1) });
      },
    );
    return () => {
      on = false;
    };
  }, [ctx, attempt]);
  return state;
}

// ---- the slip's count, for the phone's floating button; heard from the script's first announcement on

let slipCount = 0;
const countListeners = new Set<() => void>();
if (typeof window !== "undefined")
  window.addEventListener(SPORTSBOOK_EVENTS.betslip, (e) => {
    slipCount = (e as CustomEvent<BetslipDetail>).detail?.count ?? 0;
    for (const l of countListeners) l();
  });

export function useSlipCount(): number {
  return useSyncExternalStore(
    (l) => {
      countListeners.add(l);
      return () => countListeners.delete(l);
    },
    () => slipCount,
    () => 0,
  );
}

export interface SportsbookHandlers {
  onNavigate: (detail: NavigationDetail) => void;
  onOddSelection?: (detail: OddSelectionDetail) => void;
  /** A guest asked to bet: the sign-in. */
  onSignIn: () => void;
}

/**
 * The script's events turned into the site's actions while a page shows widgets: navigation becomes an
 * address, money moves refresh the balance (the wallet also hears wallet:accounts; this covers a missed
 * update), a guest's bet opens the sign-in and an expired token is replaced.
 */
export function useSportsbookEvents(handlers: SportsbookHandlers): void {
  const ctx = useSportsbookContext();
  // The player's bets reach the widgets over the site's realtime (game:bets), not by their polling.
  useLive(sportBetsFeed);
  const [h] = useState(() => ({ current: handlers }));
  h.current = handlers;
  useEffect(() => {
    const nav = (e: Event) => h.current.onNavigate((e as CustomEvent<NavigationDetail>).detail);
    const odd = (e: Event) => h.current.onOddSelection?.((e as CustomEvent<OddSelectionDetail>).detail);
    const money = () => void refreshAccounts();
    const login = () => {
      if (!sessionStore.getState().loggedIn) h.current.onSignIn();
      else if (ctx) void renewToken(ctx);
    };
    window.addEventListener(SPORTSBOOK_EVENTS.navigation, nav);
    window.addEventListener(SPORTSBOOK_EVENTS.oddSelection, odd);
    window.addEventListener(SPORTSBOOK_EVENTS.betPlaced, money);
    window.addEventListener(SPORTSBOOK_EVENTS.balance, money);
    window.addEventListener(SPORTSBOOK_EVENTS.loginRequest, login);
    return () => {
      window.removeEventListener(SPORTSBOOK_EVENTS.navigation, nav);
      window.removeEventListener(SPORTSBOOK_EVENTS.oddSelection, odd);
      window.removeEventListener(SPORTSBOOK_EVENTS.betPlaced, money);
      window.removeEventListener(SPORTSBOOK_EVENTS.balance, money);
      window.removeEventListener(SPORTSBOOK_EVENTS.loginRequest, login);
    };
  }, [ctx, h]);
}
