import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { Link, useLocation, useNavigate } from "react-router";
import type { GameDetails, GameLaunch } from "#common/api/game";
import { REALTIME_EVENTS } from "#common/realtime";
import { Button, buttonClass, Pressable } from "~/components/ui/Button";
import { ArrowLeftIcon, PlayIcon } from "~/components/ui/icons";
import { ExpandIcon, ShrinkIcon } from "~/components/ui/page-icons";
import { FreespinsBar } from "~/features/bonuses/FreespinsBar";
import { useLocalePath } from "~/features/shell/nav";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { useTranslation } from "~/lib/i18n-react";
import { realtimeBus } from "~/lib/realtime/bus";
import { useLoggedIn } from "~/lib/session/use-session";
import { withModal } from "~/modals/ModalLink";
import { gamesApi } from "./api";
import { FavoriteButton } from "./GameCard";
import { type LaunchProblem, launchProblem, maxBetValue } from "./launch";
import { gameScreenPath } from "./links";

type Launch =
  | { status: "idle" | "loading" }
  | { status: "ready"; launch: GameLaunch }
  | { status: "problem"; problem: LaunchProblem };

/**
 * `/game/{id}`: the provider's page in a frame filling the screen, under a bar with back, the title, the heart,
 * the demo/real switch and full screen. A guest asking for real money gets the sign-in modal and the game
 * starts once signed in; a game without a demo opens `demo-unavailable`; a bet refused by a limit (the
 * `game:bets` channel) opens `game-limit-reached`.
 */
