import { useCallback, useEffect, useRef, useState } from "react";
import {
  CRASH_EVENTS,
  type CrashHistory,
  type CrashOwnBet,
  type CrashPublicBet,
  type CrashRoundView,
  type CrashState,
} from "#common/api/crash";
import { CRASH_CHANNEL, type RealtimeEvent } from "#common/realtime";
import { REALTIME_OPTIONS } from "~/lib/realtime/client";
import type { HouseGame } from "./use-house-game";
import { errorOf } from "./use-house-game";

export type LiveState = "connecting" | "connected" | "disconnected";

const PHASE_ORDER: Record<CrashRoundView["phase"], number> = { betting: 0, running: 1, crashed: 2, void: 2 };

/** Whether round view `a` comes before `b`: an earlier round, or an earlier phase of the same one. */
export const isBehind = (a: CrashRoundView, b: CrashRoundView) =>
  a.id === b.id ? PHASE_ORDER[a.phase] < PHASE_ORDER[b.phase] : BigInt(a.id) < BigInt(b.id);

/**
 * The crash game's live state: the round, everyone's bets and the player's own, from the game API first and
 * then from the public channel `crash:game` (decision 0034). The server's clock is estimated from the times it
 * sends, so the curve drawn here follows the server's, not the device's.
 */
export function useCrash(g: HouseGame) {
  const [state, setState] = useState<CrashState | null>(null);
  const [history, setHistory] = useState<CrashHistory["bets"]>([]);
  const [live, setLive] = useState<LiveState>("connecting");
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Server time minus this device's time, in ms. */
  const offset = useRef(0);
  const stateRef = useRef<CrashState | null>(null);
  stateRef.current = state;
  const { api, setBalance } = g;

  const syncClock = useCallback((serverTime: string | undefined) => {
    if (serverTime) offset.current = Date.parse(serverTime) - Date.now();
  }, []);

  const refresh = useCallback(async () => {
    try {
      const [s, h] = await Promise.all([api.crash(), api.crashHistory()]);
      syncClock(s.serverTime);
      // An answer read before an event the channel has since brought is older than what is shown: kept out.
      setState((prev) => (prev && isBehind(s.round, prev.round) ? prev : s));
      setHistory(h.bets);
      setBalance(s.balance);
      setLoadError(null);
    } catch (err) {
      setLoadError(errorOf(err).key);
    }
  }, [api, setBalance, syncClock]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // The first round may still be in the making when the page opens: ask again until it is there.
  useEffect(() => {
    if (!loadError) return;
    const t = setTimeout(() => void refresh(), 2000);
    return () => clearTimeout(t);
  }, [loadError, refresh]);

  const refreshHistory = useCallback(async () => {
    try {
      setHistory((await api.crashHistory()).bets);
    } catch {
      // Kept as it was; the next round tries again.
    }
  }, [api]);

  const onEvent = useCallback(
    (e: RealtimeEvent) => {
      const s = stateRef.current;
      if (e.event === CRASH_EVENTS.round) {
        const round = e.data as CrashRoundView & { serverTime?: string };
        syncClock(round.serverTime);
        setState((prev) => {
          if (!prev) return prev;
          if (round.id === prev.round.id) return { ...prev, round };
          // A new round: the last one joins the recent points, the bets start empty.
          const recent =
            prev.round.phase === "crashed" || prev.round.phase === "void"
              ? [prev.round, ...prev.recent.filter((r) => r.id !== prev.round.id)].slice(0, 20)
              : prev.recent;
          return { ...prev, round, bets: [], mine: null, recent };
        });
        if (round.phase === "betting" && s && round.id !== s.round.id) void refreshHistory();
        return;
      }
      if (e.event === CRASH_EVENTS.bet || e.event === CRASH_EVENTS.cashOut) {
        const bet = e.data as CrashPublicBet;
        setState((prev) => {
          if (!prev || bet.roundId !== prev.round.id) return prev;
          const bets = prev.bets.some((b) => b.id === bet.id)
            ? prev.bets.map((b) => (b.id === bet.id ? bet : b))
            : [...prev.bets, bet];
          const mine: CrashOwnBet | null =
            prev.mine && prev.mine.id === bet.id ? { ...prev.mine, ...bet } : prev.mine;
          return { ...prev, bets, mine };
        });
        // The player's own auto cash-out was paid while the page looked on: the balance moved.
        if (e.event === CRASH_EVENTS.cashOut && s?.mine?.id === bet.id) void refresh();
        return;
      }
      if (e.event === CRASH_EVENTS.settled) {
        const { roundId, bets } = e.data as { roundId: string; bets: CrashPublicBet[] };
        setState((prev) => {
          if (!prev || roundId !== prev.round.id) return prev;
          const byId = new Map(bets.map((b) => [b.id, b]));
          const mine = prev.mine && byId.get(prev.mine.id);
          return {
            ...prev,
            bets: prev.bets.map((b) => byId.get(b.id) ?? b),
            mine: prev.mine && mine ? { ...prev.mine, ...mine } : prev.mine,
          };
        });
        if (s?.mine) void refresh();
      }
    },
    [refresh, refreshHistory, syncClock],
  );

  // The public channel, on a connection of this page's own (the game frame has no player token).
  useEffect(() => {
    let closed = false;
    let client: import("centrifuge").Centrifuge | undefined;
    void import("centrifuge").then(({ Centrifuge }) => {
      if (closed) return;
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      client = new Centrifuge(
        `${scheme}://${window.location.host}/api/connection/websocket`,
        REALTIME_OPTIONS,
      );
      client.on("state", (ctx) => setLive(ctx.newState as LiveState));
      const sub = client.newSubscription(CRASH_CHANNEL);
      // Read again once the channel is heard (first time and after a drop): a round that began between the
      // page's first read and its subscription would otherwise not be seen until its next phase.
      sub.on("subscribed", () => void refresh());
      sub.on("publication", (ctx) => onEvent(ctx.data as RealtimeEvent));
      sub.subscribe();
      client.connect();
    });
    return () => {
      closed = true;
      client?.disconnect();
    };
  }, [onEvent, refresh]);

  const serverNow = useCallback(() => Date.now() + offset.current, []);

  const placeBet = useCallback(
    async (autoCashOut: number | null) => {
      const answer = await g.run(() => api.crashBet(g.amount, autoCashOut));
      if (!answer) return;
      syncClock(answer.serverTime);
      setBalance(answer.balance);
      setState((prev) =>
        prev && answer.bet.roundId === prev.round.id
          ? {
              ...prev,
              mine: answer.bet,
              bets: prev.bets.some((b) => b.id === answer.bet.id) ? prev.bets : [...prev.bets, answer.bet],
            }
          : prev,
      );
    },
    [api, g, setBalance, syncClock],
  );

  const cashOut = useCallback(async () => {
    const answer = await g.run(() => api.crashCashOut());
    if (!answer) return undefined;
    setBalance(answer.balance);
    setState((prev) =>
      prev
        ? {
            ...prev,
            mine: answer.bet,
            bets: prev.bets.map((b) => (b.id === answer.bet.id ? answer.bet : b)),
          }
        : prev,
    );
    return answer.bet;
  }, [api, g, setBalance]);

  return { state, history, live, loadError, serverNow, placeBet, cashOut, refresh };
}

export type CrashGame = ReturnType<typeof useCrash>;
