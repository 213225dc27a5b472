// The few parts of `oidc-provider` (no bundled types) the tests' local provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, Server, ServerResponse } from "node:http";
  import type { Socket } from "node:net";

  interface Account {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    scopes?: string[];
    extraParams?: string[];
    findAccount: (ctx: unknown, id: string) => Promise<Account>;
    cookies?: { keys: string[] };
    conformIdTokenClaims?: boolean;
    routes?: Record<string, string>;
    features?: Record<
      string,
      { enabled: boolean; logoutSource?: (ctx: { body: unknown }, form: string) => Promise<void> }
    >;
  }

  /** The Koa context of a request, as far as the tests read it. */
  interface Context {
    path: string;
    method: string;
    querystring: string;
    status: number;
    body: unknown;
    req: IncomingMessage & { socket: Socket };
    oidc?: {
      params?: Record<string, unknown>;
      entities?: { Account?: { accountId: string } };
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number): Server;
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
