import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { isbot } from "isbot";
import { isMobileUserAgent } from "#common/device";
import { formatLocaleFromCookie } from "#common/i18n/format-locales";
import { EXPIRY_COOKIE, PLAYER_SHELL_HEADER, TOKEN_COOKIE } from "#common/session-cookie";
import type { Cache } from "../cache";
import { siteLocaleFor } from "../modules/player";
import { compressPage } from "./compress-page";

/**
 * Server-rendered pages of guests, kept a few seconds (issue 41, decision 0059). A guest's page is the same for
 * every guest who sends the same of what its render reads: the address (path and query), the country the CDN
 * says, the language the browser asks for (as the site locale it picks), the format locale cookie, a phone's or
 * a bot's user agent, and the build. The key is all of those; a request carrying a session cookie (or the
 * external login's marker) is rendered for itself and never stored, except on the home page: there a player's
 * token gets the guests' page drawn without the session (its own key), and the browser reads whose it is
 * (decision 0075). What a page shows that the back office or a module changes (a banner, a collection, a game's
 * art, a setting) is announced on a cache scope: the pages are dropped on each such announcement, here and in
 * every other process (through Redis).
 */
export interface PageCacheOptions {
  cache: Cache;
  /** How long a page is served before it is rendered again; 0 turns the cache off. */
  ttlMs: number;
  /** The cache scopes whose invalidation changes what a guest's page shows. */
  invalidatedBy: string[];
  /** The build's id: a new build renders anew. */
  build: string;
  maxEntries?: number;
  now?: () => number;
}

interface Page {
  until: number;
  status: number;
  headers: [string, string][];
  html: string;
  /** The render's CSP nonce, replaced by each answer's own. */
  nonce: string;
  /** The page cut for gzip at its nonces (`gzipPlan`), made on the first compressed answer. */
  plan?: Segment[];
}

/**
 * A stretch of a page for its gzip answer: one without a nonce, deflated once, or one holding nonces (a string),
 * deflated for each answer with that answer's nonce.
 */
type Segment = { raw: Buffer; deflated: Buffer } | string;

/** Stretches between two nonces shorter than this go with the nonces: deflating them apart would cost more. */
const FIXED_FROM = 2048;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** Deflates a stretch so the next one may follow it in the same stream (a full flush: no reference across). */
const deflatePart = (raw: Buffer) => deflateRawSync(raw, { level: 6, finishFlush: constants.Z_FULL_FLUSH });
/** The last block of a deflate stream (empty, final). */
const DEFLATE_END = deflateRawSync(Buffer.alloc(0));

/** Cuts `html` into stretches with and without `nonce`; the long ones without are deflated here, once. */
function gzipPlan(html: string, nonce: string): Segment[] {
  const plan: Segment[] = [];
  let open = 0;
  let from = 0;
  for (let at = html.indexOf(nonce); ; at = html.indexOf(nonce, at + nonce.length)) {
    const end = at === -1 ? html.length : at;
    if (end - from >= FIXED_FROM) {
      if (from > open) plan.push(html.slice(open, from));
      const raw = Buffer.from(html.slice(from, end));
      plan.push({ raw, deflated: deflatePart(raw) });
      open = end;
    }
    if (at === -1) break;
    from = at + nonce.length;
  }
  if (open < html.length) plan.push(html.slice(open));
  return plan;
}

/**
 * The page as gzip with `nonce` in it: the stretches without a nonce as deflated once, the rest deflated now,
 * one stream (as pigz joins its parts). A Brotli stream cannot be joined from parts, so a cached page goes as
 * gzip even to a browser that would take Brotli: compressing ~58 KB with Brotli for every answer was what a
 * cached page cost (about 1.2 ms; this costs a fifth of that).
 */
function gzipPage(page: Page, nonce: string): Buffer {
  page.plan ??= gzipPlan(page.html, page.nonce);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const s of page.plan) {
    const raw = typeof s === "string" ? Buffer.from(s.replaceAll(page.nonce, nonce)) : s.raw;
    crc = crc32(raw, crc);
    size += raw.length;
    parts.push(typeof s === "string" ? deflatePart(raw) : s.deflated);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  parts.push(DEFLATE_END, trailer);
  return Buffer.concat(parts);
}

