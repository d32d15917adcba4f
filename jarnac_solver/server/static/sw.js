// The page's service worker (served at /sw.js, its scope the whole page): the page's shell kept, so the page
// opens and says clearly that the server cannot be reached when it cannot; and the system notification of a
// person's turn, shown when the page asks (a tab in the background) and focused when tapped.
const SHELL = "jarnac-shell-v1";
const PUSH = "jarnac-push"; // the page's language, kept by the page when it subscribes to Web Push
const FILES = [
  "/",
  "/static/style.css",
  "/static/app.js",
  "/static/audit.js",
  "/static/common.js",
  "/static/game.js",
  "/static/hints.js",
  "/static/i18n.js",
  "/static/people.js",
  "/static/practice.css",
  "/static/practice.js",
  "/static/referee.js",
  "/static/review.js",
  "/static/tiles.js",
  "/static/nainjaune.js",
  "/static/nainjaune.css",
  "/static/manifest.webmanifest",
  "/static/icon.svg",
  "/static/icon-turn.svg",
  "/static/icon-192.png",
  "/messages/fr.json",
  "/messages/en.json",
  "/messages/es.json",
  "/messages/nl.json",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== PUSH).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // The service itself (/api/) is never cached: a game's state from a cache would be a lie. The page's
  // files: the network first (a new version at once), the kept copy when the server cannot be reached.
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(SHELL).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        caches
          .match(request, { ignoreSearch: true })
          .then((found) => found || (request.mode === "navigate" ? caches.match("/") : Response.error())),
      ),
  );
});

async function pushedTexts(event) {
  // The notification of a Web Push message ({game, event}: no names, no key), said in the page's language.
  let lang = "en";
  try {
    const kept = await (await caches.open(PUSH)).match("/push-language");
    if (kept) lang = await kept.text();
  } catch (exc) {}
  let messages = {};
  try {
    const found = (await caches.match(`/messages/${lang}.json`)) || (await fetch(`/messages/${lang}.json`));
    messages = (await found.json()).messages || {};
  } catch (exc) {}
  const said = (code, fallback) => (messages[code] && messages[code][0]) || fallback;
  if (event === "rematch") return said("page.rematch", "Rematch");
  if (event === "over") return "Jarnac";
  return said("page.title_your_turn", "Your turn – Jarnac");
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (exc) {}
  const game = typeof message.game === "string" ? message.game : "";
  event.waitUntil(
    pushedTexts(message.event).then((title) =>
      self.registration.showNotification(title, {
        tag: `jarnac-${game}`,
        icon: "/static/icon-192.png",
        data: { url: "/#play" },
      }),
    ),
  );
});

self.addEventListener("notificationclick", (event) => {
  // A turn's notification tapped: the page's open tab brought forward, else the page opened.
  event.notification.close();
  const wanted = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      const tab = open.find((client) => new URL(client.url).origin === self.location.origin);
      return tab ? tab.focus() : self.clients.openWindow(wanted);
    }),
  );
});
