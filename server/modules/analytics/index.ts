// The analytics settings' face (issue 37): what the security headers read (the analytics origins the page may
// reach).
export { analyticsOrigins, analyticsSiteSettings } from "./settings";
