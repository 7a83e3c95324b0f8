// The game pages: entering a deal (Enter walks the numbers, the card counter), deals
// kept on the phone without a signal and sent later, the scoreboard kept fresh by push
// or by polling. Runs after app.js; every page works without it.
"use strict";
(() => {
  const { $, $$, el } = window.sk;
  const body = document.body;
  // The words the scripts write come from the page, in its language; {name}s filled here.
  const words = JSON.parse($("#deal-form")?.dataset.words || "{}");
  const say = (key, values = {}) => words[key].replace(/\{(\w+)\}/g, (_, name) => values[name]);

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

    // The card counter: the values come from the server (scoring.hand_value), JS only adds.
    const dialog = $("#counter", deal);
    if (dialog) {
      const cards = JSON.parse(dialog.dataset.cards);
      let target = null;
      let picked = [];
      const sum = () => picked.reduce((total, i) => total + cards[i][1], 0);
      const show = () => {
        $(".list", dialog).textContent = picked.map((i) => cards[i][0]).join(" ") || words.tap;
        $(".sum", dialog).textContent = sum();
        $("[data-act=use]", dialog).textContent = say("use", { sum: sum() });
      };
      cards.forEach(([label, value], i) => {
        // The name read out is what the button shows: the card, then its points.
        const button = el("button", label);
        button.type = "button";
        button.dataset.i = i;
        const points = el("small", " " + value);
        points.append(el("span", " " + words.points[value]));
        $("span", points).className = "vh";
        button.append(points);
        $(".cards", dialog).append(button);
      });
      dialog.addEventListener("click", (event) => {
        const button = event.target.closest("button");
        if (!button) return;
        const act = button.dataset.act;
        if (button.dataset.i !== undefined) picked.push(Number(button.dataset.i));
        else if (act === "undo") picked.pop();
        else if (act === "clear") picked = [];
        else if (act === "close") dialog.close();
        else if (act === "use") {
          target.value = sum();
          deal.dataset.dirty = "1";
          dialog.close();
          const list = stops();
          (list[list.indexOf(target) + 1] || target).focus();
        }
        show();
      });
      for (const button of $$("button.count", deal)) {
        button.hidden = false;
        button.addEventListener("click", () => {
          target = $("#" + button.dataset.for, deal);
          if (target.disabled) return;
          picked = [];
          $(".for", dialog).textContent = button.dataset.name;
          $(".what", dialog).textContent = button.dataset.what;
          show();
          dialog.showModal();
        });
      }
      outChanged(false);
    }
  };
  if ($("#deal-form")) setUpDeal($("#deal-form"));

  // Deals saved without a signal (or while the server does not answer) wait on this
  // phone, in IndexedDB, each with its deal number and one-time key, and are sent in
  // order when the signal returns: the key makes a deal that did arrive count once.
  const outbox = (() => {
    const open = () => new Promise((resolve, reject) => {
      const request = indexedDB.open("scorekeeper", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("outbox", { keyPath: "key" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const run = async (mode, work) => {
      const db = await open();
      return new Promise((resolve, reject) => {
        const tx = db.transaction("outbox", mode);
        const request = work(tx.objectStore("outbox"));
        tx.oncomplete = () => { db.close(); resolve(request.result); };
        tx.onerror = () => reject(tx.error);
      });
    };
    return {
      all: async (game) => (await run("readonly", (store) => store.getAll()))
        .filter((item) => item.game === game).sort((a, b) => a.number - b.number),
      put: (item) => run("readwrite", (store) => store.put(item)),
      remove: (key) => run("readwrite", (store) => store.delete(key)),
    };
  })();
  const newKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  let sending = false; // the poll waits while deals are on their way
  const offline = (shown) => { if ($("#offline")) $("#offline").hidden = !shown; };
  addEventListener("offline", () => offline(true));

  // One deal to the server; throws when there is no answer worth the name.
  const send = async (item) => {
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
        : { message: say("refused", { number: item.number, status: response.status }) };
      return { status: response.status, ...answer };
    } finally {
      clearTimeout(timer);
    }
  };

  // The form itself may be replaced (another phone's deal): always the one on the page.
  const current = () => $("#deal-form[data-outbox]");
  if (current()) {
    const game = body.dataset.game;
    // A number's name for the waiting list: its aria-label, else its label (a side's steppers).
    const label = (input) =>
      input.getAttribute("aria-label") || input.labels[0]?.textContent.trim() || input.name;
    const describe = (deal) => {
      const out = $("input[name=out]:checked", deal);
      const typed = $$("input[inputmode=numeric]", deal).filter((i) => i.value && !i.disabled)
        .map((i) => label(i).replace(": " + words.inHand, "") + " " + i.value);
      const who = out ? out.closest("label").textContent.trim() : "";
      const what = /^(none|void)$/.test(out?.value) ? who : who && say(deal.dataset.out === "knocked" ? "knocked" : "out", { who });
      return [what, typed.join(", ")].filter(Boolean).join("; ");
    };
    // The form moves on to the next deal as if the last had been sent: dealer and wild
    // rank are known ahead; the Press waits for the scores.
    const moveFormTo = (number) => {
      const deal = current();
      const ahead = JSON.parse(deal.dataset.ahead || "[]");
      $("[name=number]", deal).value = number;
      $("[name=key]", deal).value = newKey();
      $("button.save", deal).textContent = say("save", { number });
      for (const input of $$("input:not([type=hidden])", deal)) {
        if (input.type === "radio" || input.type === "checkbox") input.checked = false;
        else input.value = "";
        input.disabled = false;
      }
      for (const row of $$(".row.is-out", deal)) row.classList.remove("is-out");
      for (const button of $$("button.count", deal)) button.hidden = false;
      delete deal.dataset.dirty;
      const next = ahead.find((d) => d.number === number);
      const box = $(".next");
      if (!next || !box) return;
      const [no, who] = $$("p", box);
      no.textContent = no.textContent.replace(/\d+/, number);
      $$("b", who).forEach((b, i) => { b.textContent = i ? next.first : next.dealer; });
      if ($(".wild strong", box) && next.wild) $(".wild strong", box).textContent = next.wild;
      for (const press of $$(".press", box)) press.remove();
      $(".done")?.remove();
    };
    const button = (text, data) => {
      const b = el("button", text);
      b.type = "button";
      Object.assign(b.dataset, data);
      return b;
    };
    const showWaiting = async () => {
      const section = $("#waiting");
      const items = await outbox.all(game);
      if (!section) return items;
      const list = $("ol", section);
      list.replaceChildren();
      for (const item of items) {
        const row = el("li");
        row.append(el("b", say("deal", { number: item.number })), item.text + " ");
        if (item.problem) {
          row.className = "problem";
          row.append(el("strong", say("notSent", { problem: item.problem })), " ",
            button(words.fix, { fix: item.key }), " ", button(words.drop, { drop: item.key }));
        } else {
          row.append(el("em", words.waiting));
        }
        list.append(row);
      }
      section.hidden = !items.length;
      return items;
    };
    let flushing = null;
    const flush = () => flushing ??= (async () => {
      let sent = 0;
      sending = true;
      try {
        for (const item of await outbox.all(game)) {
          if (item.problem) break; // the player decides first
          let answer;
          try { answer = await send(item); } catch { offline(true); return; }
          offline(false);
          if (answer.status < 300) {
            await outbox.remove(item.key);
            sent += 1;
            continue;
          }
          item.problem = [answer.message, ...(answer.problems || [])].join(" ");
          await outbox.put(item);
          break;
        }
      } finally {
        sending = false;
        flushing = null;
        const left = await showWaiting();
        // The new score from the server, unless the player is typing the next deal (then
        // the poll brings it in and keeps what was typed).
        if (sent && !current().dataset.dirty && !left.some((item) => item.problem)) location.reload();
      }
    })();

    document.addEventListener("submit", async (event) => {
      const deal = event.target;
      if (deal !== current()) return;
      event.preventDefault();
      const item = {
        game, key: $("[name=key]", deal).value, number: Number($("[name=number]", deal).value),
        action: deal.action, fields: [...new FormData(deal)], text: describe(deal), at: Date.now(),
      };
      await outbox.put(item);
      const waiting = await outbox.all(game);
      if (waiting.length === 1 && navigator.onLine) {
        sending = true;
        try {
          const answer = await send(item);
          await outbox.remove(item.key);
          // Saved: the game page as usual. Refused: sent the ordinary way (same key,
          // nothing was stored), so the messages show beside their fields.
          if (answer.status < 300) location.assign(location.pathname);
          else HTMLFormElement.prototype.submit.call(deal);
          return;
        } catch {
          sending = false; // no answer: it waits with the others
        }
      }
      offline(true);
      moveFormTo(item.number + 1);
      await showWaiting();
      $("#say").textContent = say("kept", { number: item.number });
      $("input[name=out]", deal)?.focus();
    });
    document.addEventListener("click", async (event) => {
      const target = event.target.closest("[data-fix], [data-drop]");
      if (!target) return;
      const items = await outbox.all(game);
      const item = items.find((i) => i.key === (target.dataset.fix || target.dataset.drop));
      if (!item) return;
      await outbox.remove(item.key);
      const deal = current();
      if (target.dataset.fix) {
        // Back into the form as typed, for the deal now due: check it, then save.
        for (const [name, value] of item.fields) {
          if (["csrf_token", "number", "key"].includes(name)) continue;
          const input = $(`[name="${name}"]${name === "out" || name.startsWith("upcard_suit") ? `[value="${value}"]` : ""}`, deal);
          if (!input) continue;
          if (input.type === "radio" || input.type === "checkbox") input.checked = true;
          else input.value = value;
        }
        deal.dataset.dirty = "1";
        $("input[name=out]:checked", deal)?.dispatchEvent(new Event("change", { bubbles: true }));
      }
      await showWaiting();
      flush();
    });
    addEventListener("online", () => { offline(false); flush(); });
    setInterval(() => { if (navigator.onLine) flush(); }, 5000);
    showWaiting().then((items) => {
      if (!items.length) return;
      moveFormTo(items.at(-1).number + 1);
      offline(!navigator.onLine);
      if (navigator.onLine) flush();
    });
    if (!navigator.onLine) { offline(true); $(".done")?.remove(); }
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
    let leaving = false;
    document.addEventListener("submit", (event) => { leaving = !event.defaultPrevented; });
    // Another phone saved a deal while this one was typing: the page takes the new score
    // and the form the next deal's number, with every typed value kept, and says so by Save.
    const moveOn = async (deal) => {
      const response = await fetch(location.pathname, { cache: "no-store" });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = $("#board", page);
      const next = $("#deal-form", fresh);
      if (!response.ok || leaving || !next) { location.reload(); return; }
      const before = $("[name=number]", deal).value;
      for (const input of $$("input, select", deal)) {
        if (["csrf_token", "number", "key"].includes(input.name)) continue;
        const twin = input.type === "radio"
          ? $(`[name="${input.name}"][value="${input.value}"]`, next)
          : $(`[name="${input.name}"]`, next);
        if (!twin) continue;
        if (input.type === "radio" || input.type === "checkbox") twin.checked = input.checked;
        else twin.value = input.value;
      }
      board.replaceChildren(...fresh.childNodes);
      board.dataset.version = fresh.dataset.version;
      const form = $("#deal-form");
      form.dataset.dirty = "1";
      setUpDeal(form);
      const number = $("[name=number]", form).value;
      const stale = $("#stale", form);
      stale.textContent = say("stale", { before, number });
      stale.hidden = false;
      stale.scrollIntoView({ block: "nearest" });
    };
    const poll = async () => {
      if (document.hidden || leaving || sending) return;
      try {
        const response = await fetch(board.dataset.poll, {
          headers: { "If-None-Match": etag }, cache: "no-store",
        });
        if (response.status !== 200 || leaving) return;
        etag = response.headers.get("ETag");
        if (board.dataset.editable) {
          const deal = $("#deal-form");
          // A stale entry form must not be sent: reload it, keeping what was typed.
          if (deal && deal.dataset.dirty) await moveOn(deal);
          else location.reload();
          return;
        }
        board.innerHTML = await response.text();
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
