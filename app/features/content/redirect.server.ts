/**
 * Hosts /redirect may send visitors to, besides this site: REDIRECT_HOSTS, comma-separated
 * (e.g. "help.luckyharbor.com,blog.luckyharbor.com"). Read on the server only; empty means this site only.
 */
export function redirectHosts(): string[] {
  return (process.env.REDIRECT_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
}
