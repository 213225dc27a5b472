import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table of spec point 2. Every route takes an optional locale prefix (`:lang?`, validated by the
 * route: a known locale, else 404). Routes whose screens belong to later features are added with them.
 */
export default [
  // The operator's back office (issue #21, decision 0020): its own frame, no locale, never indexed.
  route("admin", "routes/admin.tsx", { id: "admin" }, [
    index("routes/admin._index.tsx", { id: "admin-index" }),
    route("players", "routes/admin.players.tsx", { id: "admin-players" }),
    route("players/:id", "routes/admin.player.tsx", { id: "admin-player" }),
    route("adjustments", "routes/admin.adjustments.tsx", { id: "admin-adjustments" }),
    route("documents", "routes/admin.documents.tsx", { id: "admin-documents" }),
    route("withdrawals", "routes/admin.withdrawals.tsx", { id: "admin-withdrawals" }),
    route("staff", "routes/admin.staff.tsx", { id: "admin-staff" }),
    route("audit", "routes/admin.audit.tsx", { id: "admin-audit" }),
    route("promotions", "routes/admin.promotions.tsx", { id: "admin-promotions" }),
    route("bonuses", "routes/admin.bonuses.tsx", { id: "admin-bonuses" }),
    route("catalogue", "routes/admin.catalogue.tsx", { id: "admin-catalogue" }),
    route("content", "routes/admin.content.tsx", { id: "admin-content" }),
    route("reports", "routes/admin.reports.tsx", { id: "admin-reports" }),
    route("messages", "routes/admin.messages.tsx", { id: "admin-messages" }),
    route("trading", "routes/admin.trading.tsx", { id: "admin-trading" }),
    route("trading/shortfalls", "routes/admin.trading-shortfalls.tsx", { id: "admin-trading-shortfalls" }),
    route("trading/:eventId", "routes/admin.trading-event.tsx", { id: "admin-trading-event" }),
    route("retention", "routes/admin.retention.tsx", { id: "admin-retention" }),
    route("support", "routes/admin.support.tsx", { id: "admin-support" }),
  ]),
  layout("layouts/empty.tsx", [
    // The UI kit's gallery, in development only: a production build (NODE_ENV=production) has no such route.
    ...(process.env.NODE_ENV === "production"
      ? []
      : [route("dev/kit", "routes/dev-kit.tsx", { id: "dev-kit" })]),
    route(":lang?/redirect", "routes/redirect.tsx"),
    // The built-in provider's game pages, framed by the game screen (decision 0006).
    route("house-games/:engine", "routes/house-game.tsx", { id: "house-game" }),
    route(":lang/house-games/:engine", "routes/house-game.tsx", { id: "locale-house-game" }),
  ]),
  layout("layouts/default.tsx", [
    route(":lang?", "routes/home.tsx", { id: "index" }),
    route(":lang?/main", "routes/home.tsx", { id: "main" }),
    route(":lang?/static/:pageIdentity", "routes/static-page.tsx"),
    route(":lang?/questions", "routes/questions.tsx", { id: "questions" }),
    route(":lang?/questions/:pageIdentity", "routes/question.tsx"),
    route(":lang?/contact", "routes/contact.tsx"),
    route(":lang?/support", "routes/support.tsx"),
    // Spec point 2: the login entry and the e-mailed links are served without a locale prefix. The server's
    // links carry the player's locale (/ru/verify/…), so those two also answer with one (the locale- variant).
    route("auth/autologin", "routes/auth-autologin.tsx", { id: "auth-autologin" }),
    route("auth/callback", "routes/auth-callback.tsx", { id: "auth-callback" }),
    // The language switcher and the page prefetch link to every page in each locale: these answer there too.
    route(":lang/auth/autologin", "routes/auth-autologin.tsx", { id: "locale-auth-autologin" }),
    route(":lang/auth/callback", "routes/auth-callback.tsx", { id: "locale-auth-callback" }),
    route("verify/:confirmCode", "routes/verify.tsx", { id: "verify-confirmCode" }),
    route(":lang/verify/:confirmCode", "routes/verify.tsx", { id: "locale-verify-confirmCode" }),
    route("password-reset/:resetCode", "routes/password-reset.tsx", { id: "password-reset-resetCode" }),
    route(":lang/password-reset/:resetCode", "routes/password-reset.tsx", {
      id: "locale-password-reset-resetCode",
    }),
    route(":lang?/profile", "routes/profile.tsx", { id: "profile" }, [
      index("routes/profile-index.tsx", { id: "profile-index" }),
      route("info", "routes/profile-info.tsx", { id: "profile-info" }),
      route("limits", "routes/profile-limits.tsx", { id: "profile-limits" }),
      route("personal", "routes/profile-personal.tsx", { id: "profile-personal" }),
      route("sessions", "routes/profile-sessions.tsx", { id: "profile-sessions" }),
      route("bonuses", "routes/profile-bonuses.tsx", { id: "profile-bonuses" }),
      route("notifications", "routes/profile-notifications.tsx", { id: "profile-notifications" }),
      // Answers 404 when verification is on and HIDE_DOCUMENTS_PAGE is set (spec point 2).
      route("documents", "routes/profile-documents.tsx", { id: "profile-documents" }),
      route("settings", "routes/profile-settings.tsx", { id: "profile-settings" }, [
        index("routes/profile-settings-index.tsx", { id: "profile-settings-index" }),
        route("account", "routes/profile-settings-account.tsx", { id: "profile-settings-account" }),
        route("notifications", "routes/profile-settings-notifications.tsx", {
          id: "profile-settings-notifications",
        }),
      ]),
    ]),
    route(":lang?/wallet", "routes/wallet.tsx", { id: "wallet" }, [
      index("routes/wallet._index.tsx", { id: "wallet-index" }),
      route("history", "routes/wallet.history.tsx", { id: "wallet-history" }),
      route("spins", "routes/wallet.spins.tsx", { id: "wallet-spins" }),
      route("bonuses", "routes/wallet.bonuses.tsx", { id: "wallet-bonuses" }),
      route("bets", "routes/wallet.bets.tsx", { id: "wallet-bets" }),
    ]),
    // The casino (spec point 2): the lobby, its filtered lists (route games-id), providers, the player's own
    // lists and the game screen (route game-id).
    route(":lang?/games", "routes/games.tsx", { id: "games" }),
    route(":lang?/games/providers", "routes/games-providers.tsx", { id: "games-providers" }),
    route(":lang?/games/providers/:providerIdentity", "routes/games-provider.tsx", { id: "games-provider" }),
    route(":lang?/games/*", "routes/games-list.tsx", { id: "games-id" }),
    route(":lang?/game/:id", "routes/game.tsx", { id: "game-id" }),
    route(":lang?/favorites", "routes/favorites.tsx", { id: "favorites" }),
    route(":lang?/recently-played", "routes/recently-played.tsx", { id: "recently-played" }),
    // Bonuses (spec point 2, issue #17): the offers, one bonus's page and the welcome package.
    route(":lang?/bonuses", "routes/bonuses.tsx", { id: "bonuses" }),
    route(":lang?/bonus/:pageIdentity", "routes/bonus.tsx", { id: "bonus" }),
    route(":lang?/welcome-package", "routes/welcome-package.tsx", { id: "welcome-package" }),
    // Loyalty (spec point 2, issue #18): hidden (404) when loyalty is switched off.
    route(":lang?/loyalty", "routes/loyalty.tsx", { id: "loyalty" }),
    // The referral programme (spec point 2, issue #19): hidden (404) when it is switched off.
    route(":lang?/referral", "routes/referral.tsx", { id: "referral" }),
    route(":lang?/provably-fair", "routes/provably-fair.tsx", { id: "provably-fair" }),
    // The sportsbook (spec point 2, issue #15): one frame keeps the main widget and the bet slip mounted.
    layout("routes/sports.tsx", { id: "sports" }, [
      route(":lang?/betting", "routes/betting.tsx", { id: "betting" }),
      route(":lang?/sport/*", "routes/sport.tsx", { id: "sport" }),
    ]),
    route(":lang?/*", "routes/content-page.tsx"),
  ]),
] satisfies RouteConfig;
