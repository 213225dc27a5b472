import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { okResponse, type SessionResponse, sessionResponse } from "#common/api/player";
import type { ChatSiteSettings } from "#common/chat-widget";
import type { SiteLocale } from "#common/i18n/locales";
import type { AppDeps } from "../../app";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { clientIp } from "../../http/client-ip";
import type { ContentStore } from "../content";
import type { FormChecker } from "./forms";
import { requestLocale } from "./forms";

/** What the accounts services are built from: the app's dependencies plus the form checker. */
/**
 * What registration asks of bonuses (the bonus module fills it): the sign-up form's optional bonus code is
 * checked before the player is created and redeemed once they are.
 */
export interface RegistrationCodes {
  /** 3 incorrect or 4 not available (BONUS_CODE_STATUS) when the code cannot be redeemed at sign-up. */
  refusal(code: string): Promise<number | undefined>;
  redeem(playerId: bigint, code: string, sessionId: string): Promise<void>;
}

/** A new player as the referral programme needs them: who, the code they came with, from where, when. */
export interface SignUp {
  playerId: bigint;
  /** The code the sign-up carried (?ref, `referralCode`, the messenger's `ref_id`). */
  code: unknown;
  ip?: string | null;
  fingerprint?: string | null;
  at: Date;
}

/**
 * The steps of a registration that belong to higher modules (a port the player module owns; server/app.ts fills
 * it from the referral and bonus faces, so that player imports neither).
 */
export interface RegistrationSteps {
  /** Inside the sign-up's transaction: attributes the new player to the referrer whose code they came with. */
  attributeReferral(tx: Db, signUp: SignUp): Promise<unknown>;
  /** The sign-up form's bonus code. */
  codes: RegistrationCodes;
}

/** What /player/init says of the chat: a port, since chat sits above player; server/app.ts fills it from chat's face. */
export type SiteChat = (config: Config) => ChatSiteSettings;

export type AccountDeps = AppDeps & {
  forms: FormChecker;
  content: ContentStore;
  log: FastifyBaseLogger;
  registrationCodes?: RegistrationCodes;
};

/** Who is asking, as the services need it: the address for limits and the sessions list, the language. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
  locale: SiteLocale;
  /** The visitor's country from the CDN header, when it names one. */
  country: string | null;
}

export function requestContext(req: FastifyRequest, preferredLocale?: string | null): RequestContext {
  return {
    ip: clientIp(req),
    userAgent: req.headers["user-agent"] ?? null,
    locale: requestLocale(req, preferredLocale),
    country: req.clientCountry,
  };
}

/** The answer of a call that changes something and has nothing else to say, and its response schema. */
export const OK = { ok: true } as const;
export const okAnswer = { 200: okResponse };

/**
 * A call that logs a player in: a form body in, a new session out (spec point 7). Every way in (password, login
 * token, Telegram, an OpenID provider) is posted the same way, and its token set as the HttpOnly cookie (0037).
 */
export function loginRoute<B extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  path: string,
  body: B,
  login: (body: z.infer<B>, context: RequestContext) => Promise<SessionResponse>,
): void {
  app.post(path, { schema: { body, response: { 200: sessionResponse } } }, async (req, reply) =>
    // The type provider cannot see through the generic schema; fastify has parsed the body with it.
    reply.withSession(await login(req.body as z.infer<B>, requestContext(req))),
  );
}
