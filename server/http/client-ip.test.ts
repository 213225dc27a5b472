import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { clientIp, registerClientIp, trustProxyOption } from "./client-ip";

async function appWith(trustProxy: string, cloudflare: boolean) {
  const app = Fastify({ trustProxy: trustProxyOption(trustProxy) });
  registerClientIp(app, { cloudflare });
  app.get("/ip", async (req) => ({ ip: clientIp(req), country: req.clientCountry }));
  await app.ready();
  return app;
}

const ipOf = async (
  app: Awaited<ReturnType<typeof appWith>>,
  headers: Record<string, string>,
  remoteAddress = "127.0.0.1",
) => (await app.inject({ url: "/ip", headers, remoteAddress })).json().ip;

describe("client address", () => {
  it("ignores cf-connecting-ip unless the site says it is behind Cloudflare", async () => {
    const open = await appWith("false", false);
    expect(await ipOf(open, { "cf-connecting-ip": "198.51.100.9" }, "203.0.113.5")).toBe("203.0.113.5");
    const behindCdn = await appWith("false", true);
    expect(await ipOf(behindCdn, { "cf-connecting-ip": "198.51.100.9" }, "203.0.113.5")).toBe("198.51.100.9");
    expect(await ipOf(behindCdn, {}, "203.0.113.5")).toBe("203.0.113.5");
  });

  it("reads the visitor's country from cf-ipcountry only behind Cloudflare, and only a known code", async () => {
    const countryOf = async (app: Awaited<ReturnType<typeof appWith>>, value: string) =>
      (await app.inject({ url: "/ip", headers: { "cf-ipcountry": value } })).json().country;
    const open = await appWith("false", false);
    expect(await countryOf(open, "GB")).toBeNull();
    const behindCdn = await appWith("false", true);
    expect(await countryOf(behindCdn, "gb")).toBe("GB");
    expect(await countryOf(behindCdn, "XX")).toBeNull();
  });

  it("takes X-Forwarded-For only from trusted peers (by default this host: the site's own rendering)", async () => {
    const app = await appWith("loopback", false);
    expect(await ipOf(app, { "x-forwarded-for": "198.51.100.9" }, "127.0.0.1")).toBe("198.51.100.9");
    expect(await ipOf(app, { "x-forwarded-for": "198.51.100.9" }, "203.0.113.5")).toBe("203.0.113.5");
    // A visitor's own header in front of the trusted proxy's entry does not count.
    expect(await ipOf(app, { "x-forwarded-for": "10.9.9.9, 198.51.100.9" }, "127.0.0.1")).toBe(
      "198.51.100.9",
    );
  });

  it("reads TRUST_PROXY as Fastify takes it", () => {
    expect(trustProxyOption("true")).toBe(true);
    expect(trustProxyOption("FALSE")).toBe(false);
    const twoHops = trustProxyOption("2") as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops("10.0.0.1", hop))).toEqual([true, true, false]);
    expect(trustProxyOption("loopback, 10.0.0.0/8")).toEqual(["loopback", "10.0.0.0/8"]);
  });
});
