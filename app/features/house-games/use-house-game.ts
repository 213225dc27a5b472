import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiRequestError } from "~/lib/api";
import { type HouseRound, type HouseSeeds, type HouseSession, houseApi, type PlayAnswer } from "./api";
import { defaultBet } from "./bet";

/** An error shown in the game: an i18n key under houseGames.errors, and whether the game can go on. */
export interface GameError {
  key: string;
  fatal: boolean;
}

/**
 * The server's refusal codes (service.ts) as the texts the player reads; the fatal ones end the game's
 * session (sign in or launch again), the rest are said over the game.
 */
const ERROR_KEYS = new Map<string, string>(
  Object.entries({
    not_enough_money: "notEnoughMoney",
    session_expired: "sessionExpired",
    limit_reached: "limit",
    player_disabled: "disabled",
    validation_error: "invalid",
    round_open: "roundOpen",
    seeds_rotated: "tryAgain",
    busy: "tryAgain",
    freespins_not_available: "freespins",
    nothing_to_cash: "nothingToCash",
    betting_closed: "bettingClosed",
    already_bet: "alreadyBet",
    not_running: "notRunning",
    crashed: "crashed",
    timeout: "network",
    network_error: "network",
  }),
);
const FATAL = new Set(["sessionExpired", "disabled"]);

export function errorOf(err: unknown): GameError {
  if (!(err instanceof ApiRequestError)) return { key: "generic", fatal: false };
  const key = ERROR_KEYS.get(String(err.body.code)) ?? (err.status === 404 ? "sessionExpired" : "generic");
  return { key, fatal: FATAL.has(key) };
}

export type HouseGame = ReturnType<typeof useHouseGame>;

/**
 * One launch's game state: the session, the balance and seeds as the server last said them, the rounds
 * settled on this page, the bet amount and the error on show.
 */
export function useHouseGame(token: string) {
  const api = useMemo(() => houseApi(token), [token]);
  const [session, setSession] = useState<HouseSession | null>(null);
  const [loadError, setLoadError] = useState<GameError | null>(null);
  const [balance, setBalance] = useState("0");
  const [seeds, setSeeds] = useState<HouseSeeds | null>(null);
  /** Rounds settled on this page, newest first; the last one is what the game shows as its result. */
  const [history, setHistory] = useState<HouseRound[]>([]);
  /** The player's earlier rounds of this game from the server (a reload or another launch played them). */
  const [earlier, setEarlier] = useState<HouseRound[]>([]);
  /** The earlier rounds could not be read: "Your rounds here" says so instead of claiming there are none. */
  const [roundsFailed, setRoundsFailed] = useState(false);
  const [error, setError] = useState<GameError | null>(null);
  const [busy, setBusy] = useState(false);
  const [amount, setAmount] = useState("1");
  /** The player's free spins on this game (the slot plays them), as the wallet last told them. */
  const [freeRounds, setFreeRounds] = useState<HouseSession["freeRounds"]>([]);
  const busyRef = useRef(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const [s, rounds] = await Promise.all([
        api.session(),
        // The rounds list is history, not the game: without it the game still plays.
        api.rounds().catch(() => null),
      ]);
      setSession(s);
      if (rounds) setEarlier(rounds);
      setRoundsFailed(rounds === null);
      setBalance(s.balance);
      setSeeds(s.seeds);
      setFreeRounds(s.freeRounds);
      setAmount(defaultBet(s.currency));
    } catch (err) {
      setLoadError(errorOf(err));
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  /**
   * Runs one call to the server; only one at a time (a double click never bets twice). Answers undefined when
   * the server refused, after showing why.
   */
  const run = useCallback(async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    if (busyRef.current) return undefined;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (err) {
      setError(errorOf(err));
      return undefined;
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  /** A round is over: its balance, the seeds' next nonce and the history (newest first) follow. */
  const settle = useCallback((answer: PlayAnswer) => {
    setBalance(answer.balance);
    if (answer.seeds) setSeeds(answer.seeds);
    if (answer.freeRounds) setFreeRounds(answer.freeRounds);
    if (answer.round.status !== "open")
      setHistory((h) => [answer.round, ...h.filter((r) => r.id !== answer.round.id)].slice(0, 20));
  }, []);

  /** "Your rounds here": this page's rounds, then the earlier ones, 20 at most. */
  const shown = useMemo(
    () => [...history, ...earlier.filter((r) => !history.some((h) => h.id === r.id))].slice(0, 20),
    [history, earlier],
  );

  return {
    token,
    api,
    session,
    loadError,
    reload: load,
    balance,
    setBalance,
    seeds,
    setSeeds,
    history: shown,
    roundsFailed,
    /** Asks for the earlier rounds again after they failed. */
    reloadRounds: async () => {
      const rounds = await api.rounds().catch(() => null);
      if (rounds) setEarlier(rounds);
      setRoundsFailed(rounds === null);
    },
    lastRound: history[0] ?? null,
    error,
    setError,
    busy,
    run,
    settle,
    amount,
    setAmount,
    freeRounds,
    setFreeRounds,
  };
}
