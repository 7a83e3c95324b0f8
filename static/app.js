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
  document.documentElement.classList.add("js");
  const body = document.body;

  // Games opened on this phone, and the names typed before (no account needed).
  if (body.dataset.game) {
    const players = JSON.parse(body.dataset.players);
    const game = { id: body.dataset.game, title: body.dataset.title, players };
    save("sk.games", [game, ...load("sk.games").filter((g) => g.id !== game.id)].slice(0, 12));
    save("sk.names", [...new Set([...players, ...load("sk.names")])].slice(0, 40));
    if ("wakeLock" in navigator) {
      const wake = () => navigator.wakeLock.request("screen").catch(() => {});
      wake();
      document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
    }
  }
  const recent = $("#recent");
  if (recent) {
    const games = load("sk.games");
    for (const g of games) {
      const link = el("a", g.title);
      link.href = "/games/" + encodeURIComponent(g.id);
      link.append(el("small", (g.players || []).join(", ")));
      const item = el("li");
      item.append(link);
      $("ul", recent).append(item);
    }
    recent.hidden = !games.length;
  }
  const known = $("#known-names");
  if (known) for (const name of load("sk.names")) known.append(new Option(name));

  // New game: seats added, moved and removed in place; house rules of the chosen game.
  const players = $("#players");
  if (players) {
    const dealer = $("#first_dealer");
    const renumber = () => {
      const chosen = dealer.value;
      dealer.replaceChildren();
      $$("li", players).forEach((row, i) => {
        const input = $("input", row);
        input.name = input.id = "players-" + i;
        $("label", row).htmlFor = input.id;
        $("label", row).textContent = input.placeholder = "Player " + (i + 1);
        const [up, remove] = $$("button", row);
        up.value = "up:" + i;
        remove.value = "remove:" + i;
        dealer.append(new Option(input.value.trim() || "Player " + (i + 1), i));
      });
      dealer.value = chosen < players.children.length ? chosen : "0";
    };
    players.addEventListener("input", renumber);
    players.addEventListener("keydown", (event) => {
      // Enter moves to the next name instead of starting the game half set up.
      if (event.key !== "Enter" || event.target.tagName !== "INPUT") return;
      const row = event.target.closest("li").nextElementSibling;
      if (row) {
        event.preventDefault();
        $("input", row).focus();
      }
    });
    players.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      event.preventDefault();
      const row = button.closest("li");
      if (button.value.startsWith("up:") && row.previousElementSibling) {
        row.previousElementSibling.before(row);
      } else if (button.value.startsWith("remove:") && players.children.length > 2) {
        row.remove();
      }
      renumber();
    });
    $("#add-player").addEventListener("click", (event) => {
      event.preventDefault();
      if (players.children.length >= 8) return;
      const row = players.lastElementChild.cloneNode(true);
      $$(".msg", row).forEach((m) => m.remove());
      $("input", row).value = "";
      $("input", row).removeAttribute("aria-invalid");
      players.append(row);
      renumber();
      $("input", row).focus();
    });
    const game = $("#game");
    game.addEventListener("change", () => {
      const option = game.selectedOptions[0];
      const options = JSON.parse(option.dataset.o);
      const stakes = JSON.parse(option.dataset.s);
      $("#game-desc").textContent = option.dataset.desc;
      $("[name=shown]").value = game.value;
      for (const set of $$("fieldset[data-variant]")) {
        set.hidden = set.dataset.variant !== option.dataset.variant;
        if (set.hidden) continue;
        for (const input of $$("input, select", set)) {
          const name = input.name.slice(3 + set.dataset.variant.length);
          const value = name in options ? options[name] : JSON.parse(input.dataset.d);
          if (input.type === "checkbox") input.checked = value === true;
          else input.value = value === null ? "" : value;
        }
      }
      if (Object.keys(stakes).length) {
        $("#stakes_on").checked = true;
        for (const [name, value] of Object.entries(stakes)) $("#" + name).value = value;
      }
    });
  }

  // Recording a deal: tap who went out, type each number, Enter moves on.
  const deal = $("#deal-form");
  if (deal) {
    const numbers = () => $$("input[inputmode=numeric]:not(:disabled)", $(".hands", deal));
    const outChanged = (focus) => {
      const chosen = $("input[name=out]:checked", deal);
      for (const row of $$(".hands .row[data-seat]", deal)) {
        const isOut = chosen !== null && row.dataset.seat === chosen.value;
        row.classList.toggle("is-out", isOut);
        const hand = $("[name^=hands_]", row);
        if (hand && deal.dataset.nohand === "1") hand.disabled = isOut;
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
    deal.addEventListener("keydown", (event) => {
      tapped = false;
      if (event.key !== "Enter" || event.target.inputMode !== "numeric") return;
      const list = numbers();
      const next = list[list.indexOf(event.target) + 1];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    });
    outChanged(false);
    for (const input of numbers()) input.enterKeyHint = "next";

    // The card counter: the values come from the server (scoring.hand_value), JS only adds.
    const dialog = $("#counter");
    if (dialog) {
      const cards = JSON.parse(dialog.dataset.cards);
      let target = null;
      let tapped = [];
      const sum = () => tapped.reduce((total, i) => total + cards[i][1], 0);
      const show = () => {
        $(".list", dialog).textContent = tapped.map((i) => cards[i][0]).join(" ") || "Tap each card left in hand";
        $(".sum", dialog).textContent = sum();
        $("[data-act=use]", dialog).textContent = "Use " + sum();
      };
      cards.forEach(([label, value], i) => {
        const button = el("button", label);
        button.type = "button";
        button.dataset.i = i;
        button.setAttribute("aria-label", label + ", " + value);
        button.append(el("small", value));
        $(".cards", dialog).append(button);
      });
      dialog.addEventListener("click", (event) => {
        const button = event.target.closest("button");
        if (!button) return;
        const act = button.dataset.act;
        if (button.dataset.i !== undefined) tapped.push(Number(button.dataset.i));
        else if (act === "undo") tapped.pop();
        else if (act === "clear") tapped = [];
        else if (act === "close") dialog.close();
        else if (act === "use") {
          target.value = sum();
          deal.dataset.dirty = "1";
          dialog.close();
          const list = numbers();
          (list[list.indexOf(target) + 1] || target).focus();
        }
        show();
      });
      for (const button of $$("button.count", deal)) {
        button.hidden = false;
        button.addEventListener("click", () => {
          target = $("#" + button.dataset.for);
          if (target.disabled) return;
          tapped = [];
          $(".for", dialog).textContent = button.dataset.name;
          show();
          dialog.showModal();
        });
      }
    }
  }

  // The scoreboard follows the game: a conditional GET answered 304 while nothing changed.
  const board = $("#board[data-poll]");
  if (board) {
    let etag = '"v' + board.dataset.version + '"';
    // Once a form is sent the page is on its way out: a reload now would abort it.
    let leaving = false;
    document.addEventListener("submit", (event) => { leaving = !event.defaultPrevented; });
    const poll = async () => {
      if (document.hidden || leaving) return;
      try {
        const response = await fetch(board.dataset.poll, {
          headers: { "If-None-Match": etag }, cache: "no-store",
        });
        if (response.status !== 200 || leaving) return;
        etag = response.headers.get("ETag");
        if (board.dataset.editable) {
          // A stale entry form must not be sent: reload it unless something was typed.
          if (deal && deal.dataset.dirty) $("#stale").hidden = false;
          else location.reload();
          return;
        }
        board.innerHTML = await response.text();
        $("#say").textContent = $(".head", board).dataset.say;
      } catch { /* offline for a moment: try again next time */ }
    };
    setInterval(poll, 3000);
  }
})();
