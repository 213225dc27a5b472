import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { countryFromHeader } from "#common/countries";

declare module "fastify" {
  interface FastifyRequest {
    /** The visitor's address as far as this deployment can trust it (see `registerClientIp`). */
    clientIp: string;
    /** The visitor's country (ISO code) from the CDN, or null when there is no CDN to say it. */
    clientCountry: string | null;
  }
}

/** Whether the peer at `hop` (0: the one connected to us) may speak for the caller. */
export type TrustFn = (address: string, hop: number) => boolean;

/** Fastify's `trustProxy` as `trustProxyOption` makes it. */
export type TrustProxy = boolean | string[] | TrustFn;

/**
 * Fastify's `trustProxy` from TRUST_PROXY: "true"/"false", a hop count, or a comma-separated list of addresses,
 * CIDR ranges and the names loopback, linklocal, uniquelocal. The default, loopback, trusts X-Forwarded-For only
 * from this host: the site's own server rendering and a reverse proxy on the same machine.
 */
export function trustProxyOption(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === "true") return true;
  if (v === "false" || v === "") return false;
  if (/^\d+$/.test(v)) {
    // Trust that many proxies in front of us: the hop index counts from this server outwards.
    const hops = Number(v);
    return (_address: string, hop: number) => hop < hops;
  }
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The same trust as one function, as Fastify reads its `trustProxy` (`lib/request.js`), for code that meets a
 * request before Fastify does (server/http/shared-answers.ts); none when nothing is trusted.
 */
export function trustFunction(option: TrustProxy): TrustFn | undefined {
  if (option === false) return undefined;
  if (option === true) return () => true;
  return typeof option === "function" ? option : proxyAddr.compile(option);
}

/**
 * Sets `req.clientIp` and `req.clientCountry` from the CDN's cf-connecting-ip and cf-ipcountry (spec point 9)
 * only when BEHIND_CLOUDFLARE says the site sits behind Cloudflare — otherwise anyone could send the headers,
 * dodge per-address limits and pick a country outside its restrictions. Without a CDN the address is the one
 * Fastify derived under TRUST_PROXY and the country is unknown.
 */
export function registerClientIp(app: FastifyInstance, opts: { cloudflare: boolean }): void {
  app.decorateRequest("clientIp", "");
  app.decorateRequest("clientCountry", null);
  app.addHook("onRequest", async (req) => {
    req.clientIp = (opts.cloudflare && header(req, "cf-connecting-ip")) || req.ip;
    req.clientCountry = opts.cloudflare ? countryFromHeader(header(req, "cf-ipcountry")) : null;
  });
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** The visitor's address (for limits and records). */
export const clientIp = (req: FastifyRequest): string => req.clientIp || req.ip;
