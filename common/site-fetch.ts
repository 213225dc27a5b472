/**
 * How the site's server-side loaders reach the API: `fetch`'s shape, so the site can fall back to the real
 * one. The server hands an in-process one over in the load context (server/http/in-process-fetch.ts); the site
 * never imports server code.
 */
export type SiteFetch = (input: string, init?: RequestInit) => Promise<Response>;
