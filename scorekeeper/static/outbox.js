// Every deal saved by the script passes through here: kept on this phone (IndexedDB),
// with its deal number and one-time key, before it is sent, and taken off on a definite
// answer, so a page closed mid-save still has it. Deals without an answer (no signal, or
// the server silent) wait, shown as rows of the deal grid, and are sent in order when
// the signal returns: the key makes a deal that did arrive count once. game.js loads
// this file at the first Save, or sooner when offline or deals wait.
"use strict";
(() => {
  // The queue, apart from the page (tests/js/outbox.test.js runs it under Node): deals
  // kept per game in IndexedDB, sent in deal order. `say` words a refusal; the hooks
  // tell the page when the phone is heard offline or online, when the queue is sending,
  // and what a flush did.
  const outbox = ({ game, indexedDB, fetch, say, offline = () => {}, sending = () => {},
    flushed = async () => {} }) => {
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
    let flushing = null;
    const queue = {
      all: async () => (await run("readonly", (s) => s.getAll()))
        .filter((item) => item.game === game).sort((a, b) => a.number - b.number),
      put: (item) => run("readwrite", (s) => s.put(item)),
      remove: (key) => run("readwrite", (s) => s.delete(key)),
      send,
      saving: false, // a deal's Save is sending it itself: no flush meanwhile
      // The waiting deals in order, each taken off once stored; a refused deal stops the
      // queue with its problem kept (the player decides first), no answer stops it as is.
      // Calls during a flush share it; while a Save sends, none starts (null).
      flush: () => queue.saving ? null : flushing ??= (async () => {
        const done = { sent: 0, refused: false, answered: true };
        sending(true);
        try {
          for (const item of await queue.all()) {
            if (item.problem) break;
            let answer;
            try { answer = await send(item); } catch { offline(true); done.answered = false; break; }
            offline(false);
            if (answer.status < 300) {
              await queue.remove(item.key);
              done.sent += 1;
              continue;
            }
            item.problem = [answer.message, ...(answer.problems || [])].join(" ");
            await queue.put(item);
            done.refused = true;
            break;
          }
        } finally {
          sending(false);
          flushing = null;
          await flushed(done);
        }
        return done;
      })(),
    };
    return queue;
  };
  // Under Node, the queue alone: there is no page.
  if (typeof document === "undefined") return void (module.exports = { outbox });

  const sk = window.sk;
  const { $, $$, el } = sk;
  const game = document.body.dataset.game;
  const newKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

  // The form itself may be replaced (another phone's deal): always the one on the page.
  const current = () => $("#deal-form[data-outbox]");
  // A number's name for the grid: its aria-label, else its label (a side's steppers).
  const label = (input) =>
    input.getAttribute("aria-label") || input.labels[0]?.textContent.trim() || input.name;
  // A deal's line in the grid, from its fields as sent and the labels of the form (the
  // same players): game.js stores a deal before any of this is loaded.
  const describe = (fields) => {
    const deal = current();
    const field = (name) => $$(`[name="${CSS.escape(name)}"]`, deal);
    const chosen = fields.find(([name]) => name === "out")?.[1];
    const out = chosen && field("out").find((i) => i.value === chosen);
    const typed = fields.filter(([name, value]) => value && field(name)[0]?.inputMode === "numeric")
      .map(([name, value]) => label(field(name)[0]).replace(sk.words.inHand, "") + " " + value);
    const who = out ? out.closest("label").textContent.trim() : "";
    const what = /^(none|void)$/.test(chosen) ? who : who && sk.say("out", { who }); // the game's word
    return [what, typed.join(", ")].filter(Boolean).join("; ");
  };
  const emptyForm = (deal) => {
    for (const input of $$("input:not([type=hidden])", deal)) {
      if (input.type === "radio" || input.type === "checkbox") input.checked = false;
      else input.value = "";
      input.disabled = false;
      input.classList.remove("heard");
    }
    clearSaid();
    for (const row of $$(".row.is-out", deal)) row.classList.remove("is-out");
    for (const button of $$("button.count", deal)) button.hidden = false;
    delete deal.dataset.dirty;
  };
  // The form moves on to the next deal as if the last had been sent, and the panel above
  // says that deal as the rules foresee it (the form's data-ahead, from the server):
  // dealer, who plays first, cards, contract, wild rank; the Press waits for the scores.
  // The totals stay the server's, said to leave the waiting deals out.
  // Emptied, or with what was typed kept (``typed``: typed before this script ran, for
  // the deal now due).
  const moveFormTo = (number, { typed = false } = {}) => {
    const deal = current();
    const ahead = JSON.parse(deal.dataset.ahead || "[]");
    $("[name=number]", deal).value = number;
    $("[name=key]", deal).value = newKey();
    // The form's own Save (Golf's card grid has a button.save of its own: Use).
    $(".send .save", deal).textContent = sk.say("save", { number });
    if (!typed) emptyForm(deal);
    $(".done")?.remove();
    const next = ahead.find((d) => d.number === number);
    const box = $(".next");
    if (!next || !box) return;
    // Every deal saved: the game's end waits on the phone with them.
    box.hidden = deal.hidden = Boolean(next.past);
    if ($("#say-form")) $("#say-form").hidden = Boolean(next.past);
    // Each line as the server words it for that deal (escaped there).
    for (const [name, line] of Object.entries(next.lines || {})) {
      const spot = $("." + name, box);
      if (spot && line) spot.innerHTML = line;
    }
    for (const press of $$(".press", box)) press.remove();
    if (next.left) $(".progress").textContent = next.left;
    // The card counter counts that deal's wild rank (static/counter.js builds it again).
    const counter = $("#counter", deal);
    if (counter) {
      counter.dataset.first ??= counter.dataset.cards;
      counter.dataset.cards = next.counter ? JSON.stringify(next.counter) : counter.dataset.first;
    }
    const totals = $(".totals");
    totals.classList.toggle("pending", Boolean(next.waiting));
    let note = $("#uncounted");
    if (!note) {
      note = el("p");
      note.id = "uncounted";
      note.className = "uncounted";
      totals.after(note);
    }
    note.textContent = next.waiting || "";
    note.hidden = !next.waiting;
  };
  // The line said for the deal just kept goes with it, as a page the server sends has
  // none: the next deal's empty fields must not look heard, nor its note say the old line.
  const clearSaid = () => {
    const say = $("#say-form");
    if (!say) return;
    $("#said", say).value = "";
    $("#say-note", say).textContent = "";
    for (const asked of $$(".who-is", say)) asked.remove();
    delete say.dataset.readback;
    sk.showReadBack?.();
  };
  const button = (text, data) => {
    const b = el("button", text);
    b.type = "button";
    Object.assign(b.dataset, data);
    return b;
  };
  // Each waiting deal is a row of the deal grid, below the deals the server has.
  const showWaiting = async () => {
    const items = await queue.all();
    if (items.length) localStorage.setItem("sk.waiting." + game, items.length);
    else localStorage.removeItem("sk.waiting." + game);
    const grid = $("#deals");
    if (!grid) return items;
    const words = grid.dataset;
    for (const row of $$("tr.waiting", grid)) row.remove();
    $("#unsent")?.remove();
    for (const item of items) {
      const row = el("tr");
      row.className = item.problem ? "waiting problem" : "waiting";
      row.append(el("th", String(item.number)));
      row.firstChild.scope = "row";
      const cell = el("td");
      cell.colSpan = $$("thead th", grid).length - 1;
      // Held at the left of the sideways-scrolling grid, as wide as the screen shows.
      const box = el("div");
      box.append(el("em", words.waiting), " " + (item.text ?? describe(item.fields)));
      if (item.problem) {
        row.id = "unsent-deal";
        box.append(el("strong", words.notSent + " " + item.problem),
          button(words.fix, { fix: item.key }), " ", button(words.drop, { drop: item.key }));
        // Said by the form too, where the player looks: a link down to the row.
        const note = el("p");
        const link = el("a", words.unsent.replace("{number}", item.number));
        link.href = "#unsent-deal";
        note.append(link);
        note.id = "unsent";
        note.className = "notice problems";
        note.setAttribute("role", "alert");
        $(".send", current())?.before(note);
      }
      cell.append(box);
      row.append(cell);
      $("tbody", grid).append(row);
    }
    $("#deal-grid").hidden = !items.length && !$("tbody tr", grid);
    sk.sideways();
    return items;
  };
  const queue = outbox({
    game, indexedDB, fetch: (...args) => fetch(...args), say: (...args) => sk.say(...args),
    offline: (off) => sk.offline(off),
    sending: (on) => { sk.sending = on; },
    // Shown again only if something changed: a refusal is announced once. The new score
    // from the server, unless the player is typing the next deal (then the poll brings
    // it in and keeps what was typed).
    flushed: async ({ sent, refused }) => {
      const left = sent || refused ? await showWaiting() : [];
      if (sent && !current().dataset.dirty && !left.some((item) => item.problem)) location.reload();
    },
  });
  const flush = queue.flush;

  // Save: kept first, then sent at once, unless deals already wait (it goes behind them).
  sk.save = async (deal) => {
    const item = {
      game, key: $("[name=key]", deal).value, number: Number($("[name=number]", deal).value),
      action: deal.action, fields: [...new FormData(deal)], at: Date.now(),
    };
    const flag = "sk.waiting." + game;
    const behind = localStorage.getItem(flag);
    queue.saving = true;
    const kept = await queue.put(item).then(() => localStorage.setItem(flag, 1), () => false);
    if (navigator.onLine && !behind) {
      sk.sending = true;
      try {
        const answer = await queue.send(item);
        if (kept !== false) await queue.remove(item.key).then(() => localStorage.removeItem(flag), () => {});
        // Saved: the game page as usual. Refused: sent the ordinary way (same key,
        // nothing was stored), so the messages show beside their fields.
        if (answer.status < 300) location.assign(location.pathname);
        else HTMLFormElement.prototype.submit.call(deal);
        return;
      } catch {
        sk.sending = false; // no answer: it waits on the phone
      }
    }
    queue.saving = sk.sending = false;
    waitWith(item, deal);
  };
  const waitWith = async (item, deal) => {
    await queue.put({ ...item, text: describe(item.fields) });
    sk.offline(true);
    moveFormTo(item.number + 1);
    await showWaiting();
    $("#say").textContent = sk.say("kept", { number: item.number });
    $("input[name=out]", deal)?.focus();
    if (navigator.onLine) flush();
  };
  document.addEventListener("click", async (event) => {
    const target = event.target.closest("[data-fix], [data-drop]");
    if (!target) return;
    const items = await queue.all();
    const item = items.find((i) => i.key === (target.dataset.fix || target.dataset.drop));
    if (!item) return;
    await queue.remove(item.key);
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
  addEventListener("online", () => { sk.offline(false); flush(); });
  setInterval(() => { if (navigator.onLine) flush(); }, 5000);
  showWaiting().then((items) => {
    if (!items.length) return;
    const number = items.at(-1).number + 1;
    const typed = Boolean(current().dataset.dirty);
    moveFormTo(number, { typed });
    if (typed) { // typed under the server's deal number: said, as another phone's deal is
      const said = $("#stale", current());
      said.textContent = sk.say("ahead", { number });
      said.hidden = false;
    }
    sk.offline(!navigator.onLine);
    if (navigator.onLine) flush();
  });
})();
