import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { $ZodType, type $ZodTypes, type GlobalMeta, globalRegistry, registry } from "zod/v4/core";
import { apiErrorBody } from "#common/api/error-body";

/** Where the API document lives: the browsable page, and its OpenAPI 3.1 JSON under `/json`. */
export const API_DOCS_PATH = "/api/docs";

/**
 * The OpenAPI 3.1 document of every /api route, generated from the zod schemas the routes declare (common/api),
 * so it can never drift from what the server validates and sends. Register before any route.
 */
export async function registerApiDocs(app: FastifyInstance, opts: { publicUrl: string }) {
  // The document's schemas are those the API's routes declare, gathered as each route is added, with the names
  // and descriptions they carry. Not zod's process-wide registry: the built server loads common/api twice (its
  // own bundle and the site's server-rendering bundle), each copy registering its named schemas there, and two
  // schemas under one id ("AdminNote") made every request for the document answer 500 (issue #35).
  const schemas = registry<GlobalMeta>();
  const seen = new Set<unknown>();
  collectSchemas(apiErrorBody, schemas, seen);
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/")) collectSchemas(route.schema, schemas, seen);
  });
  // The contract's other named schemas (realtime payloads, /health's) are documented too, as they were: those
  // registered by now (this bundle's; the site's loads later), under an id no route's schema holds.
  const named = [...globalRegistry._idmap.values()];
  app.addHook("onReady", async () => {
    for (const schema of named) {
      const meta = globalRegistry.get(schema);
      if (meta?.id && !schemas._idmap.has(meta.id)) schemas.add(schema, meta);
    }
  });
  const transformRoute = createJsonSchemaTransform({ schemaRegistry: schemas });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Lucky Harbor API",
        version: "1",
        description:
          "The site's API. Every failed call answers the ApiError shape with its HTTP status; amounts are decimal strings.",
      },
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          // A back-office session's opaque token (decision 0020).
          staff: { type: "http", scheme: "bearer" },
        },
      },
    },
    // Only the API is documented: the site's pages and the docs themselves are not calls.
    transform: (input) => {
      if (!input.url.startsWith("/api/") || input.url.startsWith(API_DOCS_PATH))
        return { schema: { ...input.schema, hide: true }, url: input.url };
      // Every call may fail in the one error shape; the document says so once for all of them.
      const response = { ...(input.schema?.response as object), "4XX": apiErrorBody, "5XX": apiErrorBody };
      return transformRoute({ ...input, schema: { ...input.schema, response } });
    },
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: schemas }),
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { deepLinking: true } });
}

/**
 * Adds every zod schema reachable from `value` (a route's schema object, a schema, its parts) that carries
 * metadata (an id, a description) to `into`, with that metadata as zod's registry reads it.
 */
function collectSchemas(value: unknown, into: ReturnType<typeof registry<GlobalMeta>>, seen: Set<unknown>) {
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  if (value instanceof $ZodType) {
    const meta = globalRegistry.get(value);
    if (meta) into.add(value, meta);
    const def = (value as $ZodTypes)._zod.def;
    // A lazy schema holds its inner schema behind a getter; the rest hold theirs as fields, lists or shapes.
    if (def.type === "lazy") collectSchemas(def.getter(), into, seen);
    for (const part of Object.values(def)) collectSchemas(part, into, seen);
    return;
  }
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value) || proto === Object.prototype || proto === null)
    for (const part of Object.values(value)) collectSchemas(part, into, seen);
}
