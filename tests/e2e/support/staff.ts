import type { Page } from "playwright-core";
import { inject } from "vitest";
import { baseUrl } from "./base";
import { totpNow } from "./demo-admin";
import { call, hydrated } from "./player";

export { totpNow };

export const STAFF_PASSWORD = "back-office-journey-1";

/**
 * A new staff member with these roles, created by the run's administrator through the API, as an
 * administrator does on the Staff screen; not yet enrolled.
 */
export async function newStaffMember(roles: string[]): Promise<{ email: string; password: string }> {
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await call("/api/admin/staff", {
    body: { email, name: `Staff ${roles.join(" ")}`, password: STAFF_PASSWORD, roles },
    token: inject("staffAdminToken"),
  });
  return { email, password: STAFF_PASSWORD };
}

/**
 * Signs a staff member in on /admin as a person does the first time: the password, then enrolling the secret
 * shown (read from the page, as an authenticator app reads the QR code) with a code from it, then past the
 * recovery codes. Answers the secret. The page ends on the back office's overview.
 */
export async function signInStaffPage(page: Page, member: { email: string; password: string }) {
  await page.goto(`${baseUrl()}/admin`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByTestId("admin-totp-qr").waitFor();
  const secret = (await page.getByTestId("admin-totp-secret").textContent())!.trim();
  await page.getByLabel("Code", { exact: true }).fill(totpNow(secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("admin-recovery-codes").locator("li").first().waitFor();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await page.getByTestId("admin-me").waitFor();
  return secret;
}
