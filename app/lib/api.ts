import { type ApiErrorBody, isApiErrorBody } from "#common/api/errors";
import type { ApiBody, ApiMethod, ApiPath, ApiQuery, ApiResponse, ApiRouteOf } from "#common/api/routes";
import { SITE_HEADER } from "#common/session-cookie";

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

/** The one 403 that refuses the session itself rather than an action: the account is blocked. */
const SESSION_FORBIDDEN = "account_blocked";

type Query = Record<string, string | number | boolean | undefined | (string | number)[]>;

export interface ApiOptions {
  /** Empty in the browser (same origin); the loopback API address during server rendering. */
  baseUrl: string;
  /** Headers sent with every call, e.g. the visitor's forwarded headers during server rendering. */
  headers?: Record<string, string>;
  /**
   * A bearer token for calls made with one: server rendering (the token from the visitor's Cookie header), the
   * back office, a withdrawal-only sign-in. The player's site session goes as the HttpOnly cookie instead.
   */
  getToken?: () => string | undefined | Promise<string | undefined>;
  /**
   * The player's cookie session (decision 0037): made fresh before the call (refreshed 10 s before its token
   * expires); answers whether the call goes as the player, so that its refusal means the session is lost.
   */
  session?: (path: string) => boolean | Promise<boolean>;
  /** Headers of some calls only, by path (the chat's guest token on the chat's calls). */
  headersFor?: (path: string) => Record<string, string> | undefined;
  /** Sees each answer before it is read, e.g. server rendering passing on its Set-Cookie headers. */
  onResponse?: (res: Response) => void;
  /**
   * Told when a call that carried a session is refused for it: any 401, and the 403 of a blocked
   * account (spec point 7: the session is lost, or a messenger user logs in again). Other 403s refuse an action
   * (a deposit limit, a game's country) and leave the session alone. Answering true says a new session is in
   * place: a 401'd call is then sent once more with the new token instead of failing.
   */
  onAuthError?: (status: number, path: string) => unknown;
  /** Where the site runs (spec point 7): the bot URL or the site's origin, and tg or web. */
  client?: () => { source: string; platform: "tg" | "web" };
}

/**
 * Spec point 7: the calls for deposit methods, wallet accounts, sessions, registration and messenger login also
 * say where the site runs (`source` and `platform` headers).
 */
const SOURCE_CALLS = [
  /^\/payment\/methods\/deposit(\/|$)/,
  /^\/wallet\/accounts(\/|$)/,
  /^\/player\/sessions(\/|$)/,
  /^\/player\/register(\/|$)/,
  /^\/player\/tg_login$/,
];
export const sendsSource = (path: string): boolean => SOURCE_CALLS.some((re) => re.test(path));

/** Reads a body up to the cap; a longer one is refused without reading the rest (spec point 9: 512 KB). */
async function readCapped(res: Response, cap: number): Promise<string | undefined> {
  const length = res.headers.get("content-length");
  const declared = length === null ? Number.NaN : Number(length);
  if (Number.isFinite(declared) && declared > cap) {
    await res.body?.cancel().catch(() => {});
    return undefined;
  }
  // A declared length within the cap is read whole; reading by hand is only for bodies of unknown length.
  // (Read by hand, Chromium sometimes reported a call whose answer had fully arrived as aborted.)
  if (!res.body || Number.isFinite(declared)) return res.text();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
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

/**
 * The client's runtime: any path, the answer unread (`unknown`). The site calls through `createApi`, whose types
 * come from the route map; this one is for tests of the transport itself.
 */
export function createRawApi(options: ApiOptions) {
  async function request<T>(
    method: string,
    path: string,
    init: { query?: Query; body?: unknown; headers?: Record<string, string>; again?: boolean } = {},
  ): Promise<T> {
    const url = `${options.baseUrl}/api${path}${toQueryString(init.query)}`;
    const headers: Record<string, string> = {
      ...options.headers,
      ...options.headersFor?.(path),
      ...init.headers,
      "x-trace-id": traceId(),
      accept: "application/json",
    };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    // The site's own call: the server asks it of a change the cookie authenticates, and keeps tokens out of
    // the answers it gives it (decision 0037).
    headers[SITE_HEADER] = "fetch";
    const asPlayer = Boolean(token) || (await options.session?.(path)) === true;
    if (options.client && sendsSource(path)) {
      const where = options.client();
      headers.source = where.source;
      headers.platform = where.platform;
    }
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
        // The session cookie goes along (same origin only); nothing else of the page can read it.
        credentials: "same-origin",
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
    options.onResponse?.(res);
    const elapsed = Date.now() - started;
    if (elapsed > API_SLOW_MS) console.warn(`slow API response: ${method} ${path} took ${elapsed} ms`);
    // The timeout covers the body too: a stalled body aborts like a stalled answer.
    const text = await readCapped(res, API_RESPONSE_CAP_BYTES).catch(() => {
      throw new ApiRequestError(0, {
        code: "timeout",
        message: "The server took too long to answer",
        errors: {},
      });
    });
    if (text === undefined) {
      throw new ApiRequestError(res.status, {
        code: "response_too_large",
        message: "Response too large",
        errors: {},
      });
    }
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      if (res.ok)
        throw new ApiRequestError(res.status, {
          code: "bad_response",
          message: "The server answered something unreadable",
          errors: {},
        });
      data = undefined;
    }
    if (!res.ok) {
      const sessionRefused =
        res.status === 401 || (res.status === 403 && isApiErrorBody(data) && data.code === SESSION_FORBIDDEN);
      if (sessionRefused && asPlayer) {
        const renewed = await options.onAuthError?.(res.status, path);
        // Only a refused token is worth a second try: a 403 after a new login would be refused again.
        if (renewed === true && res.status === 401 && !init.again)
          return request<T>(method, path, { ...init, again: true });
      }
      throw new ApiRequestError(
        res.status,
        isApiErrorBody(data) ? data : { code: res.status, message: res.statusText, errors: {} },
      );
    }
    return data as T;
  }

  const call =
    (method: string) =>
    (path: string, body?: unknown, headers?: Record<string, string>): Promise<unknown> =>
      request(method, path, { body, headers });
  return {
    get: (path: string, query?: Query): Promise<unknown> => request("GET", path, { query }),
    /** `headers` adds a call's own headers, e.g. `Idempotency-Key` on a payment. */
    post: call("POST"),
    put: call("PUT"),
    patch: call("PATCH"),
    delete: call("DELETE"),
    /**
     * The same client for calls that go as someone else than the player's session: a bearer token of its own
     * (a staff member, a withdrawal-only sign-in) whose refusals it handles itself.
     */
    as: (bearer: Bearer): unknown =>
      createRawApi({
        ...options,
        session: undefined,
        getToken: bearer.getToken,
        onAuthError: bearer.onAuthError,
      }),
  };
}

