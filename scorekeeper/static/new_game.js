// The new-game page: names typed before offered again; seats added, moved and removed
// in place; the chosen game's house rules and most players. The league rules form: the
// chosen game's table sizes and options. Runs after app.js.
"use strict";
(() => {
  const { $, $$, load, changed } = window.sk;
  // The words written here come from the page, in its language; {name}s filled here.
  const words = JSON.parse($("form.new")?.dataset.words || "{}");
  const say = (key, values) => words[key].replace(/\{(\w+)\}/g, (_, name) => values[name]);
  const known = $("#known-names");
  if (known) for (const name of load("sk.names")) known.append(new Option(name));

  // The chosen game's house rules come from the server (`game` is the new-game page's
  // name for it; none: no rules); a rule both games have keeps what was typed into it.
  // False when they could not be had (offline): the no-JS button fetches them with the form.
  let asked = 0;
  const swapRules = async (form, src, game) => {
    const mine = ++asked;
    const old = $("fieldset[data-variant]", form);
    let rules = null;
    if (game) {
      try {
        const url = new URL(src, location.href);
        url.searchParams.set("game", game);
        const response = await fetch(url);
        if (!response.ok) throw new Error(response.status);
        const html = await response.text();
        rules = document.createRange().createContextualFragment(html).firstElementChild;
      } catch {
        return mine !== asked;
      }
    }
    if (mine !== asked) return true;
    for (const input of rules && old ? $$("input, select, textarea", old) : []) {
      const same = $(`[name="${input.name}"]`, rules);
      if (!same || !changed(input)) continue;
      if (input.type === "checkbox") same.checked = input.checked;
      else same.value = input.value;
    }
    if (old && rules) old.replaceWith(rules);
    else if (old) old.remove();
    else if (rules) $(".house-rules", form).append(rules);
    $("[name=shown]", form).value = game;
    return true;
  };

  // League rules: the table sizes and the house rules of the game chosen (a variant
  // chosen over a preset), as the new-game page names it.
  const help = $(".option-help");
  if (help) {
    const form = help.closest("form");
    const preset = $("select[name=preset]", form);
    const variant = $("select[name=variant]", form);
    const show = $("#show-rules", form);
    const chosen = () => {
      const presets = preset.selectedOptions[0].dataset.variant ?? "";
      const byPreset = preset.value !== "" && [presets, ""].includes(variant.value);
      const game = byPreset ? "preset:" + preset.value : variant.value ? "variant:" + variant.value : "";
      return { id: variant.value || presets, game };
    };
    const follow = async () => {
      const { id, game } = chosen();
      for (const set of $$("[data-variant]:not(option, fieldset)", help)) set.hidden = set.dataset.variant !== id;
      help.open = id !== "";
      show.classList.toggle("nojs", await swapRules(form, $(".house-rules", form).dataset.src, game));
    };
    form.addEventListener("change", (event) => {
      if (event.target === preset || event.target === variant) follow();
    });
    // A game chosen before this script ran (a slow page, a form the browser restored)
    // gets its table sizes and rules now, as a change would have given them.
    if (chosen().game !== $("[name=shown]", form).value) follow();
  }

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
        $("label", row).textContent = input.placeholder = say("player", { number: i + 1 });
        const [up, remove] = $$("button", row);
        up.value = "up:" + i;
        remove.value = "remove:" + i;
        dealer.append(new Option(input.value.trim() || say("player", { number: i + 1 }), i));
      });
      dealer.value = chosen < players.children.length ? chosen : "0";
    };
    players.addEventListener("input", renumber);
    // Names typed before this script ran (a slow page, a form the browser restored) are
    // the first dealer's choices now, as typing them would have made them.
    if ($$("input", players).some(changed)) renumber();
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
    // The chosen game's most players: blank seats beyond it go, and Add says why it stops.
    const most = () => Number($("#game").selectedOptions[0].dataset.max);
    const full = $("#players-full");
    $("#add-player").addEventListener("click", (event) => {
      event.preventDefault();
      if (players.children.length >= most()) {
        const option = $("#game").selectedOptions[0];
        const sides = "sides" in option.dataset ? "_sides" : ""; // partners play as sides
        full.textContent = most() === 2
          ? say("two" + sides, { game: option.textContent.replace(/ \(.*/, "") })
          : say("most" + sides, { number: most() });
        return;
      }
      full.textContent = "";
      const row = players.lastElementChild.cloneNode(true);
      $$(".msg", row).forEach((m) => m.remove());
      $("input", row).value = "";
      $("input", row).removeAttribute("aria-invalid");
      players.append(row);
      renumber();
      $("input", row).focus();
    });
    // A circle's members: a tap seats the member in the first empty seat (a new one when
    // none is empty); a member already seated stays where they are.
    for (const chip of $$("button[data-member]")) {
      chip.addEventListener("click", (event) => {
        event.preventDefault();
        const name = chip.dataset.member;
        const seated = () => $$("#players input");
        if (seated().some((input) => input.value.trim().toLowerCase() === name.toLowerCase())) return;
        let seat = seated().find((input) => !input.value.trim());
        if (!seat) {
          $("#add-player").click();
          seat = seated().find((input) => !input.value.trim());
        }
        if (!seat) return;
        seat.value = name;
        seat.dispatchEvent(new Event("input", { bubbles: true }));
      });
    }
    // No signal at Start: the form stays as typed and says so (not the browser's error page).
    const form = players.closest("form");
    form.addEventListener("submit", async (event) => {
      const start = event.submitter;
      if (start?.value !== "start" || form.ok) return;
      event.preventDefault();
      form.ok = navigator.onLine && await fetch(location.href, { method: "HEAD" }).then(() => 1, () => 0);
      $("#no-signal").hidden = form.ok;
      if (form.ok) form.requestSubmit(start);
    });
    const game = $("#game");
    const update = $("#update");
    // The game's description comes with its rules (the page carries only the first
    // game's); until they come, or offline, no description rather than the last game's.
    const about = $("#game-desc");
    const swap = async () => {
      const chosen = game.value;
      update.classList.toggle("nojs", await swapRules(form, update.dataset.src, chosen));
      if (game.value !== chosen || $("[name=shown]", form).value !== chosen) return;
      about.textContent = $("fieldset[data-variant]", form)?.dataset.desc ?? "";
    };
    const choose = () => {
      const option = game.selectedOptions[0];
      const stakes = JSON.parse(option.dataset.s);
      about.textContent = "";
      swap();
      while (players.children.length > Math.max(most(), 2) && !$("input", players.lastElementChild).value) {
        players.lastElementChild.remove();
      }
      full.textContent = "";
      renumber();
      $("#mode").value = option.dataset.mode; // the game's own (pool rummy: a pot)
      if (Object.keys(stakes).length) {
        $("#stakes_on").checked = true;
        for (const [name, value] of Object.entries(stakes)) $("#" + name).value = value;
      }
    };
    game.addEventListener("change", choose);
    // A game chosen before this script ran (a slow page, a form the browser restored)
    // gets its rules, seats and stakes now, as a change would have given them.
    if (game.value !== $("[name=shown]", form).value) choose();
  }
})();
