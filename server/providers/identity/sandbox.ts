import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Clock } from "../../lib/clock";
import { type IdentityVerifier, IdentityWebhookRejected } from "./port";
import { DIGEST_ALG_HEADER, DIGEST_HEADER, payloadDigest, reviewFromPayload, verifyDigest } from "./webhook";

/** Sends the sandbox's signed webhook to the casino's endpoint, as Sumsub would. */
export type DeliverIdentityWebhook = (rawBody: string, headers: Record<string, string>) => Promise<void>;

const TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * The built-in verification service: its token names the player and expires; its hosted page lets a tester
 * approve or reject, which sends a Sumsub-shaped webhook signed with the sandbox's secret to the real route.
 */
export class SandboxVerifier implements IdentityVerifier {
  readonly mode = "sandbox" as const;
  constructor(
    private readonly o: { secret: string; clock: Clock; publicUrl: string; deliver: DeliverIdentityWebhook },
  ) {}

  private mac(text: string) {
    return createHmac("sha256", this.o.secret).update(`identity-sandbox:${text}`).digest("base64url");
  }

  async accessToken(externalUserId: string) {
    const body = Buffer.from(
      JSON.stringify({ u: externalUserId, e: this.o.clock.now().getTime() + TOKEN_TTL_MS }),
    ).toString("base64url");
    const token = `sbx_${body}.${this.mac(body)}`;
    return { token, url: `${this.o.publicUrl}${this.pagePath(token)}` };
  }

  pagePath(token: string) {
    return `/api/player/services/sumsub/sandbox/${token}`;
  }

  /** The player a token names, or undefined when it is forged or expired. */
  playerOf(token: string): string | undefined {
    const m = /^sbx_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
    if (!m) return undefined;
    const want = Buffer.from(this.mac(m[1]!));
    const got = Buffer.from(m[2]!);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    const { u, e } = JSON.parse(Buffer.from(m[1]!, "base64url").toString()) as { u: string; e: number };
    return e > this.o.clock.now().getTime() ? u : undefined;
  }

  /** The tester's decision on the hosted page: first "in review", then the review, as Sumsub sends them. */
  async decide(token: string, outcome: "approve" | "reject"): Promise<void> {
    const externalUserId = this.playerOf(token);
    if (!externalUserId) throw new IdentityWebhookRejected("Unknown or expired token");
    const createdAtMs = this.o.clock.now().toISOString().replace("T", " ").replace("Z", "");
    const common = {
      applicantId: `sbx-${externalUserId}`,
      externalUserId,
      levelName: "sandbox",
      createdAtMs,
    };
    const review = {
      ...common,
      type: "applicantReviewed",
      correlationId: randomUUID(),
      reviewStatus: "completed",
      reviewResult:
        outcome === "approve"
          ? { reviewAnswer: "GREEN" }
          : {
              reviewAnswer: "RED",
              reviewRejectType: "RETRY",
              rejectLabels: ["DOCUMENT_PAGE_MISSING"],
              moderationComment: "The sandbox reviewer rejected the documents.",
            },
    };
    await this.send(review);
  }

  private async send(payload: object) {
    const raw = JSON.stringify(payload);
    await this.o.deliver(raw, {
      "content-type": "application/json",
      [DIGEST_HEADER]: payloadDigest(this.o.secret, raw, "HMAC_SHA256_HEX"),
      [DIGEST_ALG_HEADER]: "HMAC_SHA256_HEX",
    });
  }

  readWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string) {
    verifyDigest(this.o.secret, headers, rawBody);
    return reviewFromPayload(rawBody);
  }
}
