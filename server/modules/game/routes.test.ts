import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedDemo } from "../../db/seed";
import { describeEachDb } from "../../test/harness";
import { caller } from "../player/test-support";
import { DEMO_COLLECTIONS, DEMO_GAMES } from "./demo-catalogue";
import { LOBBY_CACHE_NAME } from "./lobby";
import { gameCollections, gameProviders, games } from "./tables";

describeEachDb("games API", (ctx) => {
  const { call, register } = caller(() => ctx().app);
  const get = (url: string, opts: { token?: string; country?: string } = {}) =>
    call({
      method: "GET",
      url,
      token: opts.token,
      headers: opts.country ? { "cf-ipcountry": opts.country } : {},
    });

  it("seeds at least 300 games over at least 12 providers, once however often it runs", async () => {
    const db = ctx().database.db;
    await seedDemo(db);
    await seedDemo(db);
    const [g] = await db.select({ n: sql<number>`count(*)::int` }).from(games);
    const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(gameProviders);
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(gameCollections);
    expect(g!.n).toBeGreaterThanOrEqual(300);
    expect(p!.n).toBeGreaterThanOrEqual(12);
    expect(c!.n).toBe(DEMO_COLLECTIONS.length);
    const demo = await get("/api/game/games?provider=northwind-play&perPage=1");
    expect(demo.body.data[0]).toMatchObject({
      isDemoContent: true,
      provider: { identity: "northwind-play" },
    });
    expect(demo.body.data[0].description).toMatch(/^Demo content/);
  });

  it("serves a guest's lobby from memory until the catalogue's writer invalidates it", async () => {
    const db = ctx().database.db;
    const url = "/api/game/games?provider=northwind-play&sort=name&perPage=1";
    const first = (await get(url)).body.data[0];
    const renamed = `${first.name} (renamed)`;
    await db
      .update(games)
      .set({ name: renamed })
      .where(eq(games.id, Number(first.id)));
    // Not announced: the page comes from memory, also with the filters written differently.
    expect((await get(url)).body.data[0].name).toBe(first.name);
    expect(
      (await get("/api/game/games?provider[]=NORTHWIND-PLAY&sort=name&perPage=1")).body.data[0].name,
    ).toBe(first.name);
    await ctx().cache.invalidate(LOBBY_CACHE_NAME);
    expect((await get(url)).body.data[0].name).toBe(renamed);
    // The seed writes the demo name back and invalidates: every visitor sees it at once.
    await seedDemo(db, ctx().cache);
    expect((await get(url)).body.data[0].name).toBe(first.name);
  });

  it("lists collections by country: no list is for everyone, a list only for its countries, hidden never", async () => {
    const ids = async (country?: string) =>
      (await get("/api/game/collections", { country })).body.data.map(
        (c: { identity: string }) => c.identity,
      );
    expect(await ids()).toEqual(["popular", "new", "slots", "table-games", "instant", "originals"]);
    expect(await ids("BR")).toContain("brazil-favourites");
    expect(await ids("BR")).not.toContain("india-top");
    expect(await ids("BD")).toContain("india-top");
    for (const c of [undefined, "BR", "IN"]) expect(await ids(c)).not.toContain("vip-lounge");
  });

  it("counts each collection's games as its games list does, for the visitor's country", async () => {
    for (const country of [undefined, "BR"]) {
      for (const c of (await get("/api/game/collections", { country })).body.data) {
        const list = await get(`/api/game/games?collection=${c.identity}&perPage=1`, { country });
        expect({ [c.identity]: c.gamesCount }).toEqual({ [c.identity]: list.body.meta.totalRows });
      }
    }
  });

  it("finds a collection by identity whatever the case, never a hidden one or another country's", async () => {
    const slots = await get("/api/game/games?collection=SLOTS&perPage=5");
    expect(slots.status).toBe(200);
    expect(slots.body.meta.totalRows).toBeGreaterThan(200);
    expect((await get("/api/game/games?collection=Vip-Lounge")).status).toBe(404);
    expect((await get("/api/game/games?collection=brazil-favourites")).status).toBe(404);
    expect((await get("/api/game/games?collection=Brazil-Favourites", { country: "BR" })).status).toBe(200);
  });

  it("puts the card and table games in 'Table games' and keeps them out of 'Instant games'", async () => {
    const featuresOf = async (collection: string) =>
      (await get(`/api/game/games?collection=${collection}&perPage=100`)).body.data.map(
        (g: { features: string[] }) => g.features,
      ) as string[][];
    const table = await featuresOf("table-games");
    // The built-in originals and the studios' skins of blackjack, baccarat, roulette and video poker.
    expect(table.length).toBeGreaterThanOrEqual(20);
    for (const f of table) expect(f).toContain("table-games");
    const instant = await featuresOf("instant");
    expect(instant.length).toBeGreaterThan(0);
    for (const f of instant) expect(f).not.toContain("table-games");
  });

  it("filters games by provider, feature and text, pages and sorts them", async () => {
    const byProvider = await get("/api/game/games?provider[]=lucky-harbor&sort=name");
    // Every original, by name (the catalogue grows with each house game; its first five are pinned here).
    const originals = DEMO_GAMES.filter((g) => g.provider === "lucky-harbor")
      .map((g) => g.name)
      .sort((a, b) => a.localeCompare(b));
    expect(originals).toEqual(
      expect.arrayContaining([
        "Harbor Dice",
        "Harbor Fortune",
        "Lighthouse Limbo",
        "Plinko Tide",
        "Reef Mines",
      ]),
    );
    expect(byProvider.body.data.map((g: { name: string }) => g.name)).toEqual(originals);
    const crash = await get("/api/game/games?feature=crash&perPage=100");
    expect(crash.body.data.length).toBeGreaterThan(5);
    expect(crash.body.data.every((g: { features: string[] }) => g.features.includes("crash"))).toBe(true);
    const p1 = await get("/api/game/games?perPage=10&page=1");
    const p2 = await get("/api/game/games?perPage=10&page=2");
    expect(p1.body.meta).toMatchObject({ page: 1, perPage: 10 });
    expect(p1.body.meta.totalPages).toBe(Math.ceil(p1.body.meta.totalRows / 10));
    const ids1 = p1.body.data.map((g: { id: string }) => g.id);
    expect(p2.body.data.some((g: { id: string }) => ids1.includes(g.id))).toBe(false);
    const text = await get("/api/game/games?search=harbor");
    expect(text.body.data.every((g: { name: string }) => /harbor/i.test(g.name))).toBe(true);
    expect((await get("/api/game/games?sort=bogus")).status).toBe(422);
  });

  it("keeps country-only games to their countries and restricted games from theirs", async () => {
    const all = async (country?: string) => {
      const res = await get("/api/game/games?perPage=100&provider=northwind-play", { country });
      return res.body.data.map((g: { slug: string }) => g.slug) as string[];
    };
    const [br, none, tr] = [await all("BR"), await all(), await all("TR")];
    expect(br.length).toBeGreaterThan(none.length);
    expect(tr.length).toBeLessThan(none.length);
  });

  it("answers providers, one provider by id or identity, a game by id or slug, and the features", async () => {
    const list = await get("/api/game/providers");
    expect(list.body.data.length).toBeGreaterThanOrEqual(13);
    const harbor = list.body.data.find((p: { identity: string }) => p.identity === "lucky-harbor");
    expect(harbor).toMatchObject({
      isBuiltIn: true,
      isDemoContent: false,
      gamesCount: DEMO_GAMES.filter((g) => g.provider === "lucky-harbor").length,
    });
    expect((await get(`/api/game/providers/${harbor.id}`)).body.data.identity).toBe("lucky-harbor");
    expect((await get("/api/game/providers/lucky-harbor")).body.data.id).toBe(harbor.id);
    expect((await get("/api/game/providers/nope")).status).toBe(404);
    const game = await get("/api/game/games/harbor-fortune");
    expect(game.body.data).toMatchObject({ name: "Harbor Fortune", rtp: "96.15", isAvailable: true });
    // Its bonus wagering as the game info shows it (decision 0065): the defaults, every round counts.
    expect(game.body.data.bonusWagering).toEqual({ counts: true, minMultiplier: "1.00" });
    expect(game.body.data.images.thumbnail).toBe("/games/art/harbor-fortune.svg");
    expect((await get(`/api/game/games/${game.body.data.id}`)).body.data.slug).toBe("harbor-fortune");
    expect((await get("/api/game/games/999999")).status).toBe(404);
    const features = await get("/api/game/games/features");
    expect(features.body.data.map((f: { feature: string }) => f.feature)).toEqual(
      expect.arrayContaining(["slots", "crash", "provably-fair", "originals"]),
    );
  });

  it("search forgives typos: 'bok of ded' finds Book of Dead…, and a player's searches are remembered", async () => {
    const found = await get("/api/game/games/search?q=bok%20of%20ded");
    expect(found.status).toBe(200);
    expect(found.body.data[0].name).toMatch(/^Book of Dead/);
    expect((await get("/api/game/games/search?q=harbr%20fortun")).body.data[0].name).toBe("Harbor Fortune");
    const { accessToken: token } = await register();
    await get("/api/game/games/search?q=bok%20of%20ded", { token });
    await get("/api/game/games/search?q=plinko", { token });
    await get("/api/game/games/search?q=PLINKO", { token });
    const recent = await get("/api/game/search/recent", { token });
    expect(recent.body.data.map((r: { query: string }) => r.query)).toEqual(["PLINKO", "bok of ded"]);
    const one = await call({
      method: "DELETE",
      url: `/api/game/search/recent?id=${recent.body.data[0].id}`,
      token,
    });
    expect(one.body.data.map((r: { query: string }) => r.query)).toEqual(["bok of ded"]);
    await call({ method: "DELETE", url: "/api/game/search/recent", token });
    expect((await get("/api/game/search/recent", { token })).body.data).toEqual([]);
    expect((await get("/api/game/search/recent")).status).toBe(401);
  });

  it("keeps favourites per player: one player's are invisible to another", async () => {
    const a = await register();
    const b = await register();
    const fav = await call({ url: "/api/game/games/reef-mines/favorite", token: a.accessToken });
    expect(fav.body.data).toMatchObject({ isFavorite: true });
    await call({ url: "/api/game/games/plinko-tide/favorite", token: a.accessToken });
    await call({ url: "/api/game/games/plinko-tide/favorite", token: a.accessToken });
    const mine = await get("/api/game/games/favorites", { token: a.accessToken });
    expect(mine.body.data.map((g: { slug: string }) => g.slug).sort()).toEqual(["plinko-tide", "reef-mines"]);
    expect(mine.body.data.every((g: { isFavorite: boolean }) => g.isFavorite)).toBe(true);
    expect((await get("/api/game/games/favorites", { token: b.accessToken })).body.data).toEqual([]);
    expect((await get("/api/game/games/reef-mines", { token: b.accessToken })).body.data.isFavorite).toBe(
      false,
    );
    expect((await get("/api/game/games/reef-mines", { token: a.accessToken })).body.data.isFavorite).toBe(
      true,
    );
    // The lobby's pages are shared between visitors (kept in memory): the marks must still be each player's.
    const listed = async (token: string) =>
      (await get("/api/game/games?search=reef%20mines&perPage=5", { token })).body.data.find(
        (g: { slug: string }) => g.slug === "reef-mines",
      )?.isFavorite;
    expect(await listed(b.accessToken)).toBe(false);
    expect(await listed(a.accessToken)).toBe(true);
    expect(await listed(b.accessToken)).toBe(false);
    await call({ method: "DELETE", url: "/api/game/games/reef-mines/favorite", token: a.accessToken });
    expect(await listed(a.accessToken)).toBe(false);
    expect((await get("/api/game/games/favorites", { token: a.accessToken })).body.data).toHaveLength(1);
    expect((await call({ url: "/api/game/games/reef-mines/favorite" })).status).toBe(401);
    expect((await get("/api/game/games/favorites")).status).toBe(401);
  });

  it("launches demo play for anyone, real play only for a player with an account the game takes", async () => {
    const demo = await call({ url: "/api/game/games/harbor-dice/play", body: {} });
    expect(demo.status).toBe(200);
    expect(demo.body.data).toMatchObject({ mode: "demo", currency: "FUN" });
    expect(demo.body.data.url).toMatch(/\/house-games\/dice\?token=/);
    expect((await call({ url: "/api/game/games/harbor-dice/play", body: { real: true } })).status).toBe(401);
    // Sign-up opens the chosen currency's account at once.
    const { accessToken: token, profile } = await register(undefined, { currency: "BRL" });
    const opened = await call({ url: "/api/game/games/harbor-dice/play", body: { real: true }, token });
    expect(opened.body.data).toMatchObject({ mode: "real", currency: "BRL" });
    // A player without any account (none was enabled at sign-up) is told to open one.
    await ctx().database.db.execute(sql`delete from wallet_accounts where player_id = ${BigInt(profile.id)}`);
    const noAccount = await call({ url: "/api/game/games/harbor-dice/play", body: { real: true }, token });
    expect([noAccount.status, noAccount.body.code]).toEqual([422, "no_account"]);
    await call({ url: "/api/wallet/accounts", body: { currency: "BRL" }, token });
    const real = await call({ url: "/api/game/games/harbor-dice/play?real=true", token });
    expect(real.body.data).toMatchObject({ mode: "real", currency: "BRL" });
    // Some demo titles take USD and EUR only.
    const usdOnly = (await ctx().database.db.execute(
      sql`select slug from games where currencies = array['USD','EUR']::text[] and countries is null limit 1`,
    )) as unknown as { rows: { slug: string }[] };
    const picky = await call({
      url: `/api/game/games/${usdOnly.rows[0]!.slug}/play`,
      body: { real: true },
      token,
    });
    expect([picky.status, picky.body.code]).toEqual([422, "currency_not_supported"]);
    const noDemo = (await ctx().database.db.execute(
      sql`select slug from games where not has_demo and countries is null and restricted_countries = '{}' limit 1`,
    )) as unknown as { rows: { slug: string }[] };
    const nd = await call({ url: `/api/game/games/${noDemo.rows[0]!.slug}/play`, body: {} });
    expect([nd.status, nd.body.code]).toEqual([422, "demo_unavailable"]);
    const restricted = (await ctx().database.db.execute(
      sql`select slug from games where 'TR' = any(restricted_countries) and has_demo limit 1`,
    )) as unknown as { rows: { slug: string }[] };
    const tr = await call({
      url: `/api/game/games/${restricted.rows[0]!.slug}/play`,
      body: {},
      headers: { "cf-ipcountry": "TR" },
    });
    expect([tr.status, tr.body.code]).toEqual([403, "game_not_available"]);
    const played = await get("/api/game/games/played", { token });
    expect(played.body.data.map((g: { slug: string }) => g.slug)).toEqual(["harbor-dice"]);
    expect((await get("/api/game/games/played")).status).toBe(401);
  });
});
