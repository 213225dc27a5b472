import type { CodeSentResponse, RegisterBody, RegisterPhoneBody, SessionResponse } from "#common/api/player";
import { BONUS_CODE_STATUS } from "#common/constants";
import { ISO_COUNTRY_CODES, isExcludedCountry } from "#common/countries";
import { nicknameFromEmail, nicknameFromPhone } from "#common/nickname";
import type { FieldValidation } from "#common/validation/rules";
import { parsePhone } from "#common/validation/rules";
import { hashPassword } from "../../lib/passwords";
import { openFirstAccount } from "../wallet";
import { CODE_TTL_SECONDS, codeContext, issueCode, spendCode } from "./codes";
import type { AccountDeps, RequestContext } from "./context";
import { countryFieldColumns, countryFieldErrors, refuseHoneypot } from "./country-field-values";
import { isCommonPassword } from "./credentials";
import { sendVerifyLinkFor } from "./email-verification";
import { checkExcludedPerson, refuseExcludedRegistration } from "./excluded-persons";
import { FORMS, fieldError, str } from "./forms";
import { accountLimits, enforce, limitCodeSends } from "./limits";
import { sendSmsCode } from "./notify";
import {
  findByEmail,
  findByPhone,
  isOfferedCurrency,
  type PlayerRow,
  recordRegistered,
  toProfile,
  uniqueViolation,
} from "./profile";
import { openSession } from "./sessions";
import { players } from "./tables";
import { text } from "./texts";

/** Marketing and attribution details a registration may carry (spec point 7: fingerprint, affiliateTag). */
function attribution(body: RegisterBody | RegisterPhoneBody) {
  return {
    fingerprint: str(body.fingerprint)?.slice(0, 200) ?? null,
    affiliateTag: str(body.affiliateTag)?.slice(0, 100) || null,
  };
}

/** Why the sign-up's bonus code cannot be redeemed, in the visitor's words; undefined when it can (or none). */
async function bonusCodeError(deps: AccountDeps, body: RegisterBody | RegisterPhoneBody, locale: string) {
  const code = str(body.bonusCode);
  if (!code || !deps.registrationCodes) return undefined;
  const refusal = await deps.registrationCodes.refusal(code);
  if (refusal === undefined) return undefined;
  return text(
    locale,
    refusal === BONUS_CODE_STATUS.incorrect ? "bonusCodeIncorrect" : "bonusCodeNotAvailable",
  );
}

/** Adds the errors of the rules the server alone can judge: a common password, the currency, the country. */
async function serverRules(
  deps: AccountDeps,
  body: RegisterBody | RegisterPhoneBody,
  errors: Record<string, string[]>,
  locale: string,
  fields: Record<string, FieldValidation>,
) {
  await countryFieldErrors(deps.db, fields, body, errors, locale);
  const password = str(body.password);
  if (password && !errors.password && (await isCommonPassword(password)))
    errors.password = [text(locale, "commonPassword")];
  const currency = str(body.currency);
  if (currency && !errors.currency && !(await isOfferedCurrency(deps.db, currency)))
    errors.currency = [text(locale, "unknownCurrency")];
  const codeError = await bonusCodeError(deps, body, locale);
  if (codeError && !errors.bonusCode) errors.bonusCode = [codeError];
  const country = str(body.country);
  if (country && !errors.country && (!ISO_COUNTRY_CODES.includes(country) || isExcludedCountry(country)))
    errors.country = [text(locale, "unknownCountry")];
}

/** The country a new player gets: the one they chose, else the visitor's when the site accepts it. */
function countryOf(body: { country?: string }, ctx: RequestContext): string | null {
  const chosen = str(body.country);
  if (chosen) return chosen;
  return ctx.country && ISO_COUNTRY_CODES.includes(ctx.country) && !isExcludedCountry(ctx.country)
    ? ctx.country
    : null;
}

/**
 * Creates the player and its first session in one transaction, so a failure leaves nothing behind. `player` is
 * what the way of registering knows (the address, the password hash, the nickname); the language, country,
 * currency and attribution come from the form and the request as for every registration.
 */
