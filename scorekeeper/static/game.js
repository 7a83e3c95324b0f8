// The game pages: entering a deal (Enter walks the numbers), sending it, the scoreboard
// kept fresh by push or by polling. The card counter, the offline outbox and another
// phone's deal are scripts of their own, fetched when needed. Runs after app.js;
// every page works without it.
"use strict";
(() => {
  const sk = window.sk;
  const { $, $$, el } = sk;
  const body = document.body;
  // The words the scripts write come from the page, in its language; {name}s filled here.
  sk.words = JSON.parse($("#deal-form")?.dataset.words || "{}");
  sk.say = (key, values = {}) => sk.words[key].replace(/\{(\w+)\}/g, (_, name) => values[name]);
  // Scripts fetched only when needed (the offline outbox, the card counter), each once.
  const loading = {};
  sk.load = (src) => loading[src] ??= new Promise((resolve, reject) => {
    const script = el("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = (error) => { delete loading[src]; script.remove(); reject(error); };
    document.head.append(script);
  });
  // ... and kept for the day the signal goes: the service worker serves them from its files.
  addEventListener("load", () => {
    const later = [$("#deal-form")?.dataset.outbox, $("#counter")?.dataset.src].filter(Boolean);
    if (!navigator.onLine || !window.caches) return;
    caches.open("sk-files-1").then((files) => Promise.all(later.map(async (src) => (await files.match(src)) || files.add(src)))).catch(() => {});
  });

  // Recording a deal: tap who went out, type each number, Enter moves on; only Save saves.
  const setUpDeal = (deal) => {
    const numbers = () => $$("input[inputmode=numeric]:not(:disabled)", $(".hands", deal));
    const outChanged = (focus) => {
      const chosen = $("input[name=out]:checked", deal);
      for (const row of $$(".hands .row[data-seat]", deal)) {
        const isOut = chosen !== null && row.dataset.seat === chosen.value;
        row.classList.toggle("is-out", isOut);
        const hand = $("[name^=hands_]", row);
        if (hand && deal.dataset.nohand === "1") {
          hand.disabled = isOut;
          // Nothing to count for whoever went out: no live-looking button beside them.
          const count = $("button.count[data-for^=hands_]", row);
          if (count) count.hidden = isOut;
        }
      }
      const empty = numbers().find((input) => !input.value);
      if (focus && empty) empty.focus();
    };
    // A tap on who went out moves on to the first number; with the keyboard the
    // arrows only choose (they walk the players), and Tab moves on.
    let tapped = false;
    deal.addEventListener("pointerdown", () => { tapped = true; });
    deal.addEventListener("change", (event) => {
      if (event.target.name === "out") outChanged(tapped);
    });
    deal.addEventListener("input", () => { deal.dataset.dirty = "1"; });
    // A haptic tick as Save is tapped, where the phone has one.
    deal.addEventListener("submit", () => navigator.vibrate?.(20));
    // Enter ("next" on a phone's keyboard) walks the numbers, then the flags after them
    // (big gin, went rummy...), then stops on Save: the deal is saved by Save alone.
    const stops = () => [...numbers(), ...$$(".check input", deal), $("button.save", deal)];
    deal.addEventListener("keydown", (event) => {
      tapped = false;
      const input = event.target;
      if (event.key !== "Enter" || input.tagName !== "INPUT" || input.name === "out") return;
      event.preventDefault();
      const list = stops();
      const next = list[list.indexOf(input) + 1];
      if (next) next.focus();
    });
    outChanged(false);
    for (const input of numbers()) input.enterKeyHint = "next";

    // After a refused save: the focus goes to the first field the summary names.
    // (Once the page has loaded: the browser's own move to #problems would take it away.)
    const problem = $("#problems a[href^='#']", deal);
    const first = () => $(problem.hash, deal).focus();
    if (problem && document.readyState === "complete") first();
    else if (problem) addEventListener("load", () => setTimeout(first));
    $("#problems", deal)?.addEventListener("click", (event) => {
      const link = event.target.closest("a[href^='#']");
      if (!link) return;
      event.preventDefault();
      $(link.hash, deal).focus();
    });

    // The card counter (static/counter.js) is fetched at the first tap on a Count button.
    const dialog = $("#counter", deal);
    if (dialog) {
      for (const button of $$("button.count", deal)) button.hidden = false;
      outChanged(false);
      const open = async (event) => {
        const button = event.target.closest("button.count");
        if (!button) return;
        deal.removeEventListener("click", open);
        await sk.load(dialog.dataset.src);
        sk.counter(deal, dialog, stops);
        button.click();
      };
      deal.addEventListener("click", open);
    }
  };
  sk.setUpDeal = setUpDeal;
  if ($("#deal-form")) setUpDeal($("#deal-form"));

  // Sending a deal. Without an answer (no signal, or the server does not answer) it is
  // kept on this phone by static/outbox.js, which is fetched only then, or while deals
  // wait, or once the phone goes offline: a phone with a signal never runs it.
  const current = () => $("#deal-form[data-outbox]");
  if (current()) {
    const game = body.dataset.game;
    const keep = () => sk.load(current().dataset.outbox);
    const offline = (shown) => { if ($("#offline")) $("#offline").hidden = !shown; };
    sk.offline = offline;
    addEventListener("offline", () => { offline(true); keep(); });
    if (!navigator.onLine || localStorage.getItem("sk.waiting." + game)) keep().catch(() => {});
    if (!navigator.onLine) { offline(true); $(".done")?.remove(); }

    // One deal to the server; throws when there is no answer worth the name.
    sk.send = async (item) => {
      const data = new FormData();
      for (const [name, value] of item.fields) data.append(name, value);
      const stop = new AbortController();
      const timer = setTimeout(() => stop.abort(), 10_000);
      try {
        const response = await fetch(item.action, {
          method: "POST", body: data, headers: { "X-Outbox": "1" }, signal: stop.signal,
        });
        if (response.status >= 500 || response.status === 429) throw new Error("no answer");
        const type = response.headers.get("Content-Type") || "";
        const answer = type.includes("json") ? await response.json()
          : { message: sk.say("refused", { number: item.number, status: response.status }) };
        return { status: response.status, ...answer };
      } finally {
        clearTimeout(timer);
      }
    };
    document.addEventListener("submit", async (event) => {
      const deal = event.target;
      if (deal !== current()) return;
      event.preventDefault();
      const item = {
        game, key: $("[name=key]", deal).value, number: Number($("[name=number]", deal).value),
        action: deal.action, fields: [...new FormData(deal)], at: Date.now(),
      };
      // Deals already waiting go first: this one waits behind them.
      if (navigator.onLine && !localStorage.getItem("sk.waiting." + game)) {
        sk.sending = true;
        try {
          const answer = await sk.send(item);
          // Saved: the game page as usual. Refused: sent the ordinary way (same key,
          // nothing was stored), so the messages show beside their fields.
          if (answer.status < 300) location.assign(location.pathname);
          else HTMLFormElement.prototype.submit.call(deal);
          return;
        } catch {
          sk.sending = false; // no answer: it is kept on the phone
        }
      }
      try {
        await keep();
      } catch {
        HTMLFormElement.prototype.submit.call(deal); // not even the outbox: the browser tries
        return;
      }
      sk.waitWith(item, deal);
    });
  }

  // Just saved (or the Press just taken): said aloud; its Undo stays a short while.
  const done = $(".done[data-say]");
  if (done) {
    setTimeout(() => { $("#say").textContent = done.dataset.say; }, 100);
    setTimeout(() => { $("form", done)?.remove(); }, 30_000);
  }

  // The scoreboard follows the game: a conditional GET answered 304 while nothing changed.
  const board = $("#board[data-poll]");
  if (board) {
    let etag = '"v' + board.dataset.version + '"';
    // Once a form is sent the page is on its way out: a reload now would abort it.
    document.addEventListener("submit", (event) => { sk.leaving = !event.defaultPrevented; });
    const poll = async () => {
      if (document.hidden || sk.leaving || sk.sending) return;
      try {
        const response = await fetch(board.dataset.poll, {
          headers: { "If-None-Match": etag }, cache: "no-store",
        });
        if (response.status !== 200 || sk.leaving) return;
        etag = response.headers.get("ETag");
        if (board.dataset.editable) {
          const deal = $("#deal-form");
          // A stale entry form must not be sent: reload it, keeping what was typed
          // (static/stale.js), or, without what was typed, simply reload.
          if (deal && deal.dataset.dirty) await sk.load(board.dataset.stale).then(() => sk.moveOn(deal, board), () => location.reload());
          else location.reload();
          return;
        }
        board.innerHTML = await response.text();
        sk.localTimes(board);
        $("#say").textContent = $(".head", board).dataset.say;
      } catch { /* offline for a moment: try again next time */ }
    };
    // Pushed: a server-sent event says the game changed, and the page asks at once. While
    // the stream is open the poll rests; refused (204) or lost, the poll carries on.
    let pushed = false;
    if ("EventSource" in window && board.dataset.events) {
      const events = new EventSource(board.dataset.events);
      events.addEventListener("open", () => { pushed = true; });
      events.addEventListener("error", () => { pushed = false; });
      events.addEventListener("version", () => poll());
    }
    setInterval(() => { if (!pushed) poll(); }, 3000);
  }
})();
