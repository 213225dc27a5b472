import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../http/errors";
import { ContentService, excerptOf, fillFacts } from "./service";
import { ContentStore } from "./store";

function tree(files: Record<string, string | object>) {
  const root = mkdtempSync(join(tmpdir(), "content-"));
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), typeof value === "string" ? value : JSON.stringify(value));
  }
  return new ContentService(new ContentStore(root));
}

const md = (attrs: Record<string, string | number>, body: string) =>
  `---\n${Object.entries(attrs)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n")}\n---\n${body}`;

describe("content service", () => {
  const content = tree({
    "en/pages/terms.md": md({ title: "Terms", description: "The rules" }, "# Terms\n\nPlay **fair**."),
    "ru/pages/terms.md": md({ title: "Условия", description: "Правила" }, "Играйте честно."),
    "en/pages/promotions/summer-cup.md": md({ title: "Summer Cup", colorMode: "light" }, "Win."),
    "en/help.json": { questions: { title: "FAQ", categories: { account: "Account", payments: "Payments" } } },
    "ru/help.json": { questions: { categories: { account: "Аккаунт" } } },
    "en/questions/verify.md": md(
      { title: "How to verify?", category: "account", order: 2 },
      "Upload a *photo* ID.",
    ),
    "en/questions/register.md": md(
      { title: "How to register?", category: "account", order: 1 },
      "Press sign up.",
    ),
    "en/questions/withdraw.md": md(
      { title: "Withdrawals", category: "payments", order: 1 },
      "Within 24 hours.",
    ),
    "en/questions/odd.md": md({ title: "Odd one", category: "misc" }, "Text."),
    "ru/questions/register.md": md(
      { title: "Как зарегистрироваться?", category: "account", order: 1 },
      "Нажмите.",
    ),
  });

  it("renders a page's Markdown to HTML with its front matter", async () => {
    const page = await content.page("terms", "en");
    expect(page).toEqual({
      identity: "terms",
      locale: "en",
      title: "Terms",
      description: "The rules",
      html: "<h1>Terms</h1>\n<p>Play <strong>fair</strong>.</p>\n",
    });
    expect((await content.page("terms", "ru")).title).toBe("Условия");
  });

  it("serves the default locale's page when a translation is missing, saying so", async () => {
    const page = await content.page("promotions/summer-cup", "pt-br");
    expect(page).toMatchObject({ locale: "en", title: "Summer Cup", colorMode: "light" });
  });

  it("answers 404 for unknown pages and for identities that are not slugs", async () => {
    for (const id of ["nope", "../en/pages/terms", "Terms", "a//b", "a/", "terms.md"]) {
      await expect(content.page(id, "en")).rejects.toMatchObject({ status: 404 } satisfies Partial<ApiError>);
    }
  });

  it("groups questions by category in the help texts' order, translated where it can", async () => {
    const list = await content.questions("ru");
    expect(list.categories.map((c) => [c.category, c.title, c.questions.map((q) => q.title)])).toEqual([
      ["account", "Аккаунт", ["Как зарегистрироваться?", "How to verify?"]],
      ["payments", "Payments", ["Withdrawals"]],
      ["misc", "misc", ["Odd one"]],
    ]);
    expect(list.categories[0]!.questions[1]).toEqual({
      identity: "verify",
      title: "How to verify?",
      category: "account",
      excerpt: "Upload a photo ID.",
    });
  });

  it("serves one question with its HTML and category title", async () => {
    expect(await content.question("verify", "en")).toEqual({
      identity: "verify",
      locale: "en",
      title: "How to verify?",
      category: "account",
      categoryTitle: "Account",
      excerpt: "Upload a photo ID.",
      html: "<p>Upload a <em>photo</em> ID.</p>\n",
    });
    await expect(content.question("missing", "en")).rejects.toMatchObject({ status: 404 });
  });
});

describe("excerpts", () => {
  it("take the opening text as plain text, without headings or link targets", () => {
    expect(excerptOf("# Title\n\nSee [our terms](/static/terms) and `code`.\n\nSecond.")).toBe(
      "See our terms and code. Second.",
    );
  });

  it("continue into a list when the opening line only introduces it", () => {
    expect(excerptOf("They usually include:\n\n- **Cards:** Visa.\n- PIX.", 60)).toBe(
      "They usually include: Cards: Visa. PIX.",
    );
  });

  it("cut long text at a word with an ellipsis", () => {
    const e = excerptOf("word ".repeat(100), 40);
    expect(e.endsWith("…")).toBe(true);
    expect(e.length).toBeLessThanOrEqual(41);
    expect(e).not.toMatch(/\s…$/);
  });
});

describe("texts made true for this site", () => {
  const facts = {
    features: { verifyBeforeFirstWithdrawal: true, withdrawalsToSource: false },
    values: { minAge: "21" },
  };

  it("keeps or drops blocks by the features and fills the figures it knows", () => {
    const text =
      "You must be {minAge}.<!-- if verifyBeforeFirstWithdrawal --> We verify you first.<!-- end -->" +
      "<!-- if withdrawalsToSource --> Back to the source.<!-- else --> To a method in your name.<!-- end -->" +
      "<!-- if not withdrawalsToSource --> (any of yours)<!-- end --> At least {min} characters.";
    expect(fillFacts(text, facts)).toBe(
      "You must be 21. We verify you first. To a method in your name. (any of yours) At least {min} characters.",
    );
    expect(fillFacts(text, { features: {}, values: {} })).toBe(
      "You must be {minAge}. To a method in your name. (any of yours) At least {min} characters.",
    );
  });

  it("settles nested blocks from the inside out", () => {
    const text =
      "Refused<!-- if verifyBeforeFirstWithdrawal --> (by e-mail<!-- if withdrawalsToSource -->, device<!-- end -->)<!-- else --> never<!-- end -->.";
    expect(fillFacts(text, facts)).toBe("Refused (by e-mail).");
    const both = { features: { verifyBeforeFirstWithdrawal: true, withdrawalsToSource: true }, values: {} };
    expect(fillFacts(text, both)).toBe("Refused (by e-mail, device).");
    expect(fillFacts(text, { features: {}, values: {} })).toBe("Refused never.");
  });

  it("fills pages, questions and dictionaries as it serves them", async () => {
    const root = mkdtempSync(join(tmpdir(), "content-"));
    const write = (path: string, text: string) => {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write(
      "en/pages/terms.md",
      md({ title: "Terms" }, "Be {minAge}.<!-- if withdrawalsToSource --> Source.<!-- end -->"),
    );
    write("en/questions/age.md", md({ title: "Age?", category: "account" }, "Only from {minAge} years."));
    write("en/layout.json", JSON.stringify({ footer: { age: ["Adults ({minAge}+)"] } }));
    const service = new ContentService(new ContentStore(root), async () => facts);
    expect((await service.page("terms", "en")).html).toBe("<p>Be 21.</p>\n");
    const q = await service.question("age", "en");
    expect([q.excerpt, q.html]).toEqual(["Only from 21 years.", "<p>Only from 21 years.</p>\n"]);
    expect(await service.directory("layout", "en")).toEqual({ footer: { age: ["Adults (21+)"] } });
  });
});
