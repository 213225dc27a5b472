import { describe, expect, it } from "vitest";
import { LIMIT_DEFINITION } from "#common/constants";
import { baseUrl } from "./support/base";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, PLAYER_PASSWORD, registerPlayer } from "./support/player";
import { newStaffMember, signInStaffPage } from "./support/staff";

/** POST /api/player/sessions as the sign-in modal sends it: the status and the error code, not a throw. */
async function logIn(email: string) {
  const res = await fetch(`${baseUrl()}/api/player/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: email, password: PLAYER_PASSWORD }),
  });
  return { status: res.status, code: ((await res.json()) as { code?: string }).code };
}

async function setPerson(token: string, person: { firstName: string; lastName: string; birthdate: string }) {
  const profile = await call<Record<string, unknown>>("/api/player/profile", { token });
  await call("/api/player/profile", { method: "PUT", body: { ...profile, ...person }, token });
}

/**
 * Self-exclusion holds for the person (issue 42, decision 0053): a second account with a self-excluded person's
 * name and birth date cannot log in; support sees the match on that player's page, checks, and clears it as
 * another person; the account logs in again. The panel is read at 1280 and 390 px.
 */
describe("back office: a self-exclusion match", () => {
  for (const width of [1280, 390] as const)
    it(`is shown on the player's page and cleared by support (${width} px)`, {
      timeout: 150_000,
    }, async () => {
      const person = {
        firstName: `Nadia${Math.random().toString(36).slice(2, 7)}`,
        lastName: "Okafor",
        birthdate: "1988-02-29",
      };
      const excluded = await registerPlayer("excluded");
      await setPerson(excluded.token, person);
      await call("/api/player/limits", {
        body: { definition: LIMIT_DEFINITION.selfExclusion, period: "6m" },
        token: excluded.token,
      });
      const second = await registerPlayer("second");
      await setPerson(second.token, person);
      expect(await logIn(second.email)).toEqual({ status: 403, code: "excluded_person" });
      const secondId = String(
        (await call<{ id: string }>("/api/player/profile", { token: second.token })).id,
      );

      // Signed in at desktop width (the staff menu folds away at 390 px), then read at the journey's width.
      const page = await newPage({ width: 1280 });
      const problems = watchPageProblems(page);
      try {
        await signInStaffPage(page, await newStaffMember(["support"]));
        await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
        await page.goto(`${baseUrl()}/admin/players/${secondId}`);
        const panel = page.getByTestId("admin-player-exclusion-matches");
        await panel.waitFor();
        expect(await panel.textContent()).toMatch(
          /Login refused · matches self-excluded player #\d+ by name \+ birth date/,
        );
        await saveScreenshot(page, "admin-exclusion-match");
        await panel.getByLabel(/Why this is another person/).fill("Passport seen: another person");
        await panel.getByRole("button", { name: "Not the same person" }).click();
        await panel.getByText(/Cleared by/).waitFor();
        expect(await logIn(second.email)).toMatchObject({ status: 200 });
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
});
