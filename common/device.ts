/** Spec point 9: a phone's user agent gets the mobile layout at any width (the site and the server agree on it). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i.test(userAgent);
}