/** Cookies that mean a session: a page with one is the player's own. */
const SESSION_COOKIES = [TOKEN_COOKIE, EXPIRY_COOKIE, "is-authenticated"];
/** Pages that are never shared: the back office, and the house games' pages (their launch token is the player's). */
const PRIVATE_PATHS = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:admin|house-games)(?:[/?]|$)/;
/**
 * Pages a player gets as the guests' shell, their own part read by the browser after hydration (decision 0075):
 * the home, in any locale, without a query (a query may open a modal the server draws for the player). Its
 * loaders read nothing of the player; the header's balance, bell and menu are the player's and come after.
 */
const PLAYER_SHELL_PATHS = /^\/(?:[a-z]{2}(?:-[a-z]{2})?)?$/;
/** Headers of a rendered page that belong to one answer. */
const OWN_HEADERS = new Set(["set-cookie", "content-length", "content-encoding", "date", "x-trace-id"]);

const cookieName = (pair: string) => pair.split("=")[0]!.trim();
const cookieNames = (header: string | undefined) => (header ?? "").split(";").map(cookieName);
const isSessionCookie = (name: string) => SESSION_COOKIES.includes(name);

/** Whether a request carries a session: its page and its data are the player's own. */
export function hasSessionCookie(header: string | undefined): boolean {
  return cookieNames(header).some(isSessionCookie);
}

/**
 * Makes a player's request one for the guests' shell: the session's cookies leave the headers React Router and
 * the loaders read (the parsed ones and the raw list it builds its Request from), and the shell's marker is set.
 */
function asPlayerShell(req: IncomingMessage): void {
  const guestCookies = (header: string) =>
    header
      .split(";")
      .filter((pair) => !isSessionCookie(cookieName(pair)))
      .join(";")
      .trim();
  if (req.headers.cookie !== undefined) req.headers.cookie = guestCookies(req.headers.cookie);
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === "cookie") raw[i + 1] = guestCookies(raw[i + 1]!);
  req.headers[PLAYER_SHELL_HEADER] = "1";
  raw.push(PLAYER_SHELL_HEADER, "1");
}

export class PageCache {
  private pages = new Map<string, Page>();
  /**
   * Renders under way, by key: guests who miss the same key meanwhile wait for that one render rather than each
   * starting their own (a burst on a page that just expired). Resolves to the answer when it can be shared.
   */
  private flights = new Map<string, Promise<Page | undefined>>();
  /** Bumped on every invalidation: a render that started before one is not stored after it. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private opts: PageCacheOptions) {
    this.now = opts.now ?? (() => performance.now());
    for (const scope of opts.invalidatedBy) opts.cache.onInvalidate(scope, () => this.clear());
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
    // A render under way may show what was just changed: who comes now starts a new one.
    this.flights.clear();
  }

  /**
   * The key of a guest's request, or of a player's that gets the guests' shell (`PLAYER_SHELL_PATHS`); undefined
   * when its page must be rendered for it alone.
   */
  keyOf(req: IncomingMessage, country: string | null): string | undefined {
    if (this.opts.ttlMs <= 0 || req.method !== "GET") return undefined;
    const url = req.url ?? "/";
    if (PRIVATE_PATHS.test(url)) return undefined;
    const cookie = req.headers.cookie;
    const names = cookieNames(cookie);
    const player = names.some(isSessionCookie);
    // The shell only for a token: the other session cookies alone render a guest's page, as they always did.
    if (player && !(PLAYER_SHELL_PATHS.test(url) && names.includes(TOKEN_COOKIE))) return undefined;
    const agent = req.headers["user-agent"] ?? "";
    return JSON.stringify([
      this.opts.build,
      url,
      country,
      siteLocaleFor(undefined, String(req.headers["accept-language"] ?? "")),
      formatLocaleFromCookie(cookie),
      isMobileUserAgent(agent),
      isbot(agent),
      player,
    ]);
  }

  /**
   * Answers a guest's request from the cache, or from the render another guest with the same key has under way
   * (single flight): true when it has answered. False when this request must be rendered; its render is then
   * recorded, and shared with those who miss the same key until it ends. A shared render that fails (a 5xx
   * page) answers its waiters with that page but is not kept; one that cannot be shared (it sets a cookie, or
   * its connection ended before the page did) lets each waiter render for itself.
   */
  async answer(key: string, req: IncomingMessage, res: ServerResponse, nonce: string): Promise<boolean> {
    if (this.serve(key, req, res, nonce)) return true;
    const flight = this.flights.get(key);
    if (flight) {
      const page = await flight;
      if (page) {
        this.write(page, req, res, nonce, "shared");
        return true;
      }
    }
    // This request renders: compressed on its way out as any page, kept as rendered. A player's is rendered as
    // the guests' shell, here where the key was made, so no key can ever hold a page drawn with a session.
    if (hasSessionCookie(req.headers.cookie)) asPlayerShell(req);
    compressPage(req, res);
    this.record(key, res, nonce);
    return false;
  }

