import { type ApiErrorBody, isApiErrorBody } from "#common/api/errors";

/** Spec point 9: 10 s timeout, 512 KB response cap, no retries; slower than 2000 ms is logged. */
export const API_TIMEOUT_MS = 10_000;
export const API_RESPONSE_CAP_BYTES = 512 * 1024;
export const API_SLOW_MS = 2_000;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = "ApiRequestError";
  }
}

type Query = Record<string, string | number | boolean | undefined | (string | number)[]>;

export interface ApiOptions {
  /** Empty in the browser (same origin); the loopback API address during server rendering. */
  baseUrl: string;
  /** Headers sent with every call, e.g. the visitor's forwarded headers during server rendering. */
  headers?: Record<string, string>;
  /** The bearer token, when a session exists (added by the accounts feature). */
  getToken?: () => string | undefined | Promise<string | undefined>;
}

/** Query arrays use bracket style (spec point 7): `state[]=1&state[]=2`. */
export function toQueryString(query: Query = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    const name = Array.isArray(value) ? `${key}[]` : key;
    for (const v of values) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function traceId(): string {
  return globalThis.crypto.randomUUID();
}

export function createApi(options: ApiOptions) {
  async function request<T>(
    method: string,
    path: string,
    init: { query?: Query; body?: unknown } = {},
  ): Promise<T> {
    const url = `${options.baseUrl}/api${path}${toQueryString(init.query)}`;
    const headers: Record<string, string> = {
      ...options.headers,
      "x-trace-id": traceId(),
      accept: "application/json",
    };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.body);
    }
    const started = Date.now();
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body,
        credentials: "omit",
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === "TimeoutError";
      throw new ApiRequestError(0, {
        code: timedOut ? "timeout" : "network_error",
        message: timedOut ? "The server took too long to answer" : "The server could not be reached",
        errors: {},
      });
    }
    const elapsed = Date.now() - started;
    if (elapsed > API_SLOW_MS) console.warn(`slow API response: ${method} ${path} took ${elapsed} ms`);
    const text = await res.text();
    if (text.length > API_RESPONSE_CAP_BYTES) {
      throw new ApiRequestError(res.status, {
        code: "response_too_large",
        message: "Response too large",
        errors: {},
      });
    }
    const data: unknown = text ? JSON.parse(text) : undefined;
    if (!res.ok) {
      throw new ApiRequestError(
        res.status,
        isApiErrorBody(data) ? data : { code: res.status, message: res.statusText, errors: {} },
      );
    }
    return data as T;
  }

  return {
    get: <T>(path: string, query?: Query) => request<T>("GET", path, { query }),
    post: <T>(path: string, body?: unknown) => request<T>("POST", path, { body }),
    put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body }),
    delete: <T>(path: string, body?: unknown) => request<T>("DELETE", path, { body }),
  };
}

export type Api = ReturnType<typeof createApi>;

/** Headers of the visitor's request that the API needs to see during server rendering. */
const FORWARDED = [
  "cf-ipcountry",
  "cf-connecting-ip",
  "accept-language",
  "user-agent",
  "cookie",
  "x-forwarded-for",
];

/** The API as a loader sees it: on the server over loopback with the visitor's headers, in the browser same-origin. */
export function apiFor(request: Request, context?: { apiBaseUrl?: string }): Api {
  if (typeof window !== "undefined") return createApi({ baseUrl: "" });
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const v = request.headers.get(name);
    if (v) headers[name] = v;
  }
  return createApi({ baseUrl: context?.apiBaseUrl ?? "", headers });
}
