import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@react-router/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import "./client-ip";
import type { ServerBuild } from "react-router";

export const BUILD_DIR = resolve("build");

/** What the site's loaders get: they reach the API over HTTP, never by importing server code. */
export type SiteLoadContext = {
  apiBaseUrl: string;
  /** Outside hosts /redirect may send visitors to (REDIRECT_HOSTS). */
  redirectHosts: string[];
};

/**
 * Hands every non-API request to React Router. Production serves the built output; development runs Vite in
 * middleware mode for HMR. Registered after the API, so `/api/*` routes win.
 */
export async function registerSite(
  app: FastifyInstance,
  opts: { dev: boolean; apiBaseUrl: () => string; redirectHosts: string[]; buildCheckSeconds: number },
): Promise<void> {
  const getLoadContext = (): SiteLoadContext => ({
    apiBaseUrl: opts.apiBaseUrl(),
    redirectHosts: opts.redirectHosts,
  });

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
    setHeaders(reply, path) {
      // Hashed file names never change content; everything else may.
      reply.header(
        "cache-control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
  // The build check (spec point 4): the site compares this id with the one it was loaded with.
  app.get("/latest.json", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { id: build.assets.version, checkEverySeconds: opts.buildCheckSeconds };
  });
  const listener = createRequestListener({ build, getLoadContext, mode: "production" });
  app.all("/*", (req, reply) => {
    reply.hijack();
    forwardClientIp(req);
    listener(req.raw, reply.raw);
  });
}

/**
 * Loaders call the API over loopback with the visitor's headers (app/lib/api.ts). The API trusts
 * X-Forwarded-For from loopback, so it must hold the address this server trusted for the visitor — never what
 * the visitor wrote in the header themselves.
 */
function forwardClientIp(req: FastifyRequest): void {
  req.raw.headers["x-forwarded-for"] = req.clientIp;
}
