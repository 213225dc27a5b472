// The few parts of `oidc-provider` (no bundled types) the external-login journey uses.
declare module "oidc-provider" {
  import type { Server } from "node:http";

  interface Account {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount: (ctx: unknown, id: string) => Promise<Account>;
    cookies?: { keys: string[] };
    conformIdTokenClaims?: boolean;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number): Server;
  }
}
