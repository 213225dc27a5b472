import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LIMIT_DEFINITION, PLAYER_STATUS } from "#common/constants";
import { describeEachDb, type TestApp } from "../../test/harness";
import { staffToken } from "../staff/test-support";
import { mailboxOf } from "./excluded-persons";
import { excludedPersonMatches, players } from "./tables";
import { caller, freshEmail, manualClock, PASSWORD } from "./test-support";

const DAY = 86_400_000;
const clock = manualClock();

describe("the mailbox an address delivers to", () => {
  it("drops case, +tags and Gmail's dots, and unites Gmail's two domains", () => {
    expect(mailboxOf(" Ana.Souza+casino2@GoogleMail.com ")).toBe("anasouza@gmail.com");
    expect(mailboxOf("ana.souza@example.com")).toBe("ana.souza@example.com");
    expect(mailboxOf("ana+x@example.com")).toBe("ana@example.com");
  });
});

/** What each describe below shares: players, their exclusion, their personal details, the staff's view. */
function people(ctx: () => TestApp, now?: () => Date) {
  const { call, register, login } = caller(() => ctx().app);
  const db = () => ctx().database.db;
  const as = (token: string, c: Parameters<typeof call>[0]) =>
    call({ ...c, headers: { authorization: `Bearer ${token}`, ...c.headers } });

  async function excludedPerson(email = freshEmail("ana.souza"), details = {}) {
    const p = await register(email, details);
    if (Object.keys(details).length > 0)
      expect(
        (
          await call({
            method: "PUT",
            url: "/api/player/profile",
            token: p.accessToken,
            body: { ...p.profile, ...details },
          })
        ).status,
      ).toBe(200);
    const set = await call({
      url: "/api/player/limits",
      token: p.accessToken,
      body: { definition: LIMIT_DEFINITION.selfExclusion, period: "6m" },
    });
    expect(set.status).toBe(201);
    return { id: BigInt(p.profile.id), email };
  }
  const matchesOf = (playerId: bigint) =>
    db().select().from(excludedPersonMatches).where(eq(excludedPersonMatches.excludedPlayerId, playerId));
  const statusOf = async (playerId: bigint) =>
    (await db().select({ s: players.status }).from(players).where(eq(players.id, playerId)))[0]!.s;
  const staff = () => staffToken(ctx().app, db(), ["support"], now);
  /** The responsible-gaming page as the site gets it, in a language. */
  const rulesPage = async (locale = "en") =>
    String(
      (await call({ method: "GET", url: `/api/content/pages/responsible-gaming?locale=${locale}` })).body
        .html,
    );
  return { call, register, login, db, as, excludedPerson, matchesOf, statusOf, staff, rulesPage };
}

const PERSON = { firstName: "Ana", lastName: "Souza", birthdate: "1990-05-17" };

