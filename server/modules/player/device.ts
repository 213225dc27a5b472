/**
 * A short name of the device a session was opened from, for the sessions list: "Chrome on Windows",
 * "Safari on iPhone", "Telegram on Android". Rough by design: it only helps a player recognise their devices.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  if (!ua) return "Unknown device";
  const os =
    (/iPhone/.test(ua) && "iPhone") ||
    (/iPad/.test(ua) && "iPad") ||
    (/Android/.test(ua) && "Android") ||
    (/Windows/.test(ua) && "Windows") ||
    (/Mac OS X|Macintosh/.test(ua) && "macOS") ||
    (/CrOS/.test(ua) && "ChromeOS") ||
    (/Linux/.test(ua) && "Linux") ||
    undefined;
  const app =
    (/Telegram/i.test(ua) && "Telegram") ||
    (/Edg\//.test(ua) && "Edge") ||
    (/OPR\/|Opera/.test(ua) && "Opera") ||
    (/SamsungBrowser/.test(ua) && "Samsung Internet") ||
    (/Firefox\//.test(ua) && "Firefox") ||
    (/Chrome\/|CriOS\//.test(ua) && "Chrome") ||
    (/Safari\//.test(ua) && "Safari") ||
    undefined;
  if (app && os) return `${app} on ${os}`;
  return app ?? os ?? ua.split(/[\s/]/)[0]!.slice(0, 40);
}
