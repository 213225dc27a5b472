import { randomBytes } from "node:crypto";
// web-push is CommonJS: Node gives ES modules its default export only.
import webPush from "web-push";
import { z } from "zod";
import { type CountryFields, parseCountryFields } from "#common/player-fields";
import { type MasterKey, parseMasterKeys } from "./lib/master-keys";

/**
 * The one configuration of the server. Every variable is documented in README's configuration table.
 * Secrets get a generated default in development so a newcomer needs nothing, and are refused in production,
 * where a missing or short secret would silently weaken every session.
 */
const secret = (name: string) => z.string().min(32, `${name} must be at least 32 characters`).optional();

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));

const oidcProviders = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]{2,30}$/),
    name: z.string().min(1),
    issuer: z.string().url(),
    clientId: z.string().min(1),
    scope: z.string().default("openid profile email"),
    maxAge: z.number().int().positive().optional(),
    organization: z.string().optional(),
    audience: z.string().optional(),
    refreshTokens: z.boolean().default(false),
    refreshTokensFallback: z.boolean().default(false),
    logout: z.object({ federated: z.boolean().default(false) }).optional(),
    /**
     * Other origins the browser talks to for this provider besides its issuer's (its token endpoint may live
     * on another host, as Google's does): allowed in the pages' Content-Security-Policy.
     */
    origins: z
      .array(
        z
          .string()
          .url()
          .transform((u) => new URL(u).origin),
      )
      .optional(),
  }),
);

const gameAggregators = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]{2,30}$/),
    secret: z.string().min(32),
    launchUrl: z.string().url(),
  }),
);

/** A comma-separated list of durations (`24h`, `7d`, `6m`, `1y`). */
const durations = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(",")
        .map((d) => d.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^\d{1,3}[hdmy]$/, "durations like 24h, 7d, 6m or 1y")).min(1));

/** Amounts per currency, `USD:5,EUR:4.5`: a map from the upper-case code to a positive decimal string. */
const perCurrency = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(",")
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => pair.split(":").map((x) => x.trim())),
    )
    .pipe(
      z.array(
        z.tuple([
          z.string().regex(/^[A-Za-z0-9]{2,10}$/, "a currency code"),
          z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, "a positive amount"),
        ]),
        { error: "pairs like USD:5,EUR:4.5" },
      ),
    )
    .transform(
      (pairs) => Object.fromEntries(pairs.map(([c, a]) => [c.toUpperCase(), a])) as Record<string, string>,
    );

/** A yes/no setting: true, false, 1 or 0. */
const flag = (byDefault: "true" | "false") =>
  z
    .enum(["true", "false", "1", "0"])
    .default(byDefault)
    .transform((v) => v === "true" || v === "1");

