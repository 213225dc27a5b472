import { createHmac } from "node:crypto";
import type { IdentityVerifier } from "./port";
import { reviewFromPayload, verifyDigest } from "./webhook";

export interface SumsubOptions {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  levelName: string;
  /** How long a Web SDK token lives. */
  ttlSeconds?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Sumsub's request signature: hex HMAC-SHA256(secret, ts + METHOD + path with query + body). */
export function sumsubSignature(
  secret: string,
  ts: number,
  method: string,
  pathWithQuery: string,
  body = "",
) {
  return createHmac("sha256", secret)
    .update(`${ts}${method.toUpperCase()}${pathWithQuery}${body}`)
    .digest("hex");
}

/** Sumsub (sumsub.com): Web SDK access tokens by its signed API, reviews by its signed webhook. */
export class SumsubVerifier implements IdentityVerifier {
  readonly mode = "sumsub" as const;
  constructor(private readonly o: SumsubOptions) {}

  /** A signed call to Sumsub's API; the path includes its query. */
  private async request(method: string, path: string, body?: unknown) {
    const text = body === undefined ? "" : JSON.stringify(body);
    const ts = Math.floor((this.o.now?.() ?? new Date()).getTime() / 1000);
    const res = await (this.o.fetch ?? fetch)(`${this.o.baseUrl.replace(/\/$/, "")}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(text ? { "content-type": "application/json" } : {}),
        "X-App-Token": this.o.appToken,
        "X-App-Access-Ts": String(ts),
        "X-App-Access-Sig": sumsubSignature(this.o.secretKey, ts, method, path, text),
      },
      body: text || undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok)
      throw new Error(
        `Sumsub ${method} ${path.split("?")[0]} answered ${res.status}: ${String(answer.description ?? "")}`,
      );
    return answer;
  }

  async accessToken(externalUserId: string) {
    const answer = await this.request("POST", "/resources/accessTokens/sdk", {
      userId: externalUserId,
      levelName: this.o.levelName,
      ttlInSecs: this.o.ttlSeconds ?? 1200,
    });
    if (typeof answer.token !== "string") throw new Error("Sumsub answered no token");
    return { token: answer.token };
  }

  readWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string) {
    verifyDigest(this.o.webhookSecret, headers, rawBody);
    return reviewFromPayload(rawBody);
  }
}
