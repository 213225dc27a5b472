import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";

/** An OpenID Connect provider the site offers for sign-in, from OIDC_PROVIDERS (and GOOGLE_CLIENT_ID). */
export interface OidcProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  scope: string;
  /** Seconds: ask for a login at most this old (auth_time is then checked). */
  maxAge?: number;
  /** An organisation to require: an id starting with `org_`, otherwise its name. */
  organization?: string;
  audience?: string;
  refreshTokens?: boolean;
  refreshTokensFallback?: boolean;
  logout?: { federated: boolean };
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Why an ID token was refused; the site shows a generic message, the log keeps the reason. */
export class IdTokenRefused extends Error {}

const LEEWAY_S = 60;
const jwksByIssuer = new Map<string, Promise<ReturnType<typeof createRemoteJWKSet>>>();

/** The provider's signing keys, found through its discovery document once per process (jose caches the keys). */
function jwksFor(issuer: string, fetchImpl: typeof fetch) {
  let jwks = jwksByIssuer.get(issuer);
  if (!jwks) {
    jwks = (async () => {
      const res = await fetchImpl(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new IdTokenRefused(`discovery answered ${res.status}`);
      const { jwks_uri } = (await res.json()) as { jwks_uri?: string };
      if (!jwks_uri) throw new IdTokenRefused("discovery has no jwks_uri");
      return createRemoteJWKSet(new URL(jwks_uri));
    })();
    jwks.catch(() => jwksByIssuer.delete(issuer));
    jwksByIssuer.set(issuer, jwks);
  }
  return jwks;
}

/**
 * Checks an ID token by the rules of spec point 5: the issuer matches; a subject is present; RS256; the
 * audience is our client id (with several audiences, `azp` must be ours); the nonce is the one the browser
 * sent; exp and iat are numbers, with 60 s leeway, and nbf holds; auth_time is recent enough when max_age is
 * set; the organisation matches when one is required.
 */
export async function verifyIdToken(
  provider: OidcProvider,
  idToken: string,
  expectedNonce: string,
  now: Date,
  fetchImpl: typeof fetch = fetch,
): Promise<VerifiedIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, await jwksFor(provider.issuer, fetchImpl), {
      issuer: provider.issuer,
      audience: provider.clientId,
      algorithms: ["RS256"],
      clockTolerance: LEEWAY_S,
      currentDate: now,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (err) {
    if (err instanceof IdTokenRefused) throw err;
    throw new IdTokenRefused(err instanceof errors.JOSEError ? err.code : (err as Error).message);
  }
  if (typeof payload.exp !== "number" || typeof payload.iat !== "number") throw new IdTokenRefused("exp/iat");
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) {
    throw new IdTokenRefused("azp");
  }
  if (!expectedNonce || payload.nonce !== expectedNonce) throw new IdTokenRefused("nonce");
  if (provider.maxAge !== undefined) {
    const authTime = payload.auth_time;
    if (typeof authTime !== "number" || now.getTime() / 1000 - authTime > provider.maxAge + LEEWAY_S) {
      throw new IdTokenRefused("auth_time");
    }
  }
  if (provider.organization) {
    const org = provider.organization;
    const ok = org.startsWith("org_") ? payload.org_id === org : payload.org_name === org.toLowerCase();
    if (!ok) throw new IdTokenRefused("organization");
  }
  return {
    subject: String(payload.sub),
    email: typeof payload.email === "string" ? payload.email : null,
    emailVerified: payload.email_verified === true,
    name: typeof payload.name === "string" ? payload.name : null,
  };
}
