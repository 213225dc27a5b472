import type { IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { isMobileUserAgent } from "#common/device";
import { isSiteLocale } from "#common/i18n/locales";
import { TOKEN_COOKIE } from "#common/session-cookie";
import { siteLocaleFor } from "../modules/player/init";

/**
 * Guests' pages shared between guests for a few seconds (issue #20). A guest's home page is the same for every
 * guest who sends the same request: it is rendered once and served from memory until it is `ttlMs` old, with a
 * fresh CSP nonce written into each copy.
 *
 * Only what the render reads from the request may differ between guests, so it is all in the key: the address
 * (path and query), the host and scheme, the country header (the geo-restricted layout, the lobby's games), the
 * site locale Accept-Language asks for (what /player/init reads it for), whether the agent is a phone (the root
 * loader passes only that on) and whether it is a bot (the page is written whole, not streamed). A request with
 * the session cookie is never served from here nor stored: a player's page is theirs. No other cookie is read by
 * the site or by the API calls the home page makes. Only the home page is shared (its loaders only read public
 * data); any other page, a content page at a single-segment address included, is rendered per request.
 */
export interface GuestPagesOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  until: number;
  status: number;
  /** The headers React Router wrote, as node's flat list (the page's own headers are written per response). */
  headers: string[];
  /** The page cut where its nonce was: each copy gets its own nonce put between the pieces. */
  pieces: Buffer[];
  /** The pieces' bytes together, without the nonces. */
  length: number;
}

/** The home page: `/`, `/main`, and both under a site locale (`/ru`, `/ru/main`). */
function isHomePath(path: string): boolean {
  const [first, second, ...rest] = path.split("/").slice(1);
  if (rest.length > 0 || (second !== undefined && second !== "main")) return false;
  if (first === "" || first === undefined) return second === undefined;
  if (first === "main") return second === undefined;
  return isSiteLocale(first);
}

const header = (req: IncomingMessage, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(",") : v) ?? "";
};

/** Whether a Cookie header names the session cookie (whatever its value: an empty one is still a player's). */
export function hasSessionCookie(cookie: string): boolean {
  return cookie.split(";").some((part) => part.split("=")[0]!.trim() === TOKEN_COOKIE);
}

/** The key a guest's request is shared under, or undefined when its page must be rendered for it alone. */
export function guestPageKey(req: IncomingMessage): string | undefined {
  if (req.method !== "GET") return undefined;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  if (!isHomePath(q === -1 ? url : url.slice(0, q))) return undefined;
  if (hasSessionCookie(header(req, "cookie"))) return undefined;
  const agent = header(req, "user-agent");
  return JSON.stringify([
    url,
    header(req, "host"),
    header(req, "x-forwarded-proto"),
    header(req, "cf-ipcountry").trim().toUpperCase(),
    // The page reads Accept-Language only through the locale /player/init picks from it (after the country's,
    // which is in the key): browsers that pick the same site locale share a page.
    siteLocaleFor(undefined, header(req, "accept-language")),
    isMobileUserAgent(agent),
    isbot(agent),
  ]);
}

export function guestPages(opts: GuestPagesOptions) {
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();

  return {
    /** Answers from memory when a fresh copy is there; false when the page has to be rendered. */
    serve(key: string, nonce: string, res: ServerResponse): boolean {
      const entry = entries.get(key);
      if (!entry) return false;
      if (entry.until <= now()) {
        entries.delete(key);
        return false;
      }
      // Bytes joined, not a string replaced: no page-sized string built and encoded per copy.
      const nonceBytes = Buffer.from(nonce);
      const parts: Buffer[] = [];
      for (const piece of entry.pieces) parts.push(piece, nonceBytes);
      parts.pop();
      const body = Buffer.concat(parts, entry.length + nonceBytes.length * (entry.pieces.length - 1));
      // A copy of the list: the compression wrapper edits the one it is given.
      res.writeHead(entry.status, [...entry.headers]);
      res.end(body);
      return true;
    },

    /**
     * Keeps what React Router writes to `res` for this key, once it has all been written: a whole 200 HTML page
     * that sets no cookie. Placed after the compression wrapper, it sees the page before compression.
     */
    capture(key: string, nonce: string, res: ServerResponse): void {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      let status = 0;
      let headers: string[] | undefined;
      const chunks: Buffer[] = [];
      const keep = (chunk: unknown) => {
        if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
        else if (chunk instanceof Uint8Array)
          chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      };
      res.writeHead = ((code: number, ...rest: unknown[]) => {
        status = code;
        const list = typeof rest[0] === "string" ? rest[1] : rest[0];
        // Copied before the compression wrapper adds its own encoding headers to the list.
        if (Array.isArray(list)) headers = [...(list as string[])];
        return writeHead(code, ...rest);
      }) as typeof res.writeHead;
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk);
        return write(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((...args: unknown[]) => {
        if (args[0] !== undefined && typeof args[0] !== "function") keep(args[0]);
        // A visitor who left before the end got (and React wrote) only part of the page: not kept.
        const whole = !res.destroyed;
        const out = end(...args);
        if (whole && status === 200 && headers && storable(headers, res)) {
          const pieces = Buffer.concat(chunks)
            .toString("utf8")
            .split(nonce)
            .map((p) => Buffer.from(p));
          const length = pieces.reduce((n, p) => n + p.length, 0);
          if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value as string);
          entries.set(key, { until: now() + opts.ttlMs, status, headers, pieces, length });
        }
        return out;
      }) as typeof res.end;
    },

    /** How many pages are kept (for tests). */
    get size() {
      return entries.size;
    },
  };
}

export type GuestPages = ReturnType<typeof guestPages>;

/** Only an HTML page that sets no cookie may be handed to someone else. */
function storable(headers: string[], res: ServerResponse): boolean {
  let html = false;
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!.toLowerCase();
    if (name === "set-cookie") return false;
    if (name === "content-type" && headers[i + 1]!.startsWith("text/html")) html = true;
  }
  return html && res.getHeader("set-cookie") === undefined;
}
