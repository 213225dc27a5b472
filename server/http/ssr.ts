import { existsSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import "./client-ip";
import type { ServerBuild } from "react-router";
import { PLAYER_SHELL_HEADER } from "#common/session-cookie";
import { compressPage } from "./compress-page";
import { hasSessionCookie, PageCache, type PageCacheOptions } from "./page-cache";
import { CSP_HEADER, newNonce, writePageHeaders } from "./security-headers";

export const BUILD_DIR = resolve("build");

/** Carries a page's nonce from the handler to the load context; whatever a visitor sends is replaced. */
const NONCE_HEADER = "x-csp-nonce";
/** Headers only this server sets on the request a page is rendered from. */
const OURS = new Set([NONCE_HEADER, PLAYER_SHELL_HEADER]);

/** What the site's loaders get: they reach the API over HTTP, never by importing server code. */
export type SiteLoadContext = {
  apiBaseUrl: string;
  /** Outside hosts /redirect may send visitors to (REDIRECT_HOSTS). */
  redirectHosts: string[];
  /** This page's CSP nonce: every script the server writes into the page carries it (app/entry.server.tsx). */
  cspNonce: string;
  /** A page's request rather than a client navigation's data request (`….data`). */
  documentRequest: boolean;
  /** Markup the loaders draw into the page outside their data (app/lib/server-html.tsx). */
  serverHtml: Map<string, { html: string; script?: string }>;
};

/**
 * Hands every non-API request to React Router. Production serves the built output; development runs Vite in
 * middleware mode for HMR. Registered after the API, so `/api/*` routes win.
 */
export async function registerSite(
  app: FastifyInstance,
  opts: {
    dev: boolean;
    apiBaseUrl: () => string;
    redirectHosts: string[];
    buildCheckSeconds: number;
    /** The pages' Content-Security-Policy for a nonce (server/http/security-headers.ts). */
    pagePolicy: (nonce: string, path: string) => string;
    /** Guests' pages kept a few seconds (production only; server/http/page-cache.ts). */
    pageCache?: Omit<PageCacheOptions, "build">;
  },
): Promise<void> {
  const getLoadContext = (request: Request): SiteLoadContext => ({
    apiBaseUrl: opts.apiBaseUrl(),
    redirectHosts: opts.redirectHosts,
    cspNonce: request.headers.get(NONCE_HEADER) ?? "",
    documentRequest: !new URL(request.url).pathname.endsWith(".data"),
    serverHtml: new Map(),
  });
  /** Before React Router writes the page: its nonce, its policy, and the headers every answer has. */
  const preparePage = (req: FastifyRequest, reply: FastifyReply) => {
    const nonce = newNonce();
    // React Router builds its Request from the raw header list: the nonce rides along there, always ours
    // (what a visitor sent under that name is dropped first).
    // The player shell's marker is ours too (server/http/page-cache.ts sets it).
    const raw = req.raw.rawHeaders;
    for (let i = raw.length - 2; i >= 0; i -= 2) if (OURS.has(raw[i]!.toLowerCase())) raw.splice(i, 2);
    delete req.raw.headers[PLAYER_SHELL_HEADER];
    raw.push(NONCE_HEADER, nonce);
    const policy = opts.pagePolicy(nonce, req.url);
    writePageHeaders(reply, policy);
    // Vite's development client adds scripts of its own: there the policy only reports what it would block.
    if (opts.dev) {
      reply.raw.removeHeader(CSP_HEADER);
      reply.raw.setHeader("content-security-policy-report-only", policy);
    }
    return nonce;
  };

  if (opts.dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    app.addHook("onClose", () => vite.close());
    const listener = createRequestListener({
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      getLoadContext,
      mode: "development",
    });
    app.get("/latest.json", async () => ({ id: "dev", checkEverySeconds: opts.buildCheckSeconds }));
    app.all("/*", (req, reply) => {
      reply.hijack();
      forwardClientIp(req);
      preparePage(req, reply);
      vite.middlewares(req.raw, reply.raw, () => listener(req.raw, reply.raw));
    });
    return;
  }

  const serverEntry = resolve(BUILD_DIR, "server/index.js");
  if (!existsSync(serverEntry)) throw new Error(`No site build at ${serverEntry}: run "npm run build" first`);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

  await app.register(fastifyStatic, {
    root: resolve(BUILD_DIR, "client"),
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (scripts/compress-assets.mjs): a browser that accepts one gets it.
    preCompressed: true,
    setHeaders(reply, path) {
      // Hashed file names never change content; everything else may.
      reply.header(
        "cache-control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
  // Browsers ask for /favicon.ico on pages that name no icon (the payment sandbox's, a PDF, a crawler): the site's
  // icon is an SVG, so they are sent to it rather than into a rendered 404 page.
  app.get("/favicon.ico", (_req, reply) => reply.redirect("/favicon.svg", 301));
  // The build check (spec point 4): the site compares this id with the one it was loaded with.
  app.get("/latest.json", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { id: build.assets.version, checkEverySeconds: opts.buildCheckSeconds };
  });
  const listener = createRequestListener({ build, getLoadContext, mode: "production" });
  const pages = opts.pageCache && new PageCache({ ...opts.pageCache, build: build.assets.version });
  app.all("/*", async (req, reply) => {
    reply.hijack();
    forwardClientIp(req);
    const nonce = preparePage(req, reply);
    if (isPlayersPrefetch(req.raw)) {
      reply.raw.writeHead(204, { "cache-control": "no-store" }).end();
      return;
    }
    const key = pages?.keyOf(req.raw, req.clientCountry);
    // A guest's page may come from the cache, which compresses its own answers (and a render's, which it keeps).
    if (key === undefined) compressPage(req.raw, reply.raw);
    else if (await pages!.answer(key, req.raw, reply.raw, nonce)) return;
    listener(req.raw, reply.raw);
  });
}

/**
 * A page's data that the browser asks for ahead (`<link rel=prefetch>`, which Chromium marks `Sec-Purpose:
 * prefetch`) for a signed-in player. The browser may hand a prefetched answer to the navigation minutes later
 * whatever its cache headers say, and a player's data (a balance, a bonus) must not be a copy from before: such a
 * request is answered empty and unstorable at once, without running a loader, and the page reads its data when
 * it is opened (decision 0063). A guest's data is the same for every guest and comes from the page cache.
 */
export function isPlayersPrefetch(req: IncomingMessage): boolean {
  const purpose = String(req.headers["sec-purpose"] ?? req.headers.purpose ?? "");
  if (!purpose.includes("prefetch")) return false;
  const path = (req.url ?? "").split("?")[0]!;
  return path.endsWith(".data") && hasSessionCookie(req.headers.cookie);
}

/**
 * Loaders call the API over loopback with the visitor's headers (app/lib/api.ts). The API trusts
 * X-Forwarded-For from loopback, so it must hold the address this server trusted for the visitor — never what
 * the visitor wrote in the header themselves.
 */
function forwardClientIp(req: FastifyRequest): void {
  req.raw.headers["x-forwarded-for"] = req.clientIp;
}
