import { and, desc, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { ContentKind } from "#common/api/admin-content";
import { SITE_LOCALES } from "#common/i18n/locales";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { describeEachDb } from "../../test/harness";
import { caller } from "../player/test-support";
import { adminAudit } from "../staff/tables";
import { staffToken } from "../staff/test-support";
import { validateText } from "./entries";
import { ContentStore } from "./store";
import { contentEntries } from "./tables";

const LOCALES = SITE_LOCALES.map((l) => l.code);

describeEachDb("back office: content (banners, pages, FAQ)", (ctx) => {
  const { call } = caller(() => ctx().app);
  let token: string | undefined;
  /** A content staff member's session (the role that holds content.write). */
  const editor = async () => {
    token ??= (await staffToken(ctx().app, ctx().database.db, ["content"])).token;
    return token;
  };
  const staff = async (method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
    call({ method, url: `/api/admin/content${url}`, body, token: await editor() });
  const entry = (kind: ContentKind, identity: string, locale: string) =>
    staff("GET", `/${kind}/entry?identity=${encodeURIComponent(identity)}&locale=${locale}`);
  /** The site's answer, as a guest's browser asks for it. */
  const site = async (url: string) => {
    const res = await call({ method: "GET", url: `/api/content${url}` });
    expect(res.status, url).toBe(200);
    return res.body;
  };
  const auditOf = (targetId: string) =>
    ctx()
      .database.db.select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "content_entry"), eq(adminAudit.targetId, targetId)))
      .orderBy(desc(adminAudit.id));

  it("lists each kind's entries with their state per locale and the fields of the kind", async () => {
    const questions = await staff("GET", "/question");
    expect(questions.status).toBe(200);
    const list = questions.body.data;
    expect(list.locales).toEqual(LOCALES);
    expect(list.cacheSeconds).toBe(900);
    const withdrawal = list.entries.find((e: { identity: string }) => e.identity === "withdrawal-time");
    expect(withdrawal.states).toEqual({ en: "file", ru: "file", "pt-br": "file" });
    expect(withdrawal.title).toMatch(/withdraw/i);
    const category = list.fields.find((f: { name: string }) => f.name === "category");
    expect(category.options).toEqual(["account", "payments", "bonuses"]);
    const banners = (await staff("GET", "/banner")).body.data;
    expect(banners.entries.map((e: { identity: string }) => e.identity)).toEqual([
      "welcome",
      "payouts",
      "loyalty",
    ]);
    const pages = (await staff("GET", "/page")).body.data;
    expect(pages.entries.map((e: { identity: string }) => e.identity)).toContain("terms");
    expect((await staff("GET", "/nothing")).status).toBe(422);
  });

  it("serves staff's text of an FAQ answer before the file at once, in its locale only; reverted, the file's again", async () => {
    const before = await site("/questions/withdrawal-time?locale=ru");
    const english = await site("/questions/withdrawal-time?locale=en");
    const file = (await entry("question", "withdrawal-time", "ru")).body.data;
    expect(file.state).toBe("file");
    const saved = await staff("PUT", "/question/entry", {
      identity: "withdrawal-time",
      locale: "ru",
      attributes: { ...file.effective.attributes, title: "Как быстро приходят выплаты?" },
      body: "Обычно **в течение часа** после одобрения.",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      state: "edited",
      effective: { attributes: { title: "Как быстро приходят выплаты?" } },
    });
    expect(saved.body.data.file).toEqual(file.file);
    // The site's answer was in the cache: only the invalidation can change it before 15 minutes.
    const after = await site("/questions/withdrawal-time?locale=ru");
    expect(after.title).toBe("Как быстро приходят выплаты?");
    expect(after.html).toContain("<strong>в течение часа</strong>");
    expect(after.html).not.toBe(before.html);
    expect(await site("/questions/withdrawal-time?locale=en")).toEqual(english);
    const listed = (await site("/questions?locale=ru")).categories.flatMap(
      (c: { questions: unknown[] }) => c.questions,
    );
    expect(listed).toContainEqual(
      expect.objectContaining({ identity: "withdrawal-time", title: "Как быстро приходят выплаты?" }),
    );
    const listed2 = (await staff("GET", "/question")).body.data.entries.find(
      (e: { identity: string }) => e.identity === "withdrawal-time",
    );
    expect(listed2.states).toEqual({ en: "file", ru: "edited", "pt-br": "file" });
    // The list names it in the default locale, whichever locale was edited.
    expect(listed2.title).toBe(english.title);

    const [saveRecord] = await auditOf("question:withdrawal-time:ru");
    expect(saveRecord).toMatchObject({
      action: "content.entry.save",
      before: { state: "file" },
      after: { state: "edited" },
    });
    expect((saveRecord!.after as { source: string }).source).toContain("в течение часа");

    const reverted = await staff("POST", "/question/entry/revert", {
      identity: "withdrawal-time",
      locale: "ru",
    });
    expect(reverted.status).toBe(200);
    expect(reverted.body.data.state).toBe("file");
    expect(await site("/questions/withdrawal-time?locale=ru")).toEqual(before);
    const [revertRecord] = await auditOf("question:withdrawal-time:ru");
    expect(revertRecord).toMatchObject({
      action: "content.entry.revert",
      before: { state: "edited" },
      after: { state: "file" },
    });
    // Nothing left to revert.
    expect(
      (await staff("POST", "/question/entry/revert", { identity: "withdrawal-time", locale: "ru" })).status,
    ).toBe(404);
  });

  it("refuses a broken entry with 422 naming the field, and changes nothing", async () => {
    const db = ctx().database.db;
    const rows = await db.select().from(contentEntries);
    const records = await db.select().from(adminAudit).where(eq(adminAudit.targetType, "content_entry"));
    const banner = (await entry("banner", "payouts", "en")).body.data.effective;
    const question = (await entry("question", "currencies", "en")).body.data.effective;
    const page = (await entry("page", "about", "en")).body.data.effective;
    const home = await site("/home?locale=en");
    const cases: [ContentKind, unknown, string][] = [
      ["banner", { ...banner, attributes: { ...banner.attributes, title: "" } }, "title"],
      ["banner", { ...banner, attributes: { ...banner.attributes, accent: "pink" } }, "accent"],
      [
        "banner",
        { ...banner, attributes: { ...banner.attributes, ctaHref: "javascript:alert(1)" } },
        "ctaHref",
      ],
      ["banner", { ...banner, attributes: { ...banner.attributes, title: "Up to {welcomeMaxx}" } }, "title"],
      ["banner", { ...banner, attributes: { ...banner.attributes, image: "/evil.svg" } }, "image"],
      ["banner", { ...banner, attributes: { ...banner.attributes, colour: "red" } }, "colour"],
      ["banner", { ...banner, body: "  " }, "body"],
      ["question", { ...question, attributes: { ...question.attributes, category: "nowhere" } }, "category"],
      ["question", { ...question, attributes: { ...question.attributes, order: "first" } }, "order"],
      ["page", { ...page, body: "Hi <script>alert(1)</script>" }, "body"],
      ["page", { ...page, body: "[click](javascript:alert(1))" }, "body"],
      ["page", { ...page, attributes: { ...page.attributes, colorMode: "sepia" } }, "colorMode"],
    ];
    const identities: Record<ContentKind, string> = {
      banner: "payouts",
      question: "currencies",
      page: "about",
    };
    for (const [kind, text, field] of cases) {
      const res = await staff("PUT", `/${kind}/entry`, {
        identity: identities[kind],
        locale: "en",
        ...(text as object),
      });
      expect(res.status, `${kind} ${field}`).toBe(422);
      expect(Object.keys(res.body.errors), `${kind} ${field}`).toEqual([field]);
    }
    // Unknown entries are not made by a save; a bad identity is not made by a create.
    expect(
      (await staff("PUT", "/question/entry", { identity: "no-such-question", locale: "en", ...question }))
        .status,
    ).toBe(404);
    const badIdentity = await staff("POST", "/question", {
      identity: "Bad Identity",
      locale: "en",
      ...question,
    });
    expect(badIdentity.status).toBe(422);
    expect(badIdentity.body.errors.identity).toBeDefined();
    expect(await db.select().from(contentEntries)).toEqual(rows);
    expect(await db.select().from(adminAudit).where(eq(adminAudit.targetType, "content_entry"))).toEqual(
      records,
    );
    expect(await site("/home?locale=en")).toEqual(home);
  });

  it("creates an FAQ answer and a banner that exist only in the database; the site lists them; translated; removed by revert", async () => {
    const created = await staff("POST", "/question", {
      identity: "crypto-fees",
      locale: "en",
      attributes: { title: "Do crypto withdrawals cost a fee?", category: "payments", order: 9 },
      body: "No fee from us; the network's fee is shown before you confirm.",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.state).toBe("new");
    const payments = (await site("/questions?locale=en")).categories.find(
      (c: { category: string }) => c.category === "payments",
    );
    expect(payments.questions.at(-1)).toMatchObject({
      identity: "crypto-fees",
      title: "Do crypto withdrawals cost a fee?",
    });
    // Untranslated, Russian visitors read the English text; the list says so.
    expect((await site("/questions/crypto-fees?locale=ru")).locale).toBe("en");
    const states = () =>
      staff("GET", "/question").then(
        (r) => r.body.data.entries.find((e: { identity: string }) => e.identity === "crypto-fees").states,
      );
    expect(await states()).toEqual({ en: "new", ru: "missing", "pt-br": "missing" });
    const missing = (await entry("question", "crypto-fees", "ru")).body.data;
    expect(missing).toMatchObject({ state: "missing", effective: null, file: null });
    expect(missing.fallback.attributes.title).toBe("Do crypto withdrawals cost a fee?");
    const translated = await staff("PUT", "/question/entry", {
      identity: "crypto-fees",
      locale: "ru",
      attributes: { title: "Есть ли комиссия за вывод криптовалюты?", category: "payments", order: 9 },
      body: "Мы не берём комиссию.",
    });
    expect(translated.status).toBe(200);
    expect(await site("/questions/crypto-fees?locale=ru")).toMatchObject({
      locale: "ru",
      title: "Есть ли комиссия за вывод криптовалюты?",
    });
    expect(await states()).toEqual({ en: "new", ru: "new", "pt-br": "missing" });
    // Taken: whether by a file or by staff.
    for (const identity of ["crypto-fees", "withdrawal-time"]) {
      const again = await staff("POST", "/question", { identity, locale: "pt-br", ...missing.fallback });
      expect(again.status, identity).toBe(409);
      expect(again.body.code).toBe("identity_taken");
    }

    const banner = await staff("POST", "/banner", {
      identity: "weekend-cup",
      locale: "en",
      attributes: {
        eyebrow: "This weekend",
        title: "The Weekend Cup is on",
        ctaLabel: "Join the cup",
        ctaHref: "/static/weekend-cup",
        image: "/art/banners/payouts.svg",
        accent: "blue",
        order: 0,
      },
      body: "Play any slot from Friday to Sunday and climb the table.",
    });
    expect(banner.status, JSON.stringify(banner.body)).toBe(200);
    const home = await site("/home?locale=pt-br");
    expect(home.banners[0]).toMatchObject({
      id: "weekend-cup",
      title: "The Weekend Cup is on",
      accent: "blue",
      cta: { href: "/static/weekend-cup" },
    });
    expect(home.banners.map((b: { id: string }) => b.id)).toContain("payouts");

    for (const [kind, identity] of [
      ["question", "crypto-fees"],
      ["banner", "weekend-cup"],
    ] as const) {
      await staff("POST", `/${kind}/entry/revert`, { identity, locale: "en" });
    }
    // The Russian translation keeps the question there in Russian only; the banner is gone everywhere.
    expect((await call({ method: "GET", url: "/api/content/questions/crypto-fees?locale=en" })).status).toBe(
      404,
    );
    expect((await site("/home?locale=pt-br")).banners.map((b: { id: string }) => b.id)).not.toContain(
      "weekend-cup",
    );
    const gone = await staff("POST", "/question/entry/revert", { identity: "crypto-fees", locale: "ru" });
    expect(gone.status).toBe(200);
    expect(gone.body.data).toBeNull();
    expect((await entry("question", "crypto-fees", "en")).status).toBe(404);
    expect(
      await ctx()
        .database.db.select()
        .from(contentEntries)
        .where(like(contentEntries.identity, "crypto-fees")),
    ).toEqual([]);
  });

  it("edits a banner's title in one locale: the home page shows it at once, with its figures filled", async () => {
    const banner = (await entry("banner", "welcome", "pt-br")).body.data.effective;
    const before = await site("/home?locale=pt-br");
    const res = await staff("PUT", "/banner/entry", {
      identity: "welcome",
      locale: "pt-br",
      ...banner,
      attributes: { ...banner.attributes, title: "Até {welcomeMax} para começar" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await site("/home?locale=pt-br");
    const welcome = after.banners.find((b: { id: string }) => b.id === "welcome");
    expect(welcome.title).toMatch(/^Até \d[\d.,\s]* \w+ para começar$/);
    expect(after.banners.map((b: { id: string }) => b.id)).toEqual(
      before.banners.map((b: { id: string }) => b.id),
    );
    expect((await site("/home?locale=en")).banners[0].title).not.toContain("começar");
    await staff("POST", "/banner/entry/revert", { identity: "welcome", locale: "pt-br" });
    expect(await site("/home?locale=pt-br")).toEqual(before);
  });

  it("lets support and marketing read the content but not change it", async () => {
    for (const role of ["support", "marketing"] as const) {
      const other = await staffToken(ctx().app, ctx().database.db, [role]);
      const read = await call({ method: "GET", url: "/api/admin/content/page", token: other.token });
      expect(read.status, role).toBe(200);
      const write = await call({
        method: "POST",
        url: "/api/admin/content/page/entry/revert",
        body: { identity: "terms", locale: "en" },
        token: other.token,
      });
      expect(write.status, role).toBe(403);
    }
  });
});

describe("content files", () => {
  it("each banner, page and question of the files passes the checks staff's text must pass", async () => {
    const files = new ContentStore();
    const help = await files.readJson("en", "help.json");
    const categories = Object.keys((help!.questions as { categories: object }).categories);
    const images = (await files.fileBanners("en")).map((b) => String(b.text.attributes.image));
    let checked = 0;
    for (const kind of ["banner", "page", "question"] as const)
      for (const locale of LOCALES)
        for (const identity of await files.fileIdentities(kind, locale)) {
          const text = (await files.fileText(kind, identity, locale))!;
          expect(
            () => validateText(kind, text, { categories, images }),
            `${kind} ${locale} ${identity}`,
          ).not.toThrow();
          checked++;
        }
    expect(checked).toBeGreaterThan(50);
  });

  it("a body's feature blocks pass as the site serves them; markup hidden by them or a broken block does not", () => {
    const page = (body: string) => () =>
      validateText("page", { attributes: { title: "T" }, body }, { categories: [], images: [] });
    expect(
      page(
        "Age {minAge}.<!-- if a --> A.<!-- else --> B.<!-- end -->\n\n<!-- if not b -->- item\n<!-- end -->",
      ),
    ).not.toThrow();
    for (const body of [
      "<!-- if a --><script>x()</script><!-- end -->",
      "<!-- if not a -->[x](javascript:alert(1))<!-- end -->",
      "<!-- if a -->Never closed.",
      "<scr<!-- if a --><!-- else -->ipt>x()</script><!-- end -->",
    ])
      expect(page(body), body).toThrow(/Raw HTML|A link may not/);
  });
});

describeEachDb("content edits across processes", (ctx) => {
  const redisUrl = process.env.TEST_REDIS_URL;
  const opened: { app: FastifyInstance; redis: Redis }[] = [];
  afterAll(async () => {
    for (const o of opened) {
      await o.app.close();
      o.redis.disconnect();
    }
  });
  const serverProcess = async () => {
    const redis = new Redis(redisUrl!);
    const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", BEHIND_CLOUDFLARE: "true" });
    const app = await buildApp({ config, db: ctx().database.db, redis });
    await app.ready();
    opened.push({ app, redis });
    return app;
  };

  it.runIf(redisUrl)(
    "serves an edit from another server process on its next request, not 15 minutes later",
    async () => {
      const one = await serverProcess();
      const two = await serverProcess();
      const { token } = await staffToken(one, ctx().database.db, ["content"]);
      const question = async (app: FastifyInstance) =>
        (await app.inject({ method: "GET", url: "/api/content/questions/set-limits?locale=en" })).json();
      const before = await question(two);
      const file = (
        await one.inject({
          method: "GET",
          url: "/api/admin/content/question/entry?identity=set-limits&locale=en",
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data.effective;
      const saved = await one.inject({
        method: "PUT",
        url: "/api/admin/content/question/entry",
        headers: { authorization: `Bearer ${token}` },
        payload: { identity: "set-limits", locale: "en", ...file, body: "Open **Limits** in your profile." },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // The other process had the old answer cached; the announcement over Redis empties it.
      await expect
        .poll(async () => (await question(two)).html, { timeout: 5_000 })
        .toContain("<strong>Limits</strong>");
      expect((await question(two)).html).not.toBe(before.html);
    },
  );
});