async function createPlayerWithSession(
  deps: AccountDeps,
  body: RegisterBody | RegisterPhoneBody,
  ctx: RequestContext,
  player: Pick<typeof players.$inferInsert, "email" | "phone" | "phoneVerifiedAt" | "receiveEmailPromo"> & {
    passwordHash: string;
    nickname: string;
  },
  fields: Record<string, FieldValidation>,
) {
  const extra = await countryFieldColumns(fields, body);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(players)
      .values({
        ...player,
        ...extra,
        language: ctx.locale,
        country: countryOf(body, ctx),
        currency: str(body.currency) || null,
        affiliateTag: attribution(body).affiliateTag,
      })
      .returning();
    await recordRegistered(tx, row!);
    await openFirstAccount(tx, row!.id, { currency: row!.currency, country: row!.country });
    const session = await openSession(deps, tx, row!.id, {
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      fingerprint: attribution(body).fingerprint,
    });
    // Compared with the referrer's sessions before this one's is counted as theirs: it is the new player's.
    await deps.registrationSteps.attributeReferral(tx, {
      playerId: row!.id,
      code: body.referralCode,
      ip: ctx.ip,
      fingerprint: attribution(body).fingerprint,
      at: row!.createdAt,
    });
    return { row: row!, session };
  });
}

/**
 * Under EXCLUDED_PERSON_MATCH=review a sign-up that matches a self-excluded person is made, then held (blocked)
 * for staff to review: the answer is that 403, and the session it opened is of no use while the hold lasts.
 * (Under `refuse` the match was refused before anything was made.)
 */
async function holdIfExcludedPerson(
  deps: AccountDeps,
  playerId: bigint,
  body: RegisterBody | RegisterPhoneBody,
) {
  if (deps.config.EXCLUDED_PERSON_MATCH !== "review") return;
  await checkExcludedPerson(deps, playerId, "registration", { fingerprint: attribution(body).fingerprint });
}

/**
 * The sign-up's bonus code, once the player exists: checked before (serverRules), so a refusal now is a race
 * for the code's last use — the player is registered all the same, without the reward.
 */
async function redeemRegistrationCode(
  deps: AccountDeps,
  body: RegisterBody | RegisterPhoneBody,
  player: Pick<PlayerRow, "id" | "receiveBonus">,
  sessionId: string,
) {
  const code = str(body.bonusCode);
  // A player who declined bonuses at sign-up gets no registration bonus, whatever code came with the form.
  if (!code || !deps.registrationCodes || !player.receiveBonus) return;
  const playerId = player.id;
  await deps.registrationCodes
    .redeem(playerId, code, sessionId)
    .catch((err) => deps.log.warn({ err }, "registration bonus code not redeemed"));
}

/**
 * POST /api/player/register: creates the player and its first session, and logs in at once. The verification
 * e-mail follows the commit; a mail failure does not undo the registration (the player can ask for it again).
 */
export async function registerByEmail(
  deps: AccountDeps,
  body: RegisterBody,
  ctx: RequestContext,
): Promise<SessionResponse> {
  const limits = accountLimits(deps.config);
  await enforce(deps, ctx.locale, [`register:ip:${ctx.ip}`, limits.registerPerIp]);
  refuseHoneypot(body, ctx.locale);
  // The rules of the country the player will have (decision 0061).
  const fields = deps.forms.scenario("registration", countryOf(body, ctx));
  await deps.forms.check(fields, body, ctx.locale, async (errors) => {
    await serverRules(deps, body, errors, ctx.locale, fields);
    const email = str(body.email);
    if (email && !errors.email && (await findByEmail(deps.db, email)))
      errors.email = [text(ctx.locale, "emailTaken")];
  });
  const email = str(body.email)!;
  await refuseExcludedRegistration(deps, { email, fingerprint: attribution(body).fingerprint });
  const passwordHash = await hashPassword(str(body.password)!);
  try {
    const { row, session } = await createPlayerWithSession(
      deps,
      body,
      ctx,
      {
        email,
        passwordHash,
        nickname: nicknameFromEmail(email),
        receiveEmailPromo: body.receiveEmailPromo === true,
      },
      fields,
    );
    await holdIfExcludedPerson(deps, row.id, body);
    await redeemRegistrationCode(deps, body, row, session.sessionId);
    await sendVerifyLinkFor(deps, row).catch((err) => deps.log.warn({ err }, "verification e-mail not sent"));
    return { accessToken: session.accessToken, profile: toProfile(row, { isNewlyRegistered: true }) };
  } catch (err) {
    // Two registrations of one address at once: the second meets the unique index.
    const constraint = uniqueViolation(err);
    if (constraint?.includes("cpf")) throw fieldError("cpf_number", text(ctx.locale, "cpfTaken"));
    if (constraint) throw fieldError("email", text(ctx.locale, "emailTaken"));
    throw err;
  }
}

