import { and, desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { caller } from "../player/test-support";
import { adminAudit } from "../staff/tables";
import { staffToken } from "../staff/test-support";
import { games } from "./tables";

describeEachDb("back office: the games catalogue", (ctx) => {
  const { call } = caller(() => ctx().app);
  let token: string | undefined;
  /** A content staff member's session (the role that holds catalogue.write). */
  const editor = async () => {
    token ??= (await staffToken(ctx().app, ctx().database.db, ["content"])).token;
    return token;
  };
  const staff = async (method: "GET" | "POST" | "PATCH" | "PUT", url: string, body?: unknown) =>
    call({ method, url: `/api/admin/catalogue${url}`, body, token: await editor() });
  /** The lobby as a guest from `country` sees it. */
  const lobby = (url: string, country?: string) =>
    call({ method: "GET", url: `/api/game${url}`, headers: country ? { "cf-ipcountry": country } : {} });
  const slugsOf = async (url: string, country?: string) =>
    ((await lobby(url, country)).body.data as { slug: string }[]).map((g) => g.slug);
  /** A game by its slug, as staff find it. */
  const findGame = async (slug: string) => {
    const res = await staff("GET", `/games?q=${encodeURIComponent(slug)}&perPage=100`);
    expect(res.status).toBe(200);
    const found = (res.body.data as { id: string; slug: string; name: string }[]).find(
      (g) => g.slug === slug,
    );
    if (!found) throw new Error(`no game ${slug}`);
    return found;
  };

  it("finds games by name, provider, collection and state, hidden ones included", async () => {
    const byName = await staff("GET", "/games?q=harbor%20fortune");
    expect(byName.body.data.map((g: { slug: string }) => g.slug)).toContain("harbor-fortune");
    expect(byName.body.meta.cacheSeconds).toBe(15);
    const providers = (await staff("GET", "/providers")).body.data as { id: string; identity: string }[];
    const northwind = providers.find((p) => p.identity === "northwind-play")!;
    const ofProvider = await staff("GET", `/games?provider=${northwind.id}&perPage=100`);
    expect(ofProvider.body.meta.totalRows).toBeGreaterThan(0);
    expect(
      ofProvider.body.data.every((g: { provider: { id: string } }) => g.provider.id === northwind.id),
    ).toBe(true);
    const collections = (await staff("GET", "/collections")).body.data as { id: string; identity: string }[];
    const originals = collections.find((c) => c.identity === "originals")!;
    const inOriginals = await staff("GET", `/games?collection=${originals.id}&perPage=100`);
    expect(inOriginals.body.data.length).toBe(
      (await slugsOf("/games?collection=originals&perPage=100")).length,
    );
    // The hidden VIP collection is listed for staff.
    expect(collections.map((c) => c.identity)).toContain("vip-lounge");
  });

  it("hides a game: it leaves the lobby's answer at once (the cached one too) and its page 404s; shown, it is back", async () => {
    const game = await findGame("harbor-fortune");
    const url = `/games?provider=lucky-harbor&perPage=100`;
    // The guest's lobby is in the cache now: only the invalidation can change it before 15 s.
    expect(await slugsOf(url)).toContain(game.slug);
    // No browser or CDN keeps the lobby's answer: the server's cache is the only one to empty.
    expect((await lobby(url)).headers["cache-control"]).toBeUndefined();
    const hidden = await staff("PATCH", `/games/${game.id}`, { isEnabled: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.isEnabled).toBe(false);
    expect(await slugsOf(url)).not.toContain(game.slug);
    expect((await lobby(`/games/${game.slug}`)).status).toBe(404);
    expect((await staff("GET", `/games?q=harbor%20fortune&state=hidden`)).body.data[0].id).toBe(game.id);
    await staff("PATCH", `/games/${game.id}`, { isEnabled: true });
    expect(await slugsOf(url)).toContain(game.slug);
    // One audit record each, with the state before and after.
    const [record] = await ctx()
      .database.db.select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "game"), eq(adminAudit.targetId, game.id)))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(record).toMatchObject({
      action: "catalogue.game.change",
      before: { isEnabled: false },
      after: { isEnabled: true },
    });
  });

  it("applies a game's country rules: restricted there, or only for its countries", async () => {
    const game = await findGame("harbor-dice");
    const url = "/games?provider=lucky-harbor&perPage=100";
    expect(await slugsOf(url, "DE")).toContain(game.slug);
    await staff("PATCH", `/games/${game.id}`, { restrictedCountries: ["de"] });
    expect(await slugsOf(url, "DE")).not.toContain(game.slug);
    expect(await slugsOf(url, "FR")).toContain(game.slug);
    expect((await lobby(`/games/${game.slug}`, "DE")).body.data.isAvailable).toBe(false);
    await staff("PATCH", `/games/${game.id}`, { restrictedCountries: [], countries: ["BR"] });
    expect(await slugsOf(url, "BR")).toContain(game.slug);
    expect(await slugsOf(url, "DE")).not.toContain(game.slug);
    // A guest whose country is unknown sees only games without a country list.
    expect(await slugsOf(url)).not.toContain(game.slug);
    await staff("PATCH", `/games/${game.id}`, { countries: null });
    expect(await slugsOf(url)).toContain(game.slug);
  });

  it("refuses bad input and changes nothing", async () => {
    const game = await findGame("lighthouse-limbo");
    const [before] = await ctx()
      .database.db.select()
      .from(games)
      .where(eq(games.id, Number(game.id)));
    for (const body of [
      {},
      { restrictedCountries: ["XX"] },
      { countries: [] },
      { popularity: -1 },
      { popularity: 1.5 },
      { isEnabled: "no" },
    ]) {
      const res = await staff("PATCH", `/games/${game.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const unknownCollection = await staff("PATCH", `/games/${game.id}`, {
      isEnabled: false,
      collections: ["999999"],
    });
    expect(unknownCollection.status).toBe(422);
    expect(unknownCollection.body.errors.collections).toBeDefined();
    const [after] = await ctx()
      .database.db.select()
      .from(games)
      .where(eq(games.id, Number(game.id)));
    expect(after).toEqual(before);
    expect((await staff("PATCH", "/games/999999", { isEnabled: false })).status).toBe(404);
    expect((await staff("PATCH", "/providers/999999", { isEnabled: false })).status).toBe(404);
    expect((await staff("PATCH", "/collections/999999", { name: "x" })).status).toBe(404);
    expect((await staff("PUT", "/collections/999999/games", { gameIds: [] })).status).toBe(404);
  });

  it("sets a game's bonus wagering (flag and least win multiplier); a bad multiplier is a field error and changes nothing", async () => {
    const game = await findGame("lighthouse-limbo");
    const row = async () =>
      (
        await ctx()
          .database.db.select()
          .from(games)
          .where(eq(games.id, Number(game.id)))
      )[0]!;
    // The defaults: counted, every win.
    expect(await row()).toMatchObject({ bonusWagering: true, bonusWageringMinMultiplier: "1.00" });
    const before = await row();
    for (const bonusWageringMinMultiplier of ["0.99", "0", "1000.01", "1.505", "abc", "-2", "", 1.5]) {
      const res = await staff("PATCH", `/games/${game.id}`, {
        bonusWagering: false,
        bonusWageringMinMultiplier,
      });
      expect(res.status, JSON.stringify(bonusWageringMinMultiplier)).toBe(422);
      // The one error shape, naming the field.
      expect(res.body).toMatchObject({
        code: "validation_error",
        message: expect.any(String),
        errors: { bonusWageringMinMultiplier: [expect.any(String)] },
      });
      expect(res.body.errors.bonusWageringMinMultiplier).toHaveLength(1);
    }
    expect(await row()).toEqual(before);
    const set = await staff("PATCH", `/games/${game.id}`, {
      bonusWagering: false,
      bonusWageringMinMultiplier: "1.5",
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ bonusWagering: false, bonusWageringMinMultiplier: "1.50" });
    expect(await row()).toMatchObject({ bonusWagering: false, bonusWageringMinMultiplier: "1.50" });
    // The player's game info says it at once.
    expect((await lobby(`/games/${game.slug}`)).body.data.bonusWagering).toEqual({
      counts: false,
      minMultiplier: "1.50",
    });
    const back = await staff("PATCH", `/games/${game.id}`, {
      bonusWagering: true,
      bonusWageringMinMultiplier: "1000",
    });
    expect(back.body.data).toMatchObject({ bonusWagering: true, bonusWageringMinMultiplier: "1000.00" });
    await staff("PATCH", `/games/${game.id}`, { bonusWageringMinMultiplier: "1" });
    expect(await row()).toMatchObject({ bonusWagering: true, bonusWageringMinMultiplier: "1.00" });
  });

  it("orders the lobby by popularity, and a collection by its staff-set order", async () => {
    const url = "/games?provider=lucky-harbor&perPage=100";
    const first = (await slugsOf(url))[0]!;
    const last = (await slugsOf(url)).at(-1)!;
    const lastGame = await findGame(last);
    await staff("PATCH", `/games/${lastGame.id}`, { popularity: 1_000_000 });
    expect((await slugsOf(url))[0]).toBe(last);
    expect((await slugsOf(url))[1]).toBe(first);

    const created = await staff("POST", "/collections", { identity: "Staff-Picks", name: "Staff picks" });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    const [a, b, c] = (await staff("GET", "/games?perPage=3")).body.data as { id: string; slug: string }[];
    const put = await staff("PUT", `/collections/${id}/games`, { gameIds: [a!.id, b!.id, c!.id] });
    expect(put.status).toBe(200);
    expect(await slugsOf("/games?collection=staff-picks")).toEqual([a!.slug, b!.slug, c!.slug]);
    await staff("PUT", `/collections/${id}/games`, { gameIds: [c!.id, a!.id] });
    expect(await slugsOf("/games?collection=staff-picks")).toEqual([c!.slug, a!.slug]);
    // Joining through the game's own editor puts it last.
    const joined = await staff("PATCH", `/games/${b!.id}`, { collections: [id] });
    expect(joined.body.data.collections.map((x: { id: string }) => x.id)).toEqual([id]);
    expect(await slugsOf("/games?collection=staff-picks")).toEqual([c!.slug, a!.slug, b!.slug]);
    const twice = await staff("PUT", `/collections/${id}/games`, { gameIds: [a!.id, a!.id] });
    expect(twice.status).toBe(422);
    const unknown = await staff("PUT", `/collections/${id}/games`, { gameIds: [a!.id, "999999"] });
    expect(unknown.status).toBe(422);
    expect(await slugsOf("/games?collection=staff-picks")).toEqual([c!.slug, a!.slug, b!.slug]);
  });

  it("creates, renames, orders, hides and limits collections to countries, as the lobby lists them", async () => {
    const ids = async (country?: string) =>
      ((await lobby("/collections", country)).body.data as { identity: string }[]).map((c) => c.identity);
    const created = await staff("POST", "/collections", {
      identity: "weekend",
      name: "Weekend",
      countries: ["pt"],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ identity: "weekend", countries: ["PT"], isHidden: false });
    const id = created.body.data.id as string;
    expect(await ids("PT")).toContain("weekend");
    expect(await ids("DE")).not.toContain("weekend");
    expect((await lobby("/games?collection=weekend", "DE")).status).toBe(404);
    await staff("PATCH", `/collections/${id}`, { countries: null, name: "Weekend specials", sortOrder: -1 });
    const listed = (await lobby("/collections", "DE")).body.data as { identity: string; name: string }[];
    expect(listed[0]).toMatchObject({ identity: "weekend", name: "Weekend specials" });
    await staff("PATCH", `/collections/${id}`, { isHidden: true });
    expect(await ids("DE")).not.toContain("weekend");
    expect((await lobby("/games?collection=weekend")).status).toBe(404);

    const again = await staff("POST", "/collections", { identity: "WEEKEND", name: "Again" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("identity_taken");
    expect((await staff("POST", "/collections", { identity: "a b", name: "x" })).status).toBe(422);
    expect((await staff("POST", "/collections", { identity: "Providers", name: "x" })).status).toBe(422);
    expect((await staff("PATCH", `/collections/${id}`, { countries: [] })).status).toBe(422);
  });

  it("hides a provider: it and its games leave the lobby; shown, they are back", async () => {
    const providers = (await staff("GET", "/providers")).body.data as { id: string; identity: string }[];
    const studio = providers.find((p) => p.identity === "frostbyte")!;
    const listed = async () =>
      ((await lobby("/providers")).body.data as { identity: string }[]).map((p) => p.identity);
    expect(await listed()).toContain("frostbyte");
    const some = (await slugsOf("/games?provider=frostbyte&perPage=1"))[0]!;
    const res = await staff("PATCH", `/providers/${studio.id}`, { isEnabled: false });
    expect(res.status).toBe(200);
    expect(res.body.data.isEnabled).toBe(false);
    expect(await listed()).not.toContain("frostbyte");
    expect(await slugsOf("/games?provider=frostbyte&perPage=100")).toEqual([]);
    expect((await lobby(`/games/${some}`)).body.data.isAvailable).toBe(false);
    // The id written with leading zeros names the same row (the API fuzz found a 500 here).
    const padded = await staff("PATCH", `/providers/${studio.id.padStart(6, "0")}`, {
      isEnabled: true,
      sortOrder: -5,
    });
    expect(padded.status).toBe(200);
    expect(padded.body.data).toMatchObject({ id: studio.id, isEnabled: true, sortOrder: -5 });
    const after = await listed();
    expect(after[0]).toBe("frostbyte");
  });

  it("queues racing edits of one collection: each audit record's before is the state the other left", async () => {
    const created = await staff("POST", "/collections", { identity: "race-picks", name: "Race picks" });
    const id = created.body.data.id as string;
    const [a, b, c, d] = (await staff("GET", "/games?perPage=4")).body.data as { id: string }[];
    const lists = [
      [a!.id, b!.id],
      [c!.id, d!.id],
    ];
    const answers = await Promise.all(
      lists.map((gameIds) => staff("PUT", `/collections/${id}/games`, { gameIds })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const records = await ctx()
      .database.db.select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "game_collection"), eq(adminAudit.targetId, id)))
      .orderBy(adminAudit.id);
    const puts = records.filter((r) => r.action === "catalogue.collection.games");
    expect(puts).toHaveLength(2);
    expect(puts[0]!.before).toEqual([]);
    expect(puts[1]!.before).toEqual(puts[0]!.after);
    const final = (await staff("GET", `/collections/${id}/games`)).body.data.map((g: { id: string }) => g.id);
    expect(final).toEqual(puts[1]!.after);
  });

  it("lets a marketing member read the catalogue but not change it", async () => {
    const marketing = await staffToken(ctx().app, ctx().database.db, ["marketing"]);
    const read = await call({ method: "GET", url: "/api/admin/catalogue/games", token: marketing.token });
    expect(read.status).toBe(200);
    const game = read.body.data[0];
    const write = await call({
      method: "PATCH",
      url: `/api/admin/catalogue/games/${game.id}`,
      body: { isEnabled: false },
      token: marketing.token,
    });
    expect(write.status).toBe(403);
    expect((await staff("GET", `/games?q=${encodeURIComponent(game.name)}`)).body.data[0].isEnabled).toBe(
      true,
    );
  });
});
