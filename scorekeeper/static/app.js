// Small helpers for the table pages. Every page works without this file;
// it saves taps (focus, card counter), keeps the view fresh and the screen on.
"use strict";
(() => {
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
  const load = (key) => {
    try { return JSON.parse(localStorage.getItem(key)) || []; } catch { return []; }
  };
  const save = (key, value) => {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ }
  };
  const el = (tag, text) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  // Whether a field holds other than the page brought: a select's first option is its
  // own where none is marked selected, as the browser shows it.
  const changed = (input) => input.type === "radio" || input.type === "checkbox"
    ? input.checked !== input.defaultChecked
    : input.tagName === "SELECT"
      ? input.selectedOptions[0] !== ([...input.options].findLast((o) => o.defaultSelected) ?? input.options[0])
      : input.value !== input.defaultValue;
  document.documentElement.classList.add("js");
  const body = document.body;

  // Games opened on this phone, and the names typed before (no account needed).
  if (body.dataset.game) {
    const players = JSON.parse(body.dataset.players);
    const game = { id: body.dataset.game, title: body.dataset.title, players, ...JSON.parse(body.dataset.summary || "{}") };
    save("sk.games", [game, ...load("sk.games").filter((g) => g.id !== game.id)].slice(0, 12));
    save("sk.names", [...new Set([...players, ...load("sk.names")])].slice(0, 40));
    if ("wakeLock" in navigator) {
      const wake = () => navigator.wakeLock.request("screen").catch(() => {});
      wake();
      document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
    }
  }
  // The caches the service worker keeps pages and files in: named here only (the worker
  // is told them in its own URL, static/sw.js; game.js reads them from sk).
  const caches_ = { pages: "sk-pages-1", files: "sk-files-1" };
  // The pages' own scripts (static/game.js, static/new_game.js) use these helpers too.
  window.sk = { $, $$, load, el, changed, caches: caches_ };

  // This phone keeps the pages it opened (the service worker): a game opens offline.
  if ("serviceWorker" in navigator) {
    const first = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register("/sw.js?" + new URLSearchParams(caches_)).then(() => {
      if (!first || !navigator.onLine) return;
      // The page and files loaded before the worker ran: keep them now.
      const files = [...$$("link[rel=stylesheet]"), ...$$("script[src]")].map((f) => f.href || f.src);
      caches.open(caches_.files).then((cache) => cache.addAll(files)).catch(() => {});
      if (body.dataset.game) caches.open(caches_.pages).then((cache) => cache.add(location.pathname)).catch(() => {});
    }).catch(() => {});
  }

  // The phone's own share sheet beside each QR code, where it has one.
  if (navigator.share) {
    for (const button of $$("button.share-it")) {
      button.hidden = false;
      button.addEventListener("click", () => {
        navigator.share({ title: button.dataset.title, url: button.dataset.url }).catch(() => {});
      });
    }
  }

  // Where the page opens an event stream: the stream process's origin when the server names
  // one (<html data-push>, make serve's second port), else the page's own.
  window.sk.streamUrl = (path) => new URL(path, document.documentElement.dataset.push || location.href).href;

  // Times are stored and sent in UTC with their offset; shown in the phone's own time,
  // here and in every part of a page fetched again (the night board's poll).
  window.sk.localTimes = (root = document) => {
    for (const time of $$("time[datetime]", root)) {
      time.textContent = new Date(time.dateTime).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
    }
  };
  window.sk.localTimes();

  // A grid wider than the screen hides players: its cue (just above it) says it scrolls
  // sideways while it does; looked at again as the page or the grid changes.
  window.sk.sideways = () => {
    for (const hint of $$(".sideways")) {
      const region = hint.nextElementSibling;
      hint.hidden = !region || region.scrollWidth <= region.clientWidth + 1;
    }
  };
  addEventListener("resize", window.sk.sideways);
  // (A grid's width changes with its fonts and rows too.)
  if (window.ResizeObserver) {
    const watch = new ResizeObserver(() => window.sk.sideways());
    for (const hint of $$(".sideways")) if (hint.nextElementSibling) watch.observe(hint.nextElementSibling.firstElementChild || hint.nextElementSibling);
  } else window.sk.sideways();

})();