/**
 * POST /api/player/register/phone. Without `code`: sends an SMS code (always, so the answer does not tell
 * whether the number is registered). With `code` and `password`: spends the code, then creates the player,
 * phone verified, and logs in. Only after the code proves the number does the answer say it is taken.
 */
export async function registerByPhone(
  deps: AccountDeps,
  body: RegisterPhoneBody,
  ctx: RequestContext,
): Promise<SessionResponse | CodeSentResponse> {
  const limits = accountLimits(deps.config);
  const codeCtx = codeContext(deps);
  refuseHoneypot(body, ctx.locale);
  // The country's extra fields are judged before the SMS goes, and again with the code.
  const extras = deps.forms.countryExtras("registration", countryOf(body, ctx));
  if (body.code === undefined || body.code === null || body.code === "") {
    await deps.forms.check({ ...FORMS.phoneSend, ...extras }, body, ctx.locale, (errors) =>
      countryFieldErrors(deps.db, extras, body, errors, ctx.locale),
    );
    const phone = parsePhone(String(body.phone));
    if (!phone.ok) throw fieldError("phone", text(ctx.locale, "wrongCode"));
    // The code is checked before the SMS goes, so the sign-up form (not the code step) says what is wrong.
    const codeError = await bonusCodeError(deps, body, ctx.locale);
    if (codeError) throw fieldError("bonusCode", codeError);
    await limitCodeSends(deps, ctx, phone.e164);
    const code = await issueCode(codeCtx, { purpose: "phone-register", target: phone.e164 });
    await sendSmsCode(deps, phone.e164, code, ctx.locale);
    return { ok: true, expiresIn: CODE_TTL_SECONDS };
  }

  await enforce(deps, ctx.locale, [`register:ip:${ctx.ip}`, limits.registerPerIp]);
  const fields = { ...FORMS.phoneRegister, ...extras };
  await deps.forms.check(fields, body, ctx.locale, (errors) =>
    serverRules(deps, body, errors, ctx.locale, fields),
  );
  const phone = parsePhone(String(body.phone));
  if (!phone.ok) throw fieldError("phone", text(ctx.locale, "wrongCode"));
  // Spent outside the transaction below, so a wrong code's attempt is counted even though nothing is created.
  if (!(await spendCode(codeCtx, { purpose: "phone-register", target: phone.e164, code: String(body.code) })))
    throw fieldError("code", text(ctx.locale, "wrongCode"));
  if (await findByPhone(deps.db, phone.e164)) throw fieldError("phone", text(ctx.locale, "phoneTaken"));
  await refuseExcludedRegistration(deps, { phone: phone.e164, fingerprint: attribution(body).fingerprint });
  const passwordHash = await hashPassword(str(body.password)!);
  try {
    const { row, session } = await createPlayerWithSession(
      deps,
      body,
      ctx,
      {
        phone: phone.e164,
        phoneVerifiedAt: codeCtx.now,
        passwordHash,
        nickname: nicknameFromPhone(phone.e164),
      },
      fields,
    );
    await holdIfExcludedPerson(deps, row.id, body);
    await redeemRegistrationCode(deps, body, row, session.sessionId);
    return { accessToken: session.accessToken, profile: toProfile(row, { isNewlyRegistered: true }) };
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.includes("cpf")) throw fieldError("cpf_number", text(ctx.locale, "cpfTaken"));
    if (constraint) throw fieldError("phone", text(ctx.locale, "phoneTaken"));
    throw err;
  }
}
