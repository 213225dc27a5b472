import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID provider for tests (`oidc-provider` by panva, the certified implementation), started in the
 * test's process: discovery, the authorize page with its development login and consent forms, the token
 * endpoint (authorization_code and refresh_token grants, rotating refresh tokens for this public client),
 * prompt=none, the end-session page mounted at the v2 logout path. Accounts are whatever login the form is
 * given: `<login>@players.example`, e-mail vouched for; a login starting `org-` belongs to organization
 * `org_harbor` (the claim is in the ID token).
 *
 * Three behaviours of a hosted provider that oidc-provider does not have are laid over its real answers, and the
 * tests that use them say so: offline access without prompt=consent (below), `dropTokenCalls(n)` closes the connection of the next n token calls before
 * they are answered (a network failure), and a login starting `mfa-` is answered at the token endpoint with
 * the `mfa_required` error and an `mfa_token`, as a provider with step-up MFA does.
 */

export const ORGANIZATION = "org_harbor";

export interface LocalIdp {
  issuer: string;
  clientId: string;
  /** Token calls answered so far, by grant type. */
  tokenCalls: Record<string, number>;
  /** Logout requests seen at /v2/logout, with their query. */
  logouts: URLSearchParams[];
  dropTokenCalls(n: number): void;
  close(): Promise<void>;
}

export async function startLocalIdp(opts: {
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  port?: number;
}): Promise<LocalIdp> {
  let issuer = "";
  const tokenCalls: Record<string, number> = {};
  const logouts: URLSearchParams[] = [];
  let toDrop = 0;
  const provider = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: opts.clientId,
          token_endpoint_auth_method: "none",
          redirect_uris: opts.redirectUris,
          post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        },
      ],
      claims: {
        openid: ["sub", "org_id"],
        email: ["email", "email_verified"],
        profile: ["name"],
      },
      scopes: ["openid", "offline_access", "email", "profile"],
      extraParams: ["organization", "audience"],
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => ({
          sub: id,
          email: `${id}@players.example`,
          email_verified: true,
          name: id,
          ...(id.startsWith("org-") ? { org_id: ORGANIZATION } : {}),
        }),
      }),
      cookies: { keys: ["local-idp-cookie-key-for-tests"] },
      // Claims in the ID token itself, as hosted providers put them (the site reads nothing else).
      conformIdTokenClaims: false,
      routes: { end_session: "/v2/logout" },
      features: {
        rpInitiatedLogout: {
          enabled: true,
          // A hosted v2 logout ends the session without asking: the page says yes on the person's behalf.
          logoutSource: async (ctx, form) => {
            ctx.body = `<!DOCTYPE html><html><head><title>Signing out</title></head><body>${form}
<button id="yes" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<script>document.getElementById("yes").click()</script></body></html>`;
          },
        },
      },
    });

  // Listen first: the issuer is the address it got.
  let handler: ReturnType<Provider["callback"]> | undefined;
  const server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = provider();
  idp.use(async (ctx, next) => {
    if (ctx.path === "/v2/logout") logouts.push(new URLSearchParams(ctx.querystring));
    if (ctx.path === "/auth" && ctx.method === "GET") {
      // oidc-provider follows OpenID Connect Core to the letter: offline_access only with prompt=consent. A hosted
      // provider (the one spec point 7 describes) grants it to a client allowed refresh tokens without it, so
      // an interactive request for it is a consent request here; prompt=none stays as asked.
      const query = new URLSearchParams(ctx.querystring);
      if (query.get("scope")?.split(" ").includes("offline_access") && !query.has("prompt")) {
        query.set("prompt", "consent");
        ctx.querystring = query.toString();
      }
    }
    if (ctx.path !== "/token" || ctx.method !== "POST") return next();
    if (toDrop > 0) {
      toDrop--;
      ctx.req.socket.destroy();
      return;
    }
    await next();
    const grant = ctx.oidc?.params?.grant_type;
    if (typeof grant === "string") tokenCalls[grant] = (tokenCalls[grant] ?? 0) + 1;
    if (ctx.status === 200 && ctx.oidc?.entities?.Account?.accountId?.startsWith("mfa-")) {
      ctx.status = 403;
      ctx.body = {
        error: "mfa_required",
        error_description: "Multifactor authentication required",
        mfa_token: `mfa-token-${ctx.oidc.entities.Account.accountId}`,
      };
    }
  });
  handler = idp.callback();
  return {
    issuer,
    clientId: opts.clientId,
    tokenCalls,
    logouts,
    dropTokenCalls: (n) => {
      toDrop = n;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A cookie jar of one user agent at the provider: enough to walk its login and consent pages over HTTP. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        const [name, value] = [pair!.slice(0, eq), pair!.slice(eq + 1)];
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === "") cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

export type Browser = ReturnType<typeof providerBrowser>;

/**
 * A user agent at the provider, as a person in a browser would be: follows its redirects, signs in with
 * `login` on its login form and consents, until the provider sends it to `redirectUri`; answers that address.
 * The same instance keeps the provider's session cookie, so a later prompt=none authorization sees the login.
 */
export function providerBrowser(redirectUri: string) {
  const cookies = jar();
  return async function authorize(url: string, login?: string): Promise<string> {
    let next = url;
    let form: Record<string, string> | undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (next.startsWith(redirectUri)) return next;
      const res = await fetch(next, {
        method: form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          cookie: cookies.header(),
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      cookies.take(res);
      form = undefined;
      const location = res.headers.get("location");
      if (location) {
        next = new URL(location, next).toString();
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`the provider stopped at ${next} (${res.status}): ${html.slice(0, 200)}`);
      const target = new URL(action.replace(/&amp;/g, "&"), next).toString();
      if (html.includes('name="login"')) {
        if (!login) throw new Error("the provider asks for a login");
        form = { prompt: "login", login, password: "anything" };
      } else form = { prompt: "consent" };
      next = target;
    }
    throw new Error("the provider never sent the browser back");
  };
}
