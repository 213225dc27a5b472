/*
 * The site's service worker (decision 0016): shows a Web Push notice as a browser notification, even when the
 * site is closed, and opens (or focuses) the site at the notice's address when it is clicked. It caches nothing.
 * The payload is what server/modules/notification/web-push.ts sends: { id, title, body, url }.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let notice = { title: "", body: "", url: "/" };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    notice.body = event.data ? event.data.text() : "";
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || self.location.host, {
      body: notice.body,
      tag: notice.id ? `push-${notice.id}` : undefined,
      icon: "/favicon.svg",
      data: { url: notice.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin);
  // Only this site's pages are opened.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const w of windows) if (w.url === target && "focus" in w) return w.focus();
      return self.clients.openWindow(target);
    }),
  );
});
