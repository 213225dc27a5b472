import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi, sendsSource } from "./api";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown = {}) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
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

  it("refuses a body over 512 KB", async () => {
    stubFetch(200, { big: "x".repeat(600 * 1024) });
    await expect(createApi({ baseUrl: "" }).get("/big")).rejects.toMatchObject({
      body: { code: "response_too_large" },
    });
  });
});
