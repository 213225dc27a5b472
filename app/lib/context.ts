import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Where the API answers for server-side loaders (loopback in the same process). */
    apiBaseUrl: string;
    /** Outside hosts /redirect may send visitors to (the server's REDIRECT_HOSTS). */
    redirectHosts: string[];
    /** This page's CSP nonce (the server's policy allows only scripts carrying it); empty in the browser. */
    cspNonce: string;
  }
}
