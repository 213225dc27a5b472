import type { IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { isMobileUserAgent } from "#common/device";
import { formatLocaleFromCookie } from "#common/i18n/format-locales";
import { EXPIRY_COOKIE, TOKEN_COOKIE } from "#common/session-cookie";
import type { Cache } from "../cache";
import { siteLocaleFor } from "../modules/player";

/**
 * Server-rendered pages of guests, kept a few seconds (issue 41, decision 0059). A guest's page is the same for
 * every guest who sends the same of what its render reads: the address (path and query), the country the CDN
 * says, the language the browser asks for (as the site locale it picks), the format locale cookie, a phone's or
 * a bot's user agent, and the build. The key is all of those; a request carrying a session cookie (or the
 * external login's marker) is rendered for itself and never stored. What a page shows that the back office or a
 * module changes (a banner, a collection, a game's art, a setting) is announced on a cache scope: the pages are
 * dropped on each such announcement, here and in every other process (through Redis).
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
}

/** Cookies that mean a session: a page with one is the player's own. */
const SESSION_COOKIES = [TOKEN_COOKIE, EXPIRY_COOKIE, "is-authenticated"];
/** Pages that are never shared: the back office, and the house games' pages (their launch token is the player's). */
const PRIVATE_PATHS = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:admin|house-games)(?:[/?]|$)/;
/** Headers of a rendered page that belong to one answer. */
const OWN_HEADERS = new Set(["set-cookie", "content-length", "content-encoding", "date", "x-trace-id"]);

function cookieNames(header: string | undefined): string[] {
  return (header ?? "").split(";").map((c) => c.split("=")[0]!.trim());
}

/** Whether a request carries a session: its page and its data are the player's own. */
export function hasSessionCookie(header: string | undefined): boolean {
  return cookieNames(header).some((name) => SESSION_COOKIES.includes(name));
}

export class PageCache {
  private pages = new Map<string, Page>();
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
  }

  /** The key of a guest's request, or undefined when its page must be rendered for it alone. */
  keyOf(req: IncomingMessage, country: string | null): string | undefined {
    if (this.opts.ttlMs <= 0 || req.method !== "GET") return undefined;
    const url = req.url ?? "/";
    if (PRIVATE_PATHS.test(url)) return undefined;
    const cookie = req.headers.cookie;
    if (hasSessionCookie(cookie)) return undefined;
    const agent = req.headers["user-agent"] ?? "";
    return JSON.stringify([
      this.opts.build,
      url,
      country,
      siteLocaleFor(undefined, String(req.headers["accept-language"] ?? "")),
      formatLocaleFromCookie(cookie),
      isMobileUserAgent(agent),
      isbot(agent),
    ]);
  }

  /** Answers from the cache when it holds the page, with this answer's nonce; false when it does not. */
  serve(key: string, res: ServerResponse, nonce: string): boolean {
    const page = this.pages.get(key);
    if (!page) return false;
    if (page.until <= this.now()) {
      this.pages.delete(key);
      return false;
    }
    const body = Buffer.from(page.html.replaceAll(page.nonce, nonce));
    res.writeHead(page.status, [...page.headers.flat(), "x-page-cache", "hit"]);
    res.end(body);
    return true;
  }

  /**
   * Keeps the page the render writes on `res` under `key`, once it has been written whole: a 200 HTML answer
   * that sets no cookie. Call after any other wrapping of `res` (compression), so the page is kept as rendered.
   */
  record(key: string, res: ServerResponse, nonce: string): void {
    const generation = this.generation;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    let status = 0;
    let headers: [string, string][] = [];
    const chunks: Buffer[] = [];
    let keep = true;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
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
      keep =
        code === 200 &&
        type.startsWith("text/html") &&
        !pairs.some(([k]) => k === "set-cookie") &&
        !res.hasHeader("set-cookie");
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
