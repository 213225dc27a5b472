import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { apiErrorBody } from "#common/api/error-body";

/** Where the API document lives: the browsable page, and its OpenAPI 3.1 JSON under `/json`. */
export const API_DOCS_PATH = "/api/docs";

/**
 * The OpenAPI 3.1 document of every /api route, generated from the zod schemas the routes declare (common/api),
 * so it can never drift from what the server validates and sends. Register before any route.
 */
export async function registerApiDocs(app: FastifyInstance, opts: { publicUrl: string }) {
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
      return jsonSchemaTransform({ ...input, schema: { ...input.schema, response } });
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { deepLinking: true } });
}
