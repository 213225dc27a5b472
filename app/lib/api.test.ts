import { afterEach, describe, expect, it, vi } from "vitest";
import { createRawApi as createApi, sendsSource } from "./api";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown = {}) {
  const calls: { url: string; headers: Record<string, string>; credentials?: RequestCredentials }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string>, credentials: init.credentials });
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

describe("the request client", () => {
  it("sends source and platform only on the calls spec point 7 lists", () => {
    for (const p of [
      "/payment/methods/deposit",
      "/wallet/accounts",
      "/wallet/accounts/3/switch",
      "/player/sessions",
      "/player/sessions/refresh",
      "/player/register",
      "/player/register/phone",
      "/player/tg_login",
    ])
      expect(sendsSource(p), p).toBe(true);
    for (const p of ["/player/profile", "/payment/methods/withdrawal", "/player/registered", "/game/games"])
      expect(sendsSource(p), p).toBe(false);
  });

  it("adds the bearer token, a trace id and the source headers", async () => {
    const calls = stubFetch(200, { ok: true });
    const api = createApi({
      baseUrl: "",
      getToken: () => "tok",
      client: () => ({ source: "https://site", platform: "web" }),
    });
    await api.get("/player/sessions", { ids: [1, 2] });
    expect(calls[0]!.url).toBe("/api/player/sessions?ids%5B%5D=1&ids%5B%5D=2");
    expect(calls[0]!.headers).toMatchObject({
      authorization: "Bearer tok",
      source: "https://site",
      platform: "web",
    });
    expect(calls[0]!.headers["x-trace-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the cookie session as the site (same-origin cookie, the site's header), never a token of it", async () => {
    const calls = stubFetch(401, { code: "unauthorized", message: "no", errors: {} });
    const lost = vi.fn();
    const session = vi.fn(async () => true);
    await expect(createApi({ baseUrl: "", session, onAuthError: lost }).post("/x", {})).rejects.toMatchObject(
      {
        status: 401,
      },
    );
    expect(session).toHaveBeenCalledTimes(1);
    expect(calls[0]!.credentials).toBe("same-origin");
    expect(calls[0]!.headers["x-requested-with"]).toBe("fetch");
    expect(calls[0]!.headers.authorization).toBeUndefined();
    // The call went as the player: its 401 is the session's.
    expect(lost).toHaveBeenCalledWith(401, "/x");
    lost.mockClear();
    await expect(
      createApi({ baseUrl: "", session: () => false, onAuthError: lost }).get("/x"),
    ).rejects.toMatchObject({ status: 401 });
    expect(lost).not.toHaveBeenCalled();
  });

  it("reports a 401 or 403 only for a call that carried a token", async () => {
    const lost = vi.fn();
    stubFetch(401, { code: 401, message: "no", errors: {} });
    await expect(
      createApi({ baseUrl: "", getToken: () => "tok", onAuthError: lost }).get("/x"),
    ).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledWith(401, "/x");
    lost.mockClear();
    await expect(createApi({ baseUrl: "", onAuthError: lost }).get("/x")).rejects.toMatchObject({
      status: 401,
    });
    expect(lost).not.toHaveBeenCalled();
  });

  it("sends a 401'd call once more with the new token when a new session is in place, and only once", async () => {
    const seen: string[] = [];
    const answers = [401, 200];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push((init.headers as Record<string, string>).authorization ?? "");
        const status = answers.shift() ?? 401;
        return new Response(JSON.stringify(status === 200 ? { ok: true } : { code: 401, message: "no" }), {
          status,
        });
      }),
    );
    let token = "old";
    const relogin = vi.fn(async () => {
      token = "new";
      return true;
    });
    const api = createApi({ baseUrl: "", getToken: () => token, onAuthError: relogin });
    await expect(api.get("/x")).resolves.toEqual({ ok: true });
    expect(seen).toEqual(["Bearer old", "Bearer new"]);
    expect(relogin).toHaveBeenCalledTimes(1);

    // A second refusal after the new login fails the call instead of looping.
    seen.length = 0;
    answers.push(401, 401, 200);
    await expect(api.get("/y")).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(2);
  });

  it("leaves the session alone on a 403 that refuses an action (a limit, a game's country)", async () => {
    const told = vi.fn();
    stubFetch(403, { code: "deposit_limit_reached", message: "no", errors: {} });
    await expect(
      createApi({ baseUrl: "", getToken: () => "tok", onAuthError: told }).get("/x"),
    ).rejects.toMatchObject({ status: 403 });
    expect(told).not.toHaveBeenCalled();
  });

  it("does not repeat a blocked account's 403, nor a call when no new session came", async () => {
    const calls = stubFetch(403, { code: "account_blocked", message: "no", errors: {} });
    const renewed = vi.fn(async () => true);
    await expect(
      createApi({ baseUrl: "", getToken: () => "tok", onAuthError: renewed }).get("/x"),
    ).rejects.toMatchObject({ status: 403 });
    expect(renewed).toHaveBeenCalledWith(403, "/x");
    expect(calls).toHaveLength(1);

    const lost = stubFetch(401, { code: 401, message: "no", errors: {} });
    await expect(
      createApi({ baseUrl: "", getToken: () => "tok", onAuthError: async () => false }).get("/x"),
    ).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveLength(1);
  });

  it("refuses a body over 512 KB, streamed or of declared length", async () => {
    stubFetch(200, { big: "x".repeat(600 * 1024) });
    await expect(createApi({ baseUrl: "" }).get("/big")).rejects.toMatchObject({
      body: { code: "response_too_large" },
    });
    const declared = JSON.stringify({ big: "x".repeat(600 * 1024) });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(declared, { status: 200, headers: { "content-length": String(declared.length) } }),
      ),
    );
    await expect(createApi({ baseUrl: "" }).get("/big")).rejects.toMatchObject({
      body: { code: "response_too_large" },
    });
  });

  it("reads a body of declared length whole", async () => {
    const body = JSON.stringify({ ok: "yes" });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(body, { status: 200, headers: { "content-length": String(body.length) } }),
      ),
    );
    await expect(createApi({ baseUrl: "" }).get("/small")).resolves.toEqual({ ok: "yes" });
  });
});