export function GameScreen({ game: initial, real }: { game: GameDetails; real: boolean }) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const loggedIn = useLoggedIn();
  const currency = useWallet((s) => currentAccount(s)?.currency);
  const frame = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  const [state, setState] = useState<Launch>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const [game, setGame] = useState(initial);
  // The art is the page's largest paint: named in the head (a <link rel="preload">, React hoists it there) so
  // the browser fetches it with the first bytes, before it meets the <img> below.
  preload(game.images.background, { as: "image", fetchPriority: "high" });

  // The server rendered the game as a guest sees it; the player's own view has their heart.
  useEffect(() => {
    setGame(initial);
    if (!loggedIn) return;
    let current = true;
    gamesApi.game(initial.slug).then(
      (g) => current && setGame(g),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [initial, loggedIn]);

  // Read when a launch answers or an event comes, after the address may have changed: always the latest.
  const openModalRef = useRef((id: string, value: string) =>
    navigate(withModal(pathname, search, id, value), { replace: true, preventScrollReset: true }),
  );
  openModalRef.current = (id, value) =>
    navigate(withModal(pathname, search, id, value), { replace: true, preventScrollReset: true });
  const openModal = (id: string, value: string) => openModalRef.current(id, value);

  // Launch again when the mode, the player or (real money) the current account changes.
  const launchKey = `${initial.slug}|${real}|${loggedIn}|${real ? currency : ""}|${attempt}`;
  const lastLaunch = useRef<{ real: boolean; loggedIn: boolean }>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: launchKey stands for what a launch depends on
  useEffect(() => {
    const before = lastLaunch.current;
    lastLaunch.current = { real, loggedIn };
    if (!initial.isAvailable) {
      setState({ status: "problem", problem: { kind: "message", code: "game_not_available" } });
      return;
    }
    // The player logged out over the real-money game: the logout is taking the page to the demo (the spec's
    // logout clears the return-game), whose address React may render a moment after the session is gone.
    // Asking this visitor to sign in meanwhile would put the sign-in modal in that address.
    if (real && !loggedIn && before?.real && before.loggedIn) {
      setState({ status: "loading" });
      return;
    }
    if (real && !loggedIn) {
      setState({ status: "problem", problem: { kind: "sign-in" } });
      openModal("sign-in", "true");
      return;
    }
    if (!real && !initial.hasDemo) {
      setState({ status: "problem", problem: { kind: "demo-unavailable" } });
      openModal("demo-unavailable", initial.slug);
      return;
    }
    // Real money waits for the accounts: the launch takes the current one.
    if (real && !currency) {
      setState({ status: "loading" });
      return;
    }
    let current = true;
    setState({ status: "loading" });
    gamesApi.play(initial.slug, real).then(
      (launch) => current && setState({ status: "ready", launch }),
      (err) => {
        if (!current) return;
        const problem = launchProblem(err);
        setState({ status: "problem", problem });
        if (problem.kind === "sign-in") openModal("sign-in", "true");
        if (problem.kind === "demo-unavailable") openModal("demo-unavailable", initial.slug);
        if (problem.kind === "limit") openModal("game-limit-reached", "true");
      },
    );
    return () => {
      current = false;
    };
  }, [launchKey]);

  // A bet the limits refused: the provider shows its own error, the site says why.
  useEffect(
    () =>
      realtimeBus.on("bets", (e) => {
        // Spec point 8: restricted-bets, or max-bets with the most the limits still allow.
        if (e.event === REALTIME_EVENTS.betRestricted) openModalRef.current("restricted-bets", "true");
        if (e.event === REALTIME_EVENTS.betMaxExceeded) {
          const { maxBet, currency } = (e.data ?? {}) as { maxBet?: string; currency?: string };
          openModalRef.current("max-bets", maxBet && currency ? maxBetValue(maxBet, currency) : "true");
        }
      }),
    [],
  );

  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement === frame.current && frame.current !== null);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.().catch(() => undefined);
  };

  const back = () => {
    // Back to where the player came from, or the lobby when the game was opened directly.
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate(href("/games"));
  };

  const modeLink = (to: boolean) =>
    `inline-flex h-8 items-center rounded-lg px-2 text-xs font-bold transition-colors sm:px-3 ${
      real === to ? "bg-surface-3 text-fg shadow-sm" : "text-muted hover:text-fg"
    }`;
  const barButton =
    "grid size-10 shrink-0 place-items-center rounded-xl text-muted transition-colors hover:bg-surface-2 hover:text-fg";

  return (
    <div
      ref={frame}
      data-testid="game-screen"
      data-mode={real ? "real" : "demo"}
      className="flex h-[calc(var(--vh,1vh)*100_-_8rem_-_env(safe-area-inset-bottom))] min-h-[26rem] flex-col bg-bg md:h-[calc(var(--vh,1vh)*100_-_4rem)]"
    >
      <div className="flex h-12 shrink-0 items-center gap-1 border-b border-line bg-surface px-2 sm:h-14 sm:gap-2 sm:px-3">
        <Pressable onClick={back} aria-label={t("games.screen.back")} className={barButton}>
          <ArrowLeftIcon />
        </Pressable>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-sm font-bold sm:text-base">{game.name}</h1>
          <p className="truncate text-xs text-muted">{game.provider.name}</p>
        </div>
        {game.hasDemo && (
          <nav
            aria-label={t("games.screen.mode")}
            className="flex shrink-0 items-center gap-0.5 rounded-xl border border-line bg-bg/60 p-0.5"
          >
            <Link
              to={href(gameScreenPath(game.slug, false))}
              replace
              aria-current={!real ? "page" : undefined}
              data-testid="mode-demo"
              className={modeLink(false)}
            >
              {t("games.screen.demo")}
            </Link>
            <Link
              to={href(gameScreenPath(game.slug, true))}
              replace
              aria-current={real ? "page" : undefined}
              data-testid="mode-real"
              className={modeLink(true)}
            >
              {t("games.screen.real")}
            </Link>
          </nav>
        )}
        {loggedIn && (
          <FavoriteButton
            game={game}
            className="!bg-transparent !text-current hover:!bg-surface-2 [&[aria-pressed=true]]:!text-danger"
          />
        )}
        <Pressable
          onClick={toggleFull}
          aria-pressed={full}
          aria-label={t(full ? "games.screen.exitFullscreen" : "games.screen.fullscreen")}
          title={t(full ? "games.screen.exitFullscreen" : "games.screen.fullscreen")}
          className={`${barButton} max-sm:hidden`}
        >
          {full ? <ShrinkIcon /> : <ExpandIcon />}
        </Pressable>
      </div>
      {loggedIn && (
        <FreespinsBar
          gameId={game.id}
          gameSlug={game.slug}
          real={real}
          onActivated={() => setAttempt((a) => a + 1)}
        />
      )}
      <div className="relative min-h-0 flex-1 bg-black">
        {state.status === "ready" ? (
          <iframe
            key={state.launch.sessionId}
            src={state.launch.url}
            title={game.name}
            data-testid="game-frame"
            data-mode={state.launch.mode}
            allow="fullscreen; autoplay; clipboard-write"
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <div className="absolute inset-0" aria-hidden={state.status !== "problem"}>
            {/* The page's largest paint (issue 41): an image the head preloads (above) at high priority, not a
                CSS background the browser finds only after the styles. The box is the screen's, so its size never
                waits for the file; width and height give the lobby art's 4:3. */}
            <img
              src={game.images.background}
              alt=""
              width={400}
              height={300}
              fetchPriority="high"
              data-testid="game-art"
              className="absolute inset-0 size-full object-cover object-center"
            />
            <div className="absolute inset-0 grid place-items-center bg-bg/80 p-6 backdrop-blur-md">
              {state.status === "problem" ? (
                <LaunchProblemCard
                  problem={state.problem}
                  game={game}
                  real={real}
                  onRetry={() => setAttempt((a) => a + 1)}
                  modalHref={(id, value) => withModal(pathname, search, id, value)}
                />
              ) : (
                <div
                  className="flex flex-col items-center gap-3 text-sm text-muted"
                  data-testid="game-loading"
                >
                  <span className="size-10 animate-spin rounded-full border-4 border-surface-3 border-t-accent" />
                  {t("games.screen.loading")}
                </div>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** Where a problem's title and text stand under games.screen (…Title, …Text). */
const PROBLEM_TEXTS = {
  "sign-in": "signIn",
  "demo-unavailable": "noDemo",
  "no-account": "noAccount",
  limit: "limit",
} as const;

/** Why the game did not open (sign in, no demo, no account, a limit, the provider's error) and the ways on. */
function LaunchProblemCard({
  problem,
  game,
  real,
  onRetry,
  modalHref,
}: {
  problem: LaunchProblem;
  game: GameDetails;
  real: boolean;
  onRetry: () => void;
  modalHref: (id: string, value: string) => string;
}) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const filled = buttonClass("primary");
  const outlined = buttonClass("secondary", "md", "font-bold text-fg");
  /** A way out of the problem: the main one filled, the others outlined. */
  const way = (
    key: string,
    to: string,
    label: React.ReactNode,
    { main = false, replace = false, keepScroll = false } = {},
  ) => (
    <Link
      key={key}
      to={to}
      replace={replace}
      preventScrollReset={keepScroll}
      className={main ? filled : outlined}
    >
      {label}
    </Link>
  );
  const demo = (label: React.ReactNode) =>
    way("demo", href(gameScreenPath(game.slug, false)), label, { replace: true });
  // A problem of its own kind has a title and a text under games.screen; a message, its code's title.
  const title =
    problem.kind === "message"
      ? t(`games.screen.errors.${problem.code}`, { defaultValue: t("games.screen.errors.unknown") })
      : t(`games.screen.${PROBLEM_TEXTS[problem.kind]}Title`);
  const text = problem.kind === "message" ? undefined : t(`games.screen.${PROBLEM_TEXTS[problem.kind]}Text`);
  const actions: React.ReactNode[] = [];
  switch (problem.kind) {
    case "sign-in":
      actions.push(
        way("in", modalHref("sign-in", "true"), t("games.screen.signIn"), { main: true, keepScroll: true }),
      );
      if (game.hasDemo)
        actions.push(
          demo(
            <>
              <PlayIcon size={16} fill="currentColor" /> {t("games.screen.playDemo")}
            </>,
          ),
        );
      break;
    case "demo-unavailable":
      actions.push(
        way("real", href(gameScreenPath(game.slug, true)), t("games.screen.playReal"), {
          main: true,
          replace: true,
        }),
      );
      break;
    case "no-account":
      actions.push(
        way("wallet", modalHref("currencies", "true"), t("games.screen.openAccount"), {
          main: true,
          keepScroll: true,
        }),
      );
      break;
    case "limit":
      break;
    default:
      if (problem.code === "unknown" || problem.code === "provider_unavailable")
        actions.push(
          <Button key="retry" onClick={onRetry}>
            {t("games.retry")}
          </Button>,
        );
      if (real && game.hasDemo && problem.code === "currency_not_supported")
        actions.push(demo(t("games.screen.playDemo")));
  }
  actions.push(way("lobby", href("/games"), t("games.screen.lobby")));
  return (
    <div
      role="alert"
      data-testid="game-problem"
      data-problem={problem.kind}
      className="flex max-w-md flex-col items-center gap-2 rounded-2xl border border-line bg-surface/90 p-6 text-center shadow-2xl"
    >
      <img src={game.images.thumbnail} alt="" className="mb-2 aspect-[4/3] w-40 rounded-xl object-cover" />
      <p className="text-lg font-bold">{title}</p>
      {text && <p className="text-sm text-muted">{text}</p>}
      <div className="mt-3 flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  );
}
