import { BUILT_IN_SCRIPT_PATH, type SportsbookSiteSettings } from "#common/sportsbook-widgets";
import type { Config } from "../../../config";

/**
 * Where the site's sportsbook widgets come from (spec point 7: an integration runs only when its keys are
 * present). With BETTING_PROVIDER_HOST a real provider serves the script and the API and needs its client id;
 * without it the built-in provider serves both from our own host. SPORTSBOOK_ENABLED=false hides sports.
 */
export function sportsbookSiteSettings(
  config: Pick<Config, "SPORTSBOOK_ENABLED" | "BETTING_PROVIDER_HOST" | "BETTING_CLIENT_ID">,
): SportsbookSiteSettings {
  const host = config.BETTING_PROVIDER_HOST?.replace(/\/$/, "");
  if (!host)
    return {
      enabled: config.SPORTSBOOK_ENABLED,
      provider: "built-in",
      scriptUrl: BUILT_IN_SCRIPT_PATH,
      apiBase: "",
    };
  return {
    enabled: config.SPORTSBOOK_ENABLED && Boolean(config.BETTING_CLIENT_ID),
    provider: new URL(host).hostname,
    scriptUrl: `${host}${BUILT_IN_SCRIPT_PATH}`,
    apiBase: host,
    clientId: config.BETTING_CLIENT_ID,
  };
}
