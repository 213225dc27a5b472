/**
 * Where /redirect may send a visitor: a path on this site, or an https/http address on a host the operator
 * configured. Anything else — other hosts, "//evil.example", "javascript:", backslash tricks — goes home,
 * so the site can never be used to lend its name to someone else's page.
 */
// Browsers drop tabs and newlines from URLs and read "\\" as "/", so "/\\evil.example" would leave the site.
const hasControlOrBackslash = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c === "\\");

export function safeRedirectTarget(
  to: string | null | undefined,
  opts: { origin: string; allowedHosts?: readonly string[]; home?: string },
): { href: string; external: boolean } {
  const home = { href: opts.home ?? "/", external: false };
  if (!to || to.length > 2048 || hasControlOrBackslash(to)) return home;
  let url: URL;
  try {
    url = new URL(to, opts.origin);
  } catch {
    return home;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return home;
  const site = new URL(opts.origin);
  if (url.origin === site.origin) {
    // Only paths written as paths: "//host" parses to another origin above, "/x" stays here.
    return to.startsWith("/") || to.startsWith(site.origin)
      ? { href: `${url.pathname}${url.search}${url.hash}`, external: false }
      : home;
  }
  const hosts = (opts.allowedHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean);
  return hosts.includes(url.hostname.toLowerCase()) && !url.username && !url.password
    ? { href: url.toString(), external: true }
    : home;
}