/** A setting holding a JSON list of `what`, checked with `list`; unset or blank is the empty list. */
const jsonList = <T extends z.ZodArray>(name: string, what: string, list: T) =>
  z
    .string()
    .optional()
    .transform((v, ctx): z.infer<T> => {
      if (!v?.trim()) return [] as z.infer<T>;
      try {
        return list.parse(JSON.parse(v));
      } catch (err) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a JSON list of ${what} (${(err as Error).message.slice(0, 200)})`,
        });
        return z.NEVER;
      }
    });

/** A positive decimal amount of the sportsbook's limits. */
const sportAmount = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, "a decimal amount like 1000 or 0.5")
    .default(fallback);

const schema = z.object({
  /**
   * Deployment mode. In production, generated secrets are refused. Unset, it is production when NODE_ENV is
   * (`appEnvOf`), else development; NODE_ENV otherwise only picks React's build (decision 0001).
   */
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optionalUrl,
  /**
   * Each parameterised statement prepared once per connection (parsed and planned once). Off behind a pooler in
   * transaction mode that cannot keep a connection's prepared statements (PgBouncer before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: flag("true"),
  /**
   * PostgreSQL only: plain bets and wins from many players are committed together, one commit for a batch
   * (decision 0056). Off: each commits on its own.
   */
  DATABASE_GROUP_COMMIT: flag("true"),
  REDIS_URL: optionalUrl,
  /** Which peers may set X-Forwarded-For (Fastify's trustProxy): true, false, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: z.string().default("loopback"),
  /** The site sits behind Cloudflare (its origin answers only Cloudflare): cf-connecting-ip and cf-ipcountry count. */
  BEHIND_CLOUDFLARE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Bearer token GET /metrics asks for; unset, the metrics answer only callers on this host (loopback), see
   * docs/operations.md.
   */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Seconds a graceful shutdown (SIGTERM) may take to drain requests and sockets before the process gives up. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(15),
  /** Seconds a shutdown keeps serving with /ready failing before it closes, so balancers stop sending work first. */
  SHUTDOWN_DRAIN_DELAY_S: z.coerce.number().int().min(0).max(300).default(0),
  /** Signs access tokens (JWT). */
  JWT_SECRET: secret("JWT_SECRET"),
  /** Signs cookies and one-time links. */
  COOKIE_SECRET: secret("COOKIE_SECRET"),
  /** Seconds the site waits before polling latest.json for a newer build. */
  BUILD_CHECK_INTERVAL_S: z.coerce.number().int().min(10).default(300),
  /** Seconds a guest's server-rendered page is served again before it is rendered anew; 0: never (decision 0059). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** Outside hosts /redirect may send visitors to, comma-separated; empty means this site only. */
  REDIRECT_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, "REDIRECT_HOSTS must list host names"))),
  /** Websocket connections one address may hold open on each server process (realtime; 3504 beyond). */
  REALTIME_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Contact form: messages one IP may send per hour. */
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  // Accounts (docs/decisions/0004-accounts.md): attempts allowed per window before a 429.
  /** Login attempts per account (e-mail or phone) per 15 minutes; a successful login clears the count. */
  LOGIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Login attempts per IP address per 15 minutes. */
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Registrations (e-mail and phone) per IP address per hour. */
  REGISTER_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  /** One-time codes (SMS and e-mail) sent per phone or address per hour. */
  OTP_RATE_LIMIT_PER_TARGET: z.coerce.number().int().min(1).default(5),
  /** One-time codes sent per IP address per hour. */
  OTP_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Password-reset e-mails per address per hour. */
  RESET_RATE_LIMIT_PER_TARGET: z.coerce.number().int().min(1).default(3),
  /** Password-reset requests per IP address per hour. */
  RESET_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Changes of e-mail or phone one player may make per hour (each answers whether another holds it). */
  PROFILE_RATE_LIMIT_PER_PLAYER: z.coerce.number().int().min(1).default(10),
  /** Changes of e-mail or phone one IP may make per hour, over all its players. */
  PROFILE_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /**
   * The built-in sandbox payment processor (test cards, crypto test networks, agent desk). On by default
   * except in production, where real processors take over.
   */
  PAYMENT_SANDBOX_ENABLED: z.enum(["true", "false", "1", "0"]).optional(),
  /** Signs the sandbox processor's webhooks; generated in development. */
  PAYMENT_SANDBOX_SECRET: secret("PAYMENT_SANDBOX_SECRET"),
  /**
   * The Pix processor (decision 0046): the operator's PSP's API Pix, e.g. https://pix.example.com/api/v2. Set,
   * it takes Pix deposits (and withdrawals with PIX_REFUNDS_ENABLED); the PIX_ variables below are then needed.
   */
  PIX_API_URL: z.url().optional(),
  /** The PSP's OAuth2 token endpoint; unset, /oauth/token at PIX_API_URL's origin. */
  PIX_OAUTH_URL: z.url().optional(),
  PIX_CLIENT_ID: z.string().min(1).optional(),
  PIX_CLIENT_SECRET: z.string().min(1).optional(),
  /** The client certificate and its key for mutual TLS: PEM text, or the path of a PEM file. */
  PIX_CERT: z.string().min(1).optional(),
  PIX_KEY: z.string().min(1).optional(),
  /** The CA of the PSP's server certificate when it is not a public one (PEM text or path). */
  PIX_CA: z.string().min(1).optional(),
  /** The receiving Pix key ("chave": an EVP, CNPJ, e-mail or phone) the charges are paid to. */
  PIX_KEY_CHAVE: z.string().min(1).max(77).optional(),
  /** Whether Pix withdrawals are offered, as devoluções of Pix paid in; only where the PSP supports them. */
  PIX_REFUNDS_ENABLED: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** The webhook URL registered at the PSP; unset, PUBLIC_URL + /api/payment/webhooks/pix. */
  PIX_WEBHOOK_URL: z.url().optional(),
  /**
   * The self-custodied EVM processor (decision 0045): an Ethereum node's JSON-RPC URL and the operator's account
   * xpub (m/44'/60'/0'). Both set: players get ETH (and, with ETH_USDT_CONTRACT, USDT) deposit addresses.
   */
  ETH_RPC_URL: z.string().url().optional(),
  ETH_XPUB: z
    .string()
    .regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, "ETH_XPUB must be an account xpub (xpub…)")
    .optional(),
  /** Blocks on top of a transfer's own before it counts (credited deposit, finished withdrawal). */
  ETH_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** The USDT (ERC-20) contract's address on that chain; unset: ETH only. */
  ETH_USDT_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "ETH_USDT_CONTRACT must be a 0x… address")
    .optional(),
  /** The hot wallet's private key (0x + 64 hex) that signs withdrawals; unset: no crypto withdrawals. */
  ETH_HOT_WALLET_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "ETH_HOT_WALLET_KEY must be 0x and 64 hex digits")
    .optional(),
  /** The chain's id, checked against the node's at start; unset: the node's is used. */
  ETH_CHAIN_ID: z.coerce.number().int().min(1).optional(),
  /**
   * Signs the built-in game provider's seamless-wallet calls. Generated per process when unset, which is safe
   * even in production: the built-in provider calls its own process's wallet, so the secret never leaves it.
   */
  HOUSE_GAMES_SECRET: secret("HOUSE_GAMES_SECRET"),
  /** How long a game launch may place bets (wins and rollbacks are accepted after). */
  /**
   * Minutes a deposit may stay unpaid: until then it counts against the player's deposit limit (money that may
   * still arrive); after, it expires (fails, frees the limit), and a payment reported later is still credited.
   */
  DEPOSIT_PENDING_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  GAME_SESSION_TTL_MINUTES: z.coerce.number().int().min(1).default(240),
  /** The crash game's betting phase before each round's curve starts (decision 0034). */
  CRASH_BETTING_SECONDS: z.coerce.number().min(1).max(60).default(6),
  /** The pause between a crash and the next round's betting phase. */
  CRASH_PAUSE_SECONDS: z.coerce.number().min(0).max(60).default(3),
  /** Hashes in a crash chain (one round each): walked once per process that runs rounds, ~1 s a million. */
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(2).max(10_000_000).default(1_000_000),
  /** How long the lobby's shared answers (collections, providers, game pages) are kept; 0 keeps none. */
  GAME_LOBBY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /**
   * Game aggregators reached through the seamless wallet, as JSON:
   * [{"id":"hub","secret":"…32+ chars…","launchUrl":"https://agg.example/launch?token={token}&game={game}"}]
   */
  GAME_AGGREGATORS: jsonList("GAME_AGGREGATORS", "aggregators", gameAggregators),
  /** A JSON feed of currency rates ({ base, rates }); `{base}` in it is replaced by the base currency. */
  RATES_URL: optionalUrl,
  RATES_REFRESH_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Seconds a live bet waits ("pending") before it is checked against the prices again and accepted or refused. */
  SPORTSBOOK_LIVE_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** The smallest stake of a bet, in the bet's currency (no conversion: one number for every currency). */
  SPORTSBOOK_MIN_STAKE: sportAmount("0.1"),
  /** The most a player may have staked on one market across their open bets, in the bet's currency. */
  SPORTSBOOK_MAX_STAKE_PER_MARKET: sportAmount("1000"),
  /** The most one bet may pay, in the bet's currency. */
  SPORTSBOOK_MAX_PAYOUT: sportAmount("50000"),
  /** The most a player may have staked across all their open and pending bets, in the bet's currency. */
  SPORTSBOOK_MAX_OPEN_STAKE: sportAmount("10000"),
  /** What cash-out keeps off the fair value of a bet, as a fraction (0.05 = 5 %). */
  SPORTSBOOK_CASH_OUT_MARGIN: z.coerce.number().min(0).max(0.5).default(0.05),
  /**
   * Hours an event with open bets may be missing from the feed (no event, no results) before those bets are void
   * on it and their stakes come back: a real feed may drop an event for a while and bring its result later.
   */
  SPORTSBOOK_DROPPED_EVENT_VOID_HOURS: z.coerce.number().min(0).max(720).default(48),
  /** How long the sportsbook token of the start-game call lasts; the widgets fetch a new one on account changes. */
  SPORTSBOOK_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Sends e-mail through this SMTP server (smtp://user:pass@host:587, smtps://…) instead of the outbox. */
  SMTP_URL: optionalUrl,
  /** The sender of every e-mail. */
  MAIL_FROM: z.string().default("Lucky Harbor <no-reply@luckyharbor.example>"),
  /** Self-exclusion periods a player may choose (RTS 12: at least six months), e.g. `6m,1y,5y`. */
  SELF_EXCLUSION_PERIODS: durations("6m,1y,2y,5y"),
  /** Breaks (cooling-off) a player may take, e.g. `24h,7d,30d,42d`. */
  COOLING_OFF_PERIODS: durations("24h,7d,30d,42d"),
  /** Hours a limit change that protects less (a raise, a removal) waits before it applies (RTS 12: 24). */
  LIMIT_COOLING_HOURS: z.coerce.number().int().min(1).default(24),
  /** Reality-check reminders a player may choose, in minutes of play (RTS 13), e.g. `15,30,60,120`. */
  REALITY_CHECK_INTERVALS: z
    .string()
    .default("15,30,60,120")
    .transform((v) =>
      v
        .split(",")
        .map((m) => m.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^\d{1,4}$/, "whole minutes like 15,30,60,120")).min(1))
    .transform((list) => [...new Set(list.map(Number))].sort((a, b) => a - b))
    .pipe(z.array(z.number().int().min(1, "at least one minute").max(1440, "at most a day"))),
  /** The reminder a player gets until they choose, where it is on by default; one of the intervals. */
  REALITY_CHECK_DEFAULT_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Countries (ISO 3166 codes) whose players get the reminder by default; elsewhere it is off until chosen. */
  REALITY_CHECK_DEFAULT_COUNTRIES: z
    .string()
    .default("GB")
    .transform((v) =>
      v
        .split(",")
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, "two-letter country codes like GB"))),
  /**
   * Withdrawals worth more than this in the base currency need a verified identity (when identity
   * verification is on); unset: no such rule.
   */
  /**
   * Withdrawals worth more than this (in the base currency) wait for a staff member's review in the back office
   * before they reach the processor (decision 0021); 0 reviews every withdrawal; `off` none.
   */
  WITHDRAWAL_REVIEW_ABOVE: z
    .string()
    .regex(/^(off|\d{1,20}(\.\d{1,18})?)$/, "a decimal amount in the base currency, or off")
    .default("1000"),
  /**
   * Withdrawals worth more than this (base currency) need a verified identity; 0: every withdrawal, so a player is
   * verified before their first. Unset, no such rule.
   */
  WITHDRAWAL_VERIFICATION_THRESHOLD: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, "a decimal amount in the base currency")
    .optional(),
  /**
   * Withdrawals go back where money came from: a player may withdraw only with a method they have deposited with
   * (the same processor and kind: a card to a card, Pix to Pix, a coin to that coin's network).
   */
  WITHDRAWALS_TO_SOURCE: flag("false"),
  /**
   * Once a player's paid deposits add up to more than this (base currency), further deposits need a verified
   * identity (while IDENTITY_VERIFICATION is on); unset, no such rule.
   */
  DEPOSIT_VERIFICATION_THRESHOLD: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, "a decimal amount in the base currency")
    .optional(),
  /**
   * A self-exclusion holds for the person, not only the account (decision 0053): a registration or login that
   * matches a self-excluded person (e-mail, phone, name + birth date) is refused, or held for staff to review
   * (`review`: the account is blocked until staff clear the match); `off` checks nothing.
   */
  EXCLUDED_PERSON_MATCH: z.enum(["refuse", "review", "off"]).default("refuse"),
  /** Also matches the device a self-excluded person used (the site's fingerprint), where the law allows it. */
  EXCLUDED_PERSON_MATCH_DEVICE: flag("false"),
  /** Days an affiliate's tag (`?stag=`) and a player's invitation (`?ref=`) count for in the visitor's browser (spec point 9). */
  AFFILIATE_TAG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Where operator alerts go (a ledger reconciliation that found problems); unset: the log only. */
  OPERATOR_EMAIL: z.string().email().optional(),
  /** Hours between ledger reconciliations; `npm run reconcile` runs one on demand. */
  RECONCILE_EVERY_HOURS: z.coerce.number().positive().default(24),
  /** Sends SMS through Twilio instead of the outbox when all three are set. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Twilio's API address; changed only by tests. */
  TWILIO_API_URL: z.string().url().default("https://api.twilio.com"),
  // Documents and identity verification (docs/decisions/0010-documents-and-identity.md).
  /** The largest document a player may upload, in bytes (10 MB). */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /**
   * The master keys uploads (documents, chat attachments) are sealed with, envelope-style: `id:<64 hex>[,…]`, the
   * first for new files, the rest to open files sealed before a rotation. Required in production; generated
   * elsewhere (`npm start` keeps its own in DATA_DIR).
   */
  DOCUMENTS_KEYS: z.string().optional(),
  /**
   * The youngest a player may be, in years: a birth date that makes them younger is refused, and the site's texts
   * quote it. 18 unless the operator's licence asks for more.
   */
  MIN_AGE: z.coerce.number().int().min(18).max(25).default(18),
  /**
   * The extra registration and profile fields by country (decision 0061), over the built-in ones:
   * `BR=cpf_number!,fullName!;PT=nationality!,profession;*=receiveBonus` (`!` required, `*` other countries,
   * `XX=` none). A country named here replaces its built-in list.
   */
  COUNTRY_FIELDS: z
    .string()
    .optional()
    .transform((v, ctx): Record<string, CountryFields> => {
      try {
        return parseCountryFields(v ?? "");
      } catch (err) {
        ctx.addIssue({ code: "custom", message: `COUNTRY_FIELDS: ${(err as Error).message}` });
        return z.NEVER;
      }
    }),
  /** Stores uploads in this S3-compatible bucket instead of DATA_DIR/files; needs the endpoint and both keys. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** The bucket's own encryption asked for on each upload (`AES256`, `aws:kms`), or `off` for a bucket without it. */
  S3_SERVER_SIDE_ENCRYPTION: z.enum(["AES256", "aws:kms", "off"]).default("AES256"),
  /** off, sandbox (the built-in flow) or sumsub; sandbox by default except in production, where it is off. */
  IDENTITY_VERIFICATION: z.enum(["off", "sandbox", "sumsub"]).optional(),
  /** Signs the built-in identity sandbox's tokens and webhooks; generated in development. */
  IDENTITY_SANDBOX_SECRET: secret("IDENTITY_SANDBOX_SECRET"),
  /** With verification on, remove the documents page (spec point 2); the API keeps answering. */
  HIDE_DOCUMENTS_PAGE: flag("false"),
  /** Sumsub's app token and secret key (dashboard → Developers), its webhook secret and the applicant level. */
  SUMSUB_APP_TOKEN: z.string().optional(),
  SUMSUB_SECRET_KEY: z.string().optional(),
  SUMSUB_WEBHOOK_SECRET: z.string().optional(),
  SUMSUB_LEVEL_NAME: z.string().default("basic-kyc-level"),
  SUMSUB_BASE_URL: z.string().url().default("https://api.sumsub.com"),
  /**
   * Add the demo data at start (the made-up studios and their games, bonuses and codes, quests, loyalty levels)
   * besides what every site needs (currencies, countries, locales, the house games). On by default except in
   * production, where it also needs SANDBOX_IN_PRODUCTION (decision 0047).
   */
  SEED_DEMO: z.enum(["true", "false", "1", "0"]).optional(),
  /**
   * The second switch a production server needs to run a sandbox (the payment sandbox, the identity sandbox)
   * or the demo data: exactly `yes-no-real-money`, so a demonstration site is said to be one on purpose.
   */
  SANDBOX_IN_PRODUCTION: z.enum(["yes-no-real-money"], { error: "only yes-no-real-money" }).optional(),
  // Integration keys: each integration runs only when its key is present (spec point 7).
  /** The sportsbook's widget host and operator id; unset host = the built-in widgets from our own host. */
  BETTING_PROVIDER_HOST: optionalUrl,
  BETTING_CLIENT_ID: z.string().optional(),
  /** Show sports (/betting, /sport, the home carousels); false hides them and the pages answer 404. */
  SPORTSBOOK_ENABLED: flag("true"),
  /** The built-in odds feed (docs/sportsbook-feed.md): its seed, clock speed, margin and schedule size. */
  SPORTS_SEED: z.coerce.number().int().default(2026),
  SPORTS_CLOCK_SPEED: z.coerce.number().positive().max(3600).default(1),
  SPORTS_MARGIN: z.coerce.number().min(0).max(0.3).default(0.06),
  SPORTS_DAYS_AHEAD: z.coerce.number().int().min(1).max(14).default(3),
  SPORTS_MAX_EVENTS: z.coerce.number().int().min(50).max(10_000).default(2000),
  /** Loyalty points, levels and their rewards (/loyalty, /api/retention/account|levels); false hides them (404). */
  LOYALTY_ENABLED: flag("true"),
  /** The referral programme (/referral, /api/referral, decision 0017); false hides it (404) and attributes nothing. */
  REFERRAL_ENABLED: flag("true"),
  /** What a referrer earns when a referred player's first deposit qualifies, per currency (`USD:5,EUR:5`; blank: none). */
  REFERRAL_FIRST_DEPOSIT_REWARD: perCurrency("USD:5,EUR:5"),
  /** The smallest first deposit that qualifies, per currency (`USD:10`); a currency not listed: any deposit. */
  REFERRAL_MIN_FIRST_DEPOSIT: perCurrency("USD:10,EUR:10"),
  /** The referrer's share (%) of each referred player's net gaming revenue per closed UTC day; 0 turns it off. */
  REFERRAL_REVENUE_SHARE_PERCENT: z
    .string()
    .default("10")
    .refine(
      (v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100,
      "a percentage from 0 to 100, 2 decimals at most",
    ),
  /**
   * The play-through of a referral's first-deposit reward (decision 0017): the referred player must stake real
   * money in the deposit's currency worth this many times the qualifying deposit before the referrer is paid; a
   * withdrawal paid out before that forfeits the reward. 0 pays at the deposit.
   */
  REFERRAL_REWARD_TURNOVER: z
    .string()
    .default("1")
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v), "a multiplier such as 1 or 1.5, 2 decimals at most"),
  /**
   * At most this many first-deposit rewards are paid to one referrer in any 24 hours; one played through past it
   * waits, and the `referral-waiting-rewards` job pays it when the window has room. 0: no limit.
   */
  REFERRAL_MAX_REWARDS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(10),
  /**
   * Refuse a referral when the new player signs up from an address one of the referrer's sessions used (a
   * device fingerprint match and the referrer's own code are refused always). Off only for local journeys,
   * where every browser is 127.0.0.1.
   */
  REFERRAL_SAME_ADDRESS_CHECK: flag("true"),
  /**
   * Lets `POST /api/dev/clock` move the server's clock forward (browser journeys that need a period to pass:
   * cashback). Never in production.
   */
  TEST_CLOCK_CONTROL: flag("false"),
  /** How often each process looks for domain facts to deliver besides the nudges after requests (decision 0014). */
  FACTS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  /** The bot's username (without @), for the Login Widget and links to the mini-app. */
  TELEGRAM_BOT_USERNAME: z.string().optional(),
  /** The public channel (username without @) the mini-app's news modal points to; unset shows the bot only. */
  TELEGRAM_NEWS_CHANNEL: z
    .string()
    .regex(/^[A-Za-z0-9_]{4,32}$/, "a Telegram username without @")
    .optional(),
  /** Where the bot's calls go (the Bot API server); tests and a self-hosted Bot API server point it elsewhere. */
  TELEGRAM_BOT_API_URL: z.string().url().default("https://api.telegram.org"),
  /**
   * Web Push (decision 0016): the VAPID key pair browsers' push services check our notices against, base64url
   * as `npx web-push generate-vapid-keys` prints them. Generated in development (DATA_DIR/dev-secrets.json);
   * unset in production, browser notifications are off (the opt-in is not offered).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, "a base64url P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, "a base64url P-256 private key")
    .optional(),
  /** Who the push services may contact about our notices: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "a mailto: or https: address")
    .optional(),
  /**
   * Bearer token of the operator API for service notices (POST /api/notification/operator/broadcasts,
   * docs/operations.md): unset, that API answers 404.
   */
  NOTIFICATIONS_OPERATOR_TOKEN: z
    .string()
    .min(16, "NOTIFICATIONS_OPERATOR_TOKEN must be at least 16 characters")
    .optional(),
  /** How old a mini-app's initData may be before it is refused (Telegram suggests a day). */
  TELEGRAM_AUTH_MAX_AGE_S: z.coerce.number().int().min(60).default(86_400),
  /**
   * OpenID Connect providers offered for sign-in, as JSON:
   * [{"id":"google","name":"Google","issuer":"https://accounts.google.com","clientId":"…"}] (scope, maxAge and
   * organization optional).
   */
  OIDC_PROVIDERS: jsonList("OIDC_PROVIDERS", "providers", oidcProviders),
  /** Shortcut for Google: its client id adds Google (issuer https://accounts.google.com) to the providers. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  // Support chat (decision 0018).
  /** The third-party chat widget (Freshchat-style): with both set the site loads it instead of the built-in chat. */
  CHAT_TOKEN: z.string().optional(),
  CHAT_HOST: optionalUrl,
  /** Guests may chat (the spec's guestAvailable); off, the chat needs sign-in. Off by default. */
  CHAT_GUEST_ENABLED: flag("false"),
  /**
   * Bearer token of the built-in chat's operator API (/api/chat/operator/…, docs/chat.md): unset, that API
   * answers 404.
   */
  CHAT_OPERATOR_TOKEN: z.string().min(16, "CHAT_OPERATOR_TOKEN must be at least 16 characters").optional(),
  /** Messages one visitor may send a minute. */
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** The largest chat attachment, in bytes (5 MB). */
  CHAT_ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  // Analytics (docs/decisions/0019-analytics-and-error-reporting.md): each loads in the browser after the first
  // paint, only when its key is set.
  /** The tag manager's container id (GTM-XXXX): its dataLayer gets the funnel's events. */
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, "a container id like GTM-AB12CD")
    .optional(),
  /** Where the tag manager's script comes from (`?id=` is added); changed by tests and first-party proxies. */
  GTM_SCRIPT_URL: z.string().url().default("https://www.googletagmanager.com/gtm.js"),
  /** The web-analytics counter's id (a Yandex Metrica-compatible counter): page views and the funnel's goals. */
  COUNTER_ID: z
    .string()
    .regex(/^\d{4,12}$/, "a numeric counter id")
    .optional(),
  COUNTER_SCRIPT_URL: z.string().url().default("https://mc.yandex.ru/metrika/tag.js"),
  /** The session recorder's project id (a Microsoft Clarity-compatible recorder); a player is identified by id. */
  RECORDER_ID: z
    .string()
    .regex(/^[a-z0-9]{4,20}$/, "a project id of lowercase letters and digits")
    .optional(),
  /** Where the recorder's script comes from (the project id is appended). */
  RECORDER_SCRIPT_URL: z.string().url().default("https://www.clarity.ms/tag/"),
  /** The ad pixel's address: each funnel code (spec point 9) is requested once as `?event=<code>&…`. */
  PIXEL_URL: optionalUrl,
  /** The visitor fingerprint (FingerprintJS, open source) sent on registration and login. */
  FINGERPRINT_ENABLED: flag("false"),
  /** The fingerprint library's monitoring ping (0.1 % of visitors, spec point 9); false sends none. */
  FINGERPRINT_MONITORING: flag("true"),
  /** Load the integrations above only after the visitor accepted cookies (the cookie notice's button). */
  ANALYTICS_REQUIRE_CONSENT: flag("true"),
  /** Error reporting (Sentry or a compatible service) of the site and the server; unset, a warning says so. */
  SENTRY_DSN: optionalUrl,
  /** The environment errors are filed under; defaults to APP_ENV. */
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  // Back office (docs/decisions/0020-back-office.md).
  /** The first administrator, created when the server starts with no staff (they enrol a second factor). */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "ADMIN_PASSWORD must be at least 12 characters").optional(),
  /** A staff session ends after this many minutes without a call. */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** A staff session ends this many hours after sign-in, however busy. */
  ADMIN_SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  /**
   * What one staff member may move alone for one player in a rolling 24 hours (base currency, sizes of either
   * sign, the new adjustment included): an adjustment that would take it above this waits for a second staff
   * member's approval; at or below it, it is applied at once (decision 0020).
   */
  ADMIN_ADJUSTMENT_APPROVAL_ABOVE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "a decimal amount in the base currency, e.g. 100")
    .default("100"),
  /** Addresses or CIDR ranges (comma-separated) the back office answers; unset, any address. */
  ADMIN_IP_ALLOWLIST: z
    .string()
    .optional()
    .transform((v) =>
      v
        ?.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
});

export type Config = Omit<
  z.output<typeof schema>,
  | "JWT_SECRET"
  | "COOKIE_SECRET"
  | "PAYMENT_SANDBOX_SECRET"
  | "PAYMENT_SANDBOX_ENABLED"
  | "HOUSE_GAMES_SECRET"
  | "IDENTITY_VERIFICATION"
  | "IDENTITY_SANDBOX_SECRET"
  | "DOCUMENTS_KEYS"
  | "SEED_DEMO"
> & {
  /** Whether the start adds the demo data (decision 0047). */
  SEED_DEMO: boolean;
  HOUSE_GAMES_SECRET: string;
  JWT_SECRET: string;
  COOKIE_SECRET: string;
  PAYMENT_SANDBOX_SECRET: string;
  /** Whether the built-in sandbox processor takes payments. */
  paymentSandbox: boolean;
  IDENTITY_VERIFICATION: "off" | "sandbox" | "sumsub";
  IDENTITY_SANDBOX_SECRET: string;
  /** The bucket uploads go to, when all of S3_ENDPOINT, S3_BUCKET and both keys are set. */
  s3?: {
    endpoint: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    region: string;
    serverSideEncryption?: "AES256" | "aws:kms";
  };
  /** The master keys uploads are sealed with (DOCUMENTS_KEYS; a generated one outside production). */
  documentKeys: MasterKey[];
  /** Where the site tells browsers it lives; derived from PORT when PUBLIC_URL is unset. */
  publicUrl: string;
  /** Web Push's VAPID keys and subject; undefined when browser notifications are off (production without keys). */
  webPush?: { publicKey: string; privateKey: string; subject: string };
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The deployment mode an environment asks for: APP_ENV when set; unset, production when NODE_ENV=production
 * (a server started for production without APP_ENV must not run with development's open doors: the dev
 * outbox, the payment sandbox, generated secrets), else development. `npm start` pins APP_ENV to development
 * when it picks NODE_ENV itself, so a newcomer's start needs no secrets (decision 0001).
 */
export function appEnvOf(env: Record<string, string | undefined>): string {
  return env.APP_ENV ?? (env.NODE_ENV === "production" ? "production" : "development");
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse({ ...env, APP_ENV: appEnvOf(env) });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const production = c.APP_ENV === "production";
  const on = (v: string | undefined, byDefault: boolean) =>
    v === undefined ? byDefault : ["true", "1"].includes(v);
  const paymentSandbox = on(c.PAYMENT_SANDBOX_ENABLED, !production);
  const seedDemo = on(c.SEED_DEMO, !production);
  const identity = c.IDENTITY_VERIFICATION ?? (production ? "off" : "sandbox");
  // Every problem at once: an operator fixes the list in one go instead of one restart per variable.
  const problems: string[] = [];
  if (production) {
    for (const k of [
      "JWT_SECRET",
      "COOKIE_SECRET",
      ...(paymentSandbox ? (["PAYMENT_SANDBOX_SECRET"] as const) : []),
      ...(identity === "sandbox" ? (["IDENTITY_SANDBOX_SECRET"] as const) : []),
    ] as const)
      if (!c[k]) problems.push(`  ${k}: required in production (at least 32 characters)`);
    if (!c.PUBLIC_URL)
      problems.push(
        "  PUBLIC_URL: required in production (the site's address, for links, e-mails and webhooks)",
      );
    // A sandbox takes pretend money and the demo data names made-up studios: on a production server only as a
    // demonstration site, said so on purpose with a second switch (decision 0047).
    if (c.SANDBOX_IN_PRODUCTION === undefined) {
      const sandboxes = [
        ...(paymentSandbox ? ["PAYMENT_SANDBOX_ENABLED (the sandbox payment processor: no real money)"] : []),
        ...(identity === "sandbox" ? ["IDENTITY_VERIFICATION=sandbox (approves any document)"] : []),
        ...(seedDemo ? ["SEED_DEMO (made-up games, studios, bonus codes and quests)"] : []),
      ];
      for (const s of sandboxes)
        problems.push(
          `  ${s}: not for real players; unset it, or set SANDBOX_IN_PRODUCTION=yes-no-real-money for a demonstration site`,
        );
    }
  }
  if (identity === "sumsub")
    for (const k of ["SUMSUB_APP_TOKEN", "SUMSUB_SECRET_KEY", "SUMSUB_WEBHOOK_SECRET"] as const)
      if (!c[k]) problems.push(`  ${k}: required when IDENTITY_VERIFICATION is sumsub`);
  const s3Keys = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const s3Set = s3Keys.filter((k) => c[k]);
  if (s3Set.length > 0 && s3Set.length < s3Keys.length)
    problems.push(`  ${s3Keys.filter((k) => !c[k]).join(", ")}: needed with ${s3Set.join(", ")}`);
  if (!c.REALITY_CHECK_INTERVALS.includes(c.REALITY_CHECK_DEFAULT_MINUTES))
    problems.push(
      `  REALITY_CHECK_DEFAULT_MINUTES: must be one of REALITY_CHECK_INTERVALS (${c.REALITY_CHECK_INTERVALS.join(", ")})`,
    );
  if (production && c.TEST_CLOCK_CONTROL) problems.push("  TEST_CLOCK_CONTROL: not allowed in production");
  for (const k of ["WITHDRAWAL_VERIFICATION_THRESHOLD", "DEPOSIT_VERIFICATION_THRESHOLD"] as const)
    if (c[k] && identity === "off")
      problems.push(
        `  ${k}: needs IDENTITY_VERIFICATION (sandbox or sumsub); with it off nobody could be verified`,
      );
  let documentKeys: MasterKey[] = [{ id: "generated", key: randomBytes(32) }];
  if (c.DOCUMENTS_KEYS)
    try {
      documentKeys = parseMasterKeys(c.DOCUMENTS_KEYS);
    } catch (err) {
      problems.push(`  DOCUMENTS_KEYS: ${(err as Error).message}`);
    }
  else if (production)
    problems.push(
      "  DOCUMENTS_KEYS: required in production (id:<64 hex characters>; `openssl rand -hex 32`)",
    );
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY))
    problems.push("  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither");
  if (c.PIX_API_URL)
    for (const k of ["PIX_CLIENT_ID", "PIX_CLIENT_SECRET", "PIX_CERT", "PIX_KEY", "PIX_KEY_CHAVE"] as const)
      if (!c[k]) problems.push(`  ${k}: required with PIX_API_URL`);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  return {
    ...c,
    // Generated secrets live as long as the process (tests); `npm start` in development keeps them in DATA_DIR.
    JWT_SECRET: c.JWT_SECRET ?? randomBytes(32).toString("hex"),
    COOKIE_SECRET: c.COOKIE_SECRET ?? randomBytes(32).toString("hex"),
    PAYMENT_SANDBOX_SECRET: c.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString("hex"),
    HOUSE_GAMES_SECRET: c.HOUSE_GAMES_SECRET ?? randomBytes(32).toString("hex"),
    paymentSandbox,
    SEED_DEMO: seedDemo,
    IDENTITY_VERIFICATION: identity,
    IDENTITY_SANDBOX_SECRET: c.IDENTITY_SANDBOX_SECRET ?? randomBytes(32).toString("hex"),
    s3:
      c.S3_ENDPOINT && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: c.S3_ENDPOINT,
            bucket: c.S3_BUCKET,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
            region: c.S3_REGION,
            ...(c.S3_SERVER_SIDE_ENCRYPTION === "off"
              ? {}
              : { serverSideEncryption: c.S3_SERVER_SIDE_ENCRYPTION }),
          }
        : undefined,
    documentKeys,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    webPush: webPushKeys(c, production),
  };
}

/** The configured VAPID keys; outside production a fresh pair when none is set (tests; `npm start` keeps its own). */
function webPushKeys(c: z.output<typeof schema>, production: boolean): Config["webPush"] {
  const subject = c.VAPID_SUBJECT ?? `mailto:${c.OPERATOR_EMAIL ?? "operator@example.com"}`;
  if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY)
    return { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject };
  if (production) return undefined;
  return { ...webPush.generateVAPIDKeys(), subject };
}
