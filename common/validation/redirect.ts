/**
 * Where /redirect may send a visitor: a path on this site, or an https/http address on a host the operator
 * configured. Anything else — other hosts, "//evil.example", "javascript:", backslash tricks — goes home,
 * so the site can never be used to lend its name to someone else's page.
 *
 * The rule is checked on the href we write, not on the input: the URL parser turns inputs that look like paths
 * into a "//host" path ("/.//evil", "/..//evil", "/%2e//evil" all resolve to the pathname "//evil"), which a
 * browser reads as another host. So every answer passes `hrefStaysAllowed` last, the way a browser resolves it.
 */
// Browsers drop tabs and newlines from URLs and read "\\" as "/", so "/\\evil.example" would leave the site.
const hasControlOrBackslash = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c === "\\");

export function safeRedirectTarget(
  to: string | null | undefined,
  opts: { origin: string; allowedHosts?: readonly string[]; home?: string },
): { href: string; external: boolean } {
  const home = { href: opts.home ?? "/", external: false };
  if (!to || to.length > 2048 || hasControlOrBackslash(to)) return home;
  const site = new URL(opts.origin);
  const hosts = (opts.allowedHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean);
  let url: URL;
  try {
    url = new URL(to, site);
  } catch {
    return home;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return home;
  let target: { href: string; external: boolean };
  if (url.origin === site.origin) {
    // Only paths written as paths ("questions" or "https:questions" would be read against the page's own path).
    if (!to.startsWith("/") && !to.startsWith(`${site.origin}/`) && to !== site.origin) return home;
    target = { href: `${url.pathname}${url.search}${url.hash}`, external: false };
  } else {
    target = { href: url.href, external: true };
  }
  return hrefStaysAllowed(target, site, hosts) ? target : home;
}

/**
 * Whether an href, resolved as a browser resolves it against the page, lands on this site (as a path that can
 * only be read as one) or on a configured host, over http(s), without userinfo.
 */
function hrefStaysAllowed(
  target: { href: string; external: boolean },
  site: URL,
  hosts: readonly string[],
): boolean {
  const { href } = target;
  if (hasControlOrBackslash(href)) return false;
  let landing: URL;
  try {
    landing = new URL(href, site);
  } catch {
    return false;
  }
  if (landing.protocol !== "https:" && landing.protocol !== "http:") return false;
  if (landing.username || landing.password) return false;
  if (!target.external)
    // "/x" but never "//x" or "/\x": those name a host.
    return /^\/(?![/\\])/.test(href) && landing.origin === site.origin;
  return landing.href === href && (hosts.includes(landing.host) || hosts.includes(landing.hostname));
}
