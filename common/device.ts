/** A phone's user agent (spec point 9: mobile on a phone at any width); the server render decides by it. */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i.test(userAgent);
}
