import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";

const PASSWORD = "harbor-lights-7";

async function registerPlayer(): Promise<string> {
  const email = `docs-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${inject("baseUrl")}/api/player/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, password_confirmation: PASSWORD, agreements: true }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function playerPage(token: string, width: number): Promise<Page> {
  const page = await newPage({ width, height: width < 500 ? 844 : 800, isMobile: width < 500 });
  await page.context().addCookies([{ name: "access_token", value: token, url: inject("baseUrl") }]);
  await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
  return page;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

describe.each([1280, 390])("documents and identity journey at %i px", (width) => {
  let token: string;
  let photo: Buffer;
  beforeAll(async () => {
    token = await registerPlayer();
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#888" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Someone" } })
      .toBuffer();
  });

  it("uploads a document and sees it in review, is told why a fake is refused, deletes the pending one", async () => {
    const page = await playerPage(token, width);
    // The one refusal the journey provokes on purpose.
    const problems = watchPageProblems(page, {
      ignore: [/422.*\/api\/player\/documents|\/api\/player\/documents.*422|status of 422/],
    });
    await page.goto("/profile/documents");
    await hydrated(page);
    await page.getByTestId("documents-empty").waitFor();
    await expect(page.getByRole("link", { name: "Documents" }).count()).resolves.toBeGreaterThan(0);

    await page.getByTestId("document-type").selectOption("proof_of_address");
    await page
      .getByTestId("document-file")
      .setInputFiles({ name: "bill.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByTestId("document-submit").click();
    const row = page.getByTestId("document-row");
    await row.waitFor();
    expect(await row.getByTestId("document-status").textContent()).toBe("In review");
    expect(await row.textContent()).toContain("Proof of address");
    await saveScreenshot(page, "profile-documents");

    await page.getByTestId("document-file").setInputFiles({
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("MZ\x90\x00 this is a program", "latin1"),
    });
    await page.getByTestId("document-submit").click();
    await page.getByTestId("document-error").waitFor();
    expect(await page.getByTestId("document-error").textContent()).toBe(
      "Upload a JPEG, PNG, HEIC or PDF file",
    );
    expect(await row.count()).toBe(1);

    await row.getByTestId("document-delete").click();
    await row.getByTestId("document-delete-confirm").click();
    await page.getByTestId("documents-empty").waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("verifies identity through the sandbox's page and sees the status", async () => {
    const page = await playerPage(token, width);
    const problems = watchPageProblems(page);
    await page.goto("/profile/documents");
    await hydrated(page);
    const status = page.getByTestId("verification-status");
    await status.waitFor();
    expect(await status.getAttribute("data-status")).toBe("unverified");
    await page.getByTestId("verify-start").click();
    await page.waitForURL(/\/api\/player\/services\/sumsub\/sandbox\//);
    await page.getByRole("button", { name: "Approve verification" }).click();
    await page.waitForURL(/\/profile\/documents\?verification=done/);
    await hydrated(page);
    await page.waitForSelector('[data-testid="verification-status"][data-status="verified"]');
    expect(await page.getByTestId("verify-start").count()).toBe(0);
    await saveScreenshot(page, "profile-documents-verified");
    expect(problems).toEqual([]);
    await page.close();
  });
});
