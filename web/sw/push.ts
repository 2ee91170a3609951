// Reminders sent by the server (Web Push): shown as system notifications; a click opens the
// task in Planify (an open window is taken to it, else a new one opens).
declare const self: ServiceWorkerGlobalScope;
export {};

interface PushData {
  title?: unknown;
  body?: unknown;
  tag?: unknown;
  url?: unknown;
}

function readPush(event: PushEvent): PushData {
  try {
    return (event.data?.json() as PushData | null) ?? {};
  } catch {
    return { body: event.data?.text() ?? "" };
  }
}

self.addEventListener("push", (event) => {
  const data = readPush(event);
  const title = typeof data.title === "string" && data.title ? data.title : "Planify";
  // The same tag replaces a notification already shown (a reminder sent twice after a crash shows once).
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return void (await self.clients.openWindow(url));
      // navigate() only works on a window this worker controls; otherwise it is just focused.
      const moved = await open.navigate(url).catch(() => null);
      await (moved ?? open).focus();
    })(),
  );
});
