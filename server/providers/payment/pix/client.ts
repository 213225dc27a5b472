import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";
import type { Clock } from "../../../lib/clock";

/** How the casino reaches its PSP's API Pix: client credentials and the client certificate of mutual TLS. */
export interface PixConnection {
  /** The API's base URL, e.g. https://pix.example.com/api/v2 (paths like /cob/{txid} are appended). */
  apiUrl: string;
  /** The OAuth2 token endpoint (client credentials). */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  /** PEM contents of the client certificate and its key; the PSP refuses a connection without them. */
  cert: string;
  key: string;
  /** PEM of the CA that signed the PSP's server certificate, when it is not a public one. */
  ca?: string;
}

/** A PEM given inline, or the path of a file holding it. */
export const pemOf = (value: string): string =>
  value.includes("-----BEGIN") ? value : readFileSync(value, "utf8");

export interface PixAnswer {
  status: number;
  body: unknown;
}

/** The PSP answered something the standard does not allow here (a problem+json, or a status we cannot use). */
export class PixApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    const detail =
      (body as { detail?: string; title?: string } | undefined)?.detail ??
      (body as { title?: string })?.title;
    super(`API Pix ${what} answered ${status}${detail ? `: ${detail}` : ""}`);
  }
}

/**
 * API Pix over mutual TLS with an OAuth2 bearer token (client credentials). The token is kept until shortly
 * before it expires by our clock, and fetched again once if the PSP says it no longer takes it (its clock is
 * the one that counts).
 */
export class PixClient {
  private readonly agent: Agent;
  private token?: { value: string; until: number };
  /** How many tokens this client has obtained (the tests read it to see reuse and renewal). */
  tokensObtained = 0;

  constructor(
    private readonly c: PixConnection,
    private readonly clock: Clock,
  ) {
    this.agent = new Agent({ cert: c.cert, key: c.key, ca: c.ca, keepAlive: true });
  }

  close(): void {
    this.agent.destroy();
  }

  /** A call to API Pix; answers the status and JSON body, whatever the status. */
  async call(method: "GET" | "PUT" | "POST", path: string, body?: unknown): Promise<PixAnswer> {
    const first = await this.send(method, path, body, await this.bearer());
    if (first.status !== 401) return first;
    this.token = undefined;
    return this.send(method, path, body, await this.bearer());
  }

  private async bearer(): Promise<string> {
    const now = this.clock.now().getTime();
    if (this.token && now < this.token.until) return this.token.value;
    const basic = Buffer.from(`${this.c.clientId}:${this.c.clientSecret}`).toString("base64");
    const res = await this.http("POST", new URL(this.c.oauthUrl), "grant_type=client_credentials", {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
    });
    const t = res.body as { access_token?: string; expires_in?: number } | undefined;
    if (res.status !== 200 || typeof t?.access_token !== "string")
      throw new PixApiError(res.status, res.body, "POST /oauth/token");
    this.tokensObtained++;
    // Renewed a minute early (or at half its life if shorter), so a call never leaves with a token about to lapse.
    const life = (t.expires_in ?? 3600) * 1000;
    this.token = { value: t.access_token, until: now + Math.max(life - 60_000, life / 2) };
    return t.access_token;
  }

  private send(method: string, path: string, body: unknown, token: string) {
    return this.http(
      method,
      new URL(this.c.apiUrl.replace(/\/$/, "") + path),
      body === undefined ? undefined : JSON.stringify(body),
      {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
    );
  }

  /**
   * One HTTP exchange over the kept-alive mTLS connections. A request sent on a kept connection the PSP had just
   * closed (its idle timeout) fails with ECONNRESET before any answer: it is sent once more on a new connection.
   * Safe because every call we make is idempotent (PUT by our own ids, GET, the token request).
   */
  private async http(
    method: string,
    url: URL,
    payload: string | undefined,
    headers: Record<string, string>,
  ): Promise<PixAnswer> {
    try {
      return await this.exchange(method, url, payload, headers);
    } catch (err) {
      if (!(err instanceof StaleConnection)) throw err;
      return this.exchange(method, url, payload, headers);
    }
  }

  private exchange(method: string, url: URL, payload: string | undefined, headers: Record<string, string>) {
    return new Promise<PixAnswer>((resolve, reject) => {
      const req = request(
        url,
        { method, agent: this.agent, headers: { accept: "application/json", ...headers }, timeout: 15_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = { title: text.slice(0, 200) };
            }
            resolve({ status: res.statusCode ?? 0, body: json });
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error(`API Pix ${method} ${url.pathname} timed out`)));
      req.on("error", (err: NodeJS.ErrnoException) =>
        reject(req.reusedSocket && err.code === "ECONNRESET" ? new StaleConnection() : err),
      );
      req.end(payload);
    });
  }
}

/** A kept-alive connection the other side had closed: nothing was answered, the request may go again. */
class StaleConnection extends Error {}
