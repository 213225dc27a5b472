import "react-router";
import type { SiteFetch } from "#common/site-fetch";

declare module "react-router" {
  interface AppLoadContext {
    /** Where the API answers for server-side loaders (loopback in the same process). */
    apiBaseUrl: string;
    /** The API in the server's own process (no TCP round trip per call); absent, loaders use fetch. */
    apiFetch?: SiteFetch;
    /** Outside hosts /redirect may send visitors to (the server's REDIRECT_HOSTS). */
    redirectHosts: string[];
    /** This page's CSP nonce (the server's policy allows only scripts carrying it); empty in the browser. */
    cspNonce: string;
  }
}
