import type { ExternalProvider } from "#common/api/social";
import { ExternalLoginError, MissingRefreshTokenError } from "./errors";
import { type Locks, RENEWAL_LOCK, withRenewalLock } from "./lock";
import { type Discovery, refreshTokens, scopeOf, type TokenSet } from "./oauth";

/**
 * Silent renewal (spec points 4 and 7): a fresh ID token for a player whose site session was refused, without a
 * form. With refresh tokens it is the refresh_token grant, under the cross-tab lock; a refresh token that is
 * missing or refused goes through the hidden frame (prompt=none) when the fallback is on; without refresh
 * tokens the hidden frame is the way.
 */

/** What the site keeps of the provider's answer (local storage: every tab renews from the same tokens). */
export interface StoredTokens {
  provider: string;
  idToken: string;
  /** The nonce of the authorization the tokens came from: a refreshed ID token carries it again. */
  nonce: string;
  refreshToken?: string;
  obtainedAt: number;
}

export interface TokenStore {
  get(): StoredTokens | undefined;
  set(tokens: StoredTokens): void;
  clear(): void;
}

export interface RenewalDeps {
  locks: Locks | undefined;
  store: TokenStore;
  now: () => number;
  /** The hidden frame: a prompt=none authorization and its code exchange. */
  frame: (p: ExternalProvider) => Promise<{ tokens: TokenSet; nonce: string }>;
  fetch?: typeof fetch;
  lockTiming?: { waitMs: number; attempts: number };
}

/** Keeps a token answer; a refresh answer without a new refresh token keeps the old one (no rotation). */
export function keep(
  store: TokenStore,
  p: ExternalProvider,
  tokens: TokenSet,
  nonce: string,
  at: number,
  previous?: StoredTokens,
): StoredTokens {
  const kept: StoredTokens = {
    provider: p.id,
    idToken: tokens.id_token,
    nonce,
    refreshToken: p.refreshTokens ? (tokens.refresh_token ?? previous?.refreshToken) : undefined,
    obtainedAt: at,
  };
  store.set(kept);
  return kept;
}

/** Whether a failed refresh may go on through the hidden frame: its token was missing or refused. */
const refreshTokenUnusable = (err: unknown) =>
  err instanceof ExternalLoginError &&
  (err.code === "missing_refresh_token" || err.providerError === "invalid_grant");

export const lockName = (p: ExternalProvider) => `lucky-harbor.oidc.renewal.${p.clientId}`;

/** A fresh ID token for `p`; throws an ExternalLoginError (login_required logs out without a redirect). */
export function renewTokens(deps: RenewalDeps, p: ExternalProvider, d: Discovery): Promise<StoredTokens> {
  const asked = deps.now();
  // The frame's answer replaces the tokens whole: a refused refresh token is not kept for the next renewal.
  const viaFrame = async () => {
    const { tokens, nonce } = await deps.frame(p);
    return keep(deps.store, p, tokens, nonce, deps.now());
  };
  return withRenewalLock(
    deps.locks,
    lockName(p),
    async () => {
      const stored = deps.store.get();
      const mine = stored?.provider === p.id ? stored : undefined;
      // Another tab renewed while this one waited for the lock: its answer serves this tab too.
      if (mine && mine.obtainedAt >= asked) return mine;
      if (!p.refreshTokens) return viaFrame();
      try {
        if (!mine?.refreshToken) throw new MissingRefreshTokenError(p.audience ?? "default", scopeOf(p));
        const tokens = await refreshTokens(d, p, mine.refreshToken, deps.fetch);
        return keep(deps.store, p, tokens, mine.nonce, deps.now(), mine);
      } catch (err) {
        if (p.refreshTokensFallback && refreshTokenUnusable(err)) return viaFrame();
        throw err;
      }
    },
    deps.lockTiming ?? RENEWAL_LOCK,
  );
}
