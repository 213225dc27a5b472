import "react-router";
import type { ServerHtmlPart } from "./server-html";

declare module "react-router" {
  interface AppLoadContext {
    /** Where the API answers for server-side loaders (loopback in the same process). */
    apiBaseUrl: string;
    /** Outside hosts /redirect may send visitors to (the server's REDIRECT_HOSTS). */
    redirectHosts: string[];
    /** This page's CSP nonce (the server's policy allows only scripts carrying it); empty in the browser. */
    cspNonce: string;
    /** A page's request, not a client navigation's data request (`.data`): only a page carries server HTML. */
    documentRequest: boolean;
    /** Markup the loaders draw into this page outside their data (app/lib/server-html.tsx). */
    serverHtml: Map<string, ServerHtmlPart>;
  }
}
