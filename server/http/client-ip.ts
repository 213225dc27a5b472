import type { Server } from "node:http";
import type { FastifyHttpOptions, FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The visitor's address as far as this deployment can trust it (see `registerClientIp`). */
    clientIp: string;
  }
}

/**
 * Fastify's `trustProxy` from TRUST_PROXY: "true"/"false", a hop count, or a comma-separated list of addresses,
 * CIDR ranges and the names loopback, linklocal, uniquelocal. The default, loopback, trusts X-Forwarded-For only
 * from this host: the site's own server rendering and a reverse proxy on the same machine.
 */
export function trustProxyOption(value: string): FastifyHttpOptions<Server>["trustProxy"] {
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
 * Sets `req.clientIp`: the CDN's cf-connecting-ip (spec point 9) only when CLOUDFLARE_CLIENT_IP says the site
 * sits behind Cloudflare — otherwise anyone could send the header and dodge per-address limits — else the
 * address Fastify derived under TRUST_PROXY.
 */
export function registerClientIp(app: FastifyInstance, opts: { cloudflare: boolean }): void {
  app.decorateRequest("clientIp", "");
  app.addHook("onRequest", async (req) => {
    req.clientIp = (opts.cloudflare && headerIp(req)) || req.ip;
  });
}

function headerIp(req: FastifyRequest): string | undefined {
  const header = req.headers["cf-connecting-ip"];
  return (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
}

/** The visitor's address (for limits and records). */
export const clientIp = (req: FastifyRequest): string => req.clientIp || req.ip;