/** Who a call goes as when not the player's session: see `ApiClient.as`. */
export type Bearer = Pick<ApiOptions, "getToken" | "onAuthError">;

/** The API typed by the route map (the site's calls): `createRawApi` with the contract's types, nothing more. */
export function createApi(options: ApiOptions): ApiClient {
  return createRawApi(options) as ApiClient;
}

/** The entry of the route map (common/api/routes.ts) a call of `method` to `path` reaches. */
type Route<M extends ApiMethod, P extends string> = ApiRouteOf<M, P>;
/** What a call answers, by the route map: e.g. `ApiAnswer<"GET", "/game/bets">`. */
export type ApiAnswer<M extends ApiMethod, P extends ApiPath<M>> = ApiResponse<Route<M, P>>;
/** A call with a body: typed by the route map, answered with the route's success body. */
type BodyCall<M extends ApiMethod> = <P extends ApiPath<M>>(
  path: P,
  body?: ApiBody<Route<M, P>>,
  headers?: Record<string, string>,
) => Promise<ApiResponse<Route<M, P>>>;

/**
 * The API as the site calls it, typed by the contract (issue 37 item 5, decision 0043): a path of the route map
 * (`{param}` parts as any text, e.g. `/player/limits/${id}`), its query or body as the route's schema reads them,
 * and its answer as the route's schema writes it. Only types: nothing is validated in the browser.
 */
export interface ApiClient {
  get<P extends ApiPath<"GET">>(
    path: P,
    query?: ApiQuery<Route<"GET", P>>,
  ): Promise<ApiResponse<Route<"GET", P>>>;
  /** `headers` adds a call's own headers, e.g. `Idempotency-Key` on a payment. */
  post: BodyCall<"POST">;
  put: BodyCall<"PUT">;
  patch: BodyCall<"PATCH">;
  delete: BodyCall<"DELETE">;
  /** The same client, going as a bearer token of its own instead of the player's session. */
  as(bearer: Bearer): ApiClient;
}

export type Api = ApiClient;

/**
 * Headers of the visitor's request that the API needs to see during server rendering. The server put the
 * visitor's trusted address in x-forwarded-for (server/http/ssr.ts); the API trusts it from loopback.
 */
const FORWARDED = ["cf-ipcountry", "accept-language", "user-agent", "cookie", "x-forwarded-for"];

/**
 * The API as a loader sees it during server rendering: one per request, over loopback with the visitor's
 * headers (the browser's one client is `api()` of lib/session/client.ts).
 */
export function apiFor(
  request: Request,
  context?: { apiBaseUrl?: string },
  token?: string,
  onResponse?: (res: Response) => void,
): Api {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const v = request.headers.get(name);
    if (v) headers[name] = v;
  }
  // Over loopback a compressed answer would only cost both sides the work (the server keeps compressed copies
  // of its shared answers for browsers: server/http/caching.ts).
  headers["accept-encoding"] = "identity";
  return createApi({ baseUrl: context?.apiBaseUrl ?? "", headers, getToken: () => token, onResponse });
}