  /** Answers from the cache when it holds the page, with this answer's nonce; false when it does not. */
  serve(key: string, req: IncomingMessage, res: ServerResponse, nonce: string): boolean {
    const page = this.pages.get(key);
    if (!page) return false;
    if (page.until <= this.now()) {
      this.pages.delete(key);
      return false;
    }
    this.write(page, req, res, nonce, "hit");
    return true;
  }

  private write(page: Page, req: IncomingMessage, res: ServerResponse, nonce: string, how: "hit" | "shared") {
    const gzip = req.method !== "HEAD" && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip
      ? gzipPage(page, nonce)
      : Buffer.from(page.nonce ? page.html.replaceAll(page.nonce, nonce) : page.html);
    res.writeHead(page.status, [
      ...page.headers.flat(),
      "x-page-cache",
      how,
      "vary",
      "Accept-Encoding",
      ...(gzip ? ["content-encoding", "gzip"] : []),
      "content-length",
      String(body.length),
    ]);
    res.end(body);
  }

  /**
   * Keeps the page the render writes on `res` under `key`, once it has been written whole: a 200 HTML answer
   * that sets no cookie. Call after any other wrapping of `res` (compression), so the page is kept as rendered.
   * When no render of `key` is under way, this one becomes it: who misses the key meanwhile gets its answer.
   */
  record(key: string, res: ServerResponse, nonce: string): void {
    const generation = this.generation;
    let land: (page: Page | undefined) => void = () => {};
    if (!this.flights.has(key)) {
      const flight = new Promise<Page | undefined>((resolve) => {
        land = (page) => {
          land = () => {};
          if (this.flights.get(key) === flight) this.flights.delete(key);
          resolve(page);
        };
      });
      this.flights.set(key, flight);
      // A connection that ends before the page does (the visitor left, the render broke) shares nothing.
      res.once("close", () => land(undefined));
    }
    let shared = true;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    let status = 0;
    let headers: [string, string][] = [];
    const chunks: Buffer[] = [];
    let keep = true;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (!shared || chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
      );
    };
    res.writeHead = ((code: number, ...rest: unknown[]) => {
      status = code;
      const given = (typeof rest[0] === "object" ? rest[0] : rest[1]) as
        | Record<string, unknown>
        | string[]
        | undefined;
      const pairs: [string, string][] = [];
      if (Array.isArray(given)) {
        for (let i = 0; i + 1 < given.length; i += 2)
          pairs.push([given[i]!.toLowerCase(), String(given[i + 1])]);
      } else if (given) {
        for (const [k, v] of Object.entries(given))
          for (const one of Array.isArray(v) ? v : [v])
            if (one !== undefined) pairs.push([k.toLowerCase(), String(one)]);
      }
      const type =
        pairs.find(([k]) => k === "content-type")?.[1] ?? String(res.getHeader("content-type") ?? "");
      shared = !pairs.some(([k]) => k === "set-cookie") && !res.hasHeader("set-cookie");
      keep = code === 200 && type.startsWith("text/html") && shared;
      headers = pairs.filter(([k]) => !OWN_HEADERS.has(k));
      if (keep) res.setHeader("x-page-cache", "miss");
      return writeHead(code, ...rest);
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      take(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      take(args[0], args[1]);
      const done = end(...args);
      if (keep && status === 200 && generation === this.generation)
        this.store(key, status, headers, chunks, nonce);
      // Waiters get the answer as it was written: a failed render's page too, which is not kept.
      land(
        shared && status > 0
          ? { until: 0, status, headers, html: Buffer.concat(chunks).toString("utf8"), nonce }
          : undefined,
      );
      return done;
    }) as typeof res.end;
  }

  private store(key: string, status: number, headers: [string, string][], chunks: Buffer[], nonce: string) {
    const html = Buffer.concat(chunks).toString("utf8");
    // A page without its nonce could not be given another: not kept.
    if (!nonce || !html.includes(nonce)) return;
    this.pages.delete(key);
    this.pages.set(key, { until: this.now() + this.opts.ttlMs, status, headers, html, nonce });
    // The oldest go first beyond the limit, so odd addresses cannot grow it without bound.
    const max = this.opts.maxEntries ?? 500;
    while (this.pages.size > max) this.pages.delete(this.pages.keys().next().value!);
  }
}