describeEachDb(
  "self-exclusion holds for the person: refused (the default)",
  (ctx) => {
    const t = people(ctx, () => clock.now());

    it("refuses a new registration by another alias of the same mailbox, and staff see the attempt", async () => {
      const ana = await t.excludedPerson("ana.souza+first@gmail.com");
      const again = await t.call({
        url: "/api/player/register",
        body: {
          email: "AnaSouza@googlemail.com",
          password: PASSWORD,
          password_confirmation: PASSWORD,
          agreements: true,
        },
      });
      expect([again.status, again.body.code]).toEqual([403, "excluded_person"]);
      // Nothing was made: no account under that address.
      expect((await t.login("AnaSouza@googlemail.com")).status).toBe(422);
      const [match] = await t.matchesOf(ana.id);
      expect(match).toMatchObject({
        playerId: null,
        matchedBy: ["email"],
        event: "registration",
        outcome: "refused",
      });
      expect(match!.attempt).toBe("A***@googlemail.com");
      const s = await t.staff();
      const page = await t.as(s.token, { method: "GET", url: `/api/admin/players/${ana.id}` });
      expect(page.body.data.excludedPersonMatches).toMatchObject([
        { excludedPlayerId: String(ana.id), outcome: "refused" },
      ]);
    });

    it("refuses the login of another account with the same name and birth date until staff clear the match", async () => {
      const ana = await t.excludedPerson(freshEmail("ana"), PERSON);
      const other = await t.register(freshEmail("a.s"));
      // Filled while Ana's exclusion runs; the next login is compared.
      await t.call({
        method: "PUT",
        url: "/api/player/profile",
        token: other.accessToken,
        body: { ...other.profile, firstName: " ana ", lastName: "SOUZA", birthdate: PERSON.birthdate },
      });
      const refused = await t.login(other.email);
      expect([refused.status, refused.body.code]).toEqual([403, "excluded_person"]);
      const [match] = await t.matchesOf(ana.id);
      expect(match).toMatchObject({
        playerId: BigInt(other.profile.id),
        matchedBy: ["name-birthdate"],
        event: "login",
      });
      // The same name born another day is another person.
      const namesake = await t.register(freshEmail("ana2"));
      await t.call({
        method: "PUT",
        url: "/api/player/profile",
        token: namesake.accessToken,
        body: { ...namesake.profile, ...PERSON, birthdate: "1991-05-17" },
      });
      expect((await t.login(namesake.email)).status).toBe(200);

      const s = await t.staff();
      const page = await t.as(s.token, { method: "GET", url: `/api/admin/players/${other.profile.id}` });
      const shown = page.body.data.excludedPersonMatches;
      expect(shown).toMatchObject([
        {
          playerId: String(other.profile.id),
          excludedPlayerId: String(ana.id),
          matchedBy: ["name-birthdate"],
        },
      ]);
      const bad = await t.as(s.token, {
        url: `/api/admin/players/${other.profile.id}/excluded-person-matches/${shown[0].id}/clear`,
        body: {},
      });
      expect([bad.status, bad.body.code]).toEqual([422, "validation_error"]);
      // Only the account that tried can be cleared: not through another player's page.
      const wrong = await t.as(s.token, {
        url: `/api/admin/players/${ana.id}/excluded-person-matches/${shown[0].id}/clear`,
        body: { reason: "checked" },
      });
      expect(wrong.status).toBe(404);
      const cleared = await t.as(s.token, {
        url: `/api/admin/players/${other.profile.id}/excluded-person-matches/${shown[0].id}/clear`,
        body: { reason: "Different person: passport checked" },
      });
      expect(cleared.status).toBe(200);
      expect((await t.login(other.email)).status).toBe(200);
    });

    it("lets the excluded person's details in again once the exclusion has ended", async () => {
      await t.excludedPerson("bea.lima+one@example.com");
      clock.advance(200 * DAY);
      const back = await t.call({
        url: "/api/player/register",
        body: {
          email: "bea.lima+two@example.com",
          password: PASSWORD,
          password_confirmation: PASSWORD,
          agreements: true,
        },
      });
      expect(back.status).toBe(201);
    });

    it("says so on the responsible-gaming page, in each language", async () => {
      const en = await t.rulesPage();
      expect(en).toContain("It covers you, not only this account");
      expect(en).toMatch(/name and birth date\) is refused/);
      expect(en).not.toContain("held until");
      expect(await t.rulesPage("ru")).toContain("отклоняется");
      expect(await t.rulesPage("pt-br")).toContain("é recusado");
    });

    it("does not compare devices unless the operator turns it on", async () => {
      const fingerprint = "device-of-carla-0001";
      const carla = await t.register(freshEmail("carla"), { fingerprint });
      await t.call({
        url: "/api/player/limits",
        token: carla.accessToken,
        body: { definition: LIMIT_DEFINITION.selfExclusion, period: "6m" },
      });
      const other = await t.call({
        url: "/api/player/register",
        body: {
          email: freshEmail("zed"),
          password: PASSWORD,
          password_confirmation: PASSWORD,
          agreements: true,
          fingerprint,
        },
      });
      expect(other.status).toBe(201);
    });
  },
  { clock },
);

describeEachDb(
  "self-exclusion holds for the person: held for review, devices compared",
  (ctx) => {
    const t = people(ctx);

    it("says so on the responsible-gaming page, devices included", async () => {
      const en = await t.rulesPage();
      expect(en).toContain("or the device you used) is held until our team has checked it");
      expect(en).not.toContain("is refused");
    });

    it("makes the account, holds it blocked, and lets it in once staff clear the match and unblock it", async () => {
      const fingerprint = "device-of-dora-0001";
      const dora = await t.register(freshEmail("dora"), { fingerprint });
      await t.call({
        url: "/api/player/limits",
        token: dora.accessToken,
        body: { definition: LIMIT_DEFINITION.selfExclusion, period: "1y" },
      });
      const email = freshEmail("someone");
      const held = await t.call({
        url: "/api/player/register",
        body: { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: true, fingerprint },
      });
      expect([held.status, held.body.code]).toEqual([403, "account_held"]);
      const [match] = await t.matchesOf(BigInt(dora.profile.id));
      expect(match).toMatchObject({ matchedBy: ["device"], event: "registration", outcome: "held" });
      const heldId = match!.playerId!;
      expect(await t.statusOf(heldId)).toBe(PLAYER_STATUS.blocked);
      expect((await t.login(email)).body.code).toBe("account_blocked");

      const s = await t.staff();
      await t.as(s.token, {
        url: `/api/admin/players/${heldId}/excluded-person-matches/${match!.id}/clear`,
        body: { reason: "A shared family computer; IDs differ" },
      });
      await t.as(s.token, {
        url: `/api/admin/players/${heldId}/status`,
        body: { status: "active", reason: "Match cleared" },
      });
      // Logging in from another device: the cleared match no longer stops this account.
      expect((await t.login(email)).status).toBe(200);
    });
  },
  { env: { EXCLUDED_PERSON_MATCH: "review", EXCLUDED_PERSON_MATCH_DEVICE: "true" } },
);

describeEachDb(
  "self-exclusion matching off",
  (ctx) => {
    const t = people(ctx);
    it("compares nothing, and the page promises nothing", async () => {
      expect(await t.rulesPage()).not.toContain("It covers you");
      await t.excludedPerson("eva.rocha+a@example.com");
      const res = await t.call({
        url: "/api/player/register",
        body: {
          email: "eva.rocha+b@example.com",
          password: PASSWORD,
          password_confirmation: PASSWORD,
          agreements: true,
        },
      });
      expect(res.status).toBe(201);
    });
  },
  { env: { EXCLUDED_PERSON_MATCH: "off" } },
);
