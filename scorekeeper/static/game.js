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
    const said = $("#say-form")?.dataset || {};
    const later = [$("#deal-form")?.dataset.outbox, $("#counter")?.dataset.src, said.src, said.reader, said.words, said.game].filter(Boolean);
    if (!navigator.onLine || !window.caches) return;
    caches.open(sk.caches.files).then((files) => Promise.all(later.map(async (src) => (await files.match(src)) || files.add(src)))).catch(() => {});
  });

  // Recording a deal: tap who went out, type each number, Enter moves on; only Save saves.
  const setUpDeal = (deal) => {
    const numbers = () => $$("input[inputmode=numeric]:not(:disabled)", $(".hands", deal));
    const outChanged = (focus) => {
      const chosen = $("input[name=out]:checked", deal);
      for (const row of $$(".hands .row[data-seat]", deal)) {
        const isOut = chosen !== null && row.dataset.seat === chosen.value;
        row.classList.toggle("is-out", isOut);
        // Marks whoever went out cannot have (a drop, a wrong show) or has anyway.
        for (const box of $$("input[data-not-out]", row)) {
          if (isOut) box.checked = false;
          box.closest(".mark").hidden = isOut;
        }
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
    // A deal typed before this script ran (a slow page, a form the browser restored), or
    // refused and shown again, is typed all the same: another phone's deal moves it on
    // (stale.js), not reloads it away.
    const refused = $("#problems .msg", deal);
    if (refused || $$("input:not([type=hidden]), select, textarea", deal).some(sk.changed)) deal.dataset.dirty = "1";
    // A haptic tick as Save is tapped, where the phone has one.
    deal.addEventListener("submit", () => navigator.vibrate?.(20));
    // Enter ("next" on a phone's keyboard) walks the numbers, then the flags after them
    // (big gin, went rummy...), then stops on Save: the deal is saved by Save alone.
    const stops = () => [...numbers(), ...$$(".check input", deal), $(".send .save", deal)];
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

  // Saving a deal: static/outbox.js (fetched at the first Save, or before it once the
  // phone goes offline or deals wait) keeps it on the phone, then sends it.
  const current = () => $("#deal-form[data-outbox]");
  if (current()) {
    const keep = () => sk.load(current().dataset.outbox);
    const offline = (shown) => { if ($("#offline")) $("#offline").hidden = !shown; };
    sk.offline = offline;
    addEventListener("offline", () => { offline(true); keep(); });
    if (!navigator.onLine || localStorage.getItem("sk.waiting." + body.dataset.game)) keep().catch(() => {});
    if (!navigator.onLine) { offline(true); $(".done")?.remove(); }
    document.addEventListener("submit", async (event) => {
      const deal = event.target;
      if (deal !== current()) return;
      event.preventDefault();
      sk.sending = true;
      try {
        await keep();
      } catch {
        HTMLFormElement.prototype.submit.call(deal); // not even the outbox: the browser sends it
        return;
      }
      sk.save(deal);
    });
  }

  // Say the deal (static/say.js, fetched at first use): the words fill the form, read by
  // the server, or here without a signal; the mic where the browser can listen.
  const say = $("#say-form");
  if (say) {
    const note = (text) => { $("#say-note", say).textContent = text; };
    const use = (what) => sk.load(say.dataset.src).then(() => sk[what](say, note)).catch(() => note(say.dataset.offline));
    const mic = $(".mic", say);
    mic.hidden = !(window.SpeechRecognition || window.webkitSpeechRecognition);
    mic.addEventListener("click", () => use("listen"));
    say.addEventListener("submit", (event) => {
      if (!navigator.onLine) { event.preventDefault(); use("sayHere"); }
    });
    // Read back: the filled deal said aloud in the game's language, on a tap, before Save.
    const back = $(".read-back", say);
    sk.showReadBack = () => { back.hidden = !(window.speechSynthesis && say.dataset.readback); };
    sk.showReadBack();
    back.addEventListener("click", () => {
      const spoken = new SpeechSynthesisUtterance(say.dataset.readback);
      spoken.lang = say.dataset.lang;
      window.speechSynthesis.cancel();
      window.speechSynthesis.speak(spoken);
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
    // Looked at once every listener has run: the outbox's (loaded later) may still take it.
    document.addEventListener("submit", (event) => setTimeout(() => { sk.leaving = !event.defaultPrevented; }));
    // A look put off (hidden, leaving, a deal being sent) is owed: the next tick takes it,
    // though the stream is open (its event has come and gone).
    let owed = false;
    const poll = async () => {
      owed = document.hidden || sk.leaving || sk.sending;
      if (owed) return;
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
        sk.sideways();
        $("#say").textContent = $(".head", board).dataset.say;
      } catch { /* offline for a moment: try again next time */ }
    };
    // Pushed: a server-sent event says the game changed, and the page asks at once. While
    // the stream is open the poll rests; refused (204: the server's streams are all busy)
    // or lost, the poll carries on, and a refused stream is asked for again, 5 seconds
    // later, then 10, 20... up to a minute between tries.
    let pushed = false;
    if ("EventSource" in window && board.dataset.events) {
      let wait = 5000;
      const listen = () => {
        const events = new EventSource(sk.streamUrl(board.dataset.events));
        events.addEventListener("open", () => { pushed = true; wait = 5000; });
        events.addEventListener("error", () => {
          pushed = false;
          if (events.readyState !== EventSource.CLOSED) return; // the browser tries again itself
          setTimeout(listen, wait);
          wait = Math.min(wait * 2, 60_000);
        });
        events.addEventListener("version", () => poll());
      };
      listen();
    }
    setInterval(() => { if (!pushed || owed) poll(); }, Number(board.dataset.every) || 3000);
    // The signal back, the page asks at once: a stream that looks open may have lost what
    // it was told meanwhile, and while it looks open the poll rests. Asked after the
    // other listeners, so a deal the outbox is sending now makes it owed, not a reload.
    addEventListener("online", () => setTimeout(poll));
  }
})();
