// Say the deal on the game page without a signal: the line read here (static/reader.js,
// fetched at first use), the deal form filled and marked; and the mic where the browser
// can listen. tests/browser/test_say_play.py plays it.
"use strict";
(() => {
  // The entry into the deal form, by the names forms.py gives its fields.
  const fill = (deal, game, entry) => {
    const filled = [];
    const set = (name, value) => {
      const input = deal.elements[name];
      if (!input) return;
      if (input.type === "checkbox") input.checked = Boolean(value);
      else input.value = String(value);
      input.classList.add("heard");
      filled.push(input);
    };
    for (const [name, value] of Object.entries(entry)) {
      const kind = game.kinds[name];
      const seat = (who) => game.players.indexOf(who);
      if (kind === "player") {
        const choice = value === null ? "none" : String(seat(value));
        const radio = deal.querySelector(`input[name=out][value="${choice}"]`);
        if (radio) { radio.checked = true; radio.dispatchEvent(new Event("change", { bubbles: true })); }
      } else if (name === game.void && value) {
        const radio = deal.querySelector(`input[name=out][value="${name}"]`);
        if (radio) { radio.checked = true; radio.dispatchEvent(new Event("change", { bubbles: true })); }
      } else if (kind === "bool") set(name, value);
      else if (kind === "players") value.forEach((who) => set(`${name}_${seat(who)}`, true));
      else if (kind === "choice_per_player") Object.entries(value).forEach(([who, c]) => set(`${name}_${c}_${seat(who)}`, true));
      else if (kind === "per_player" || kind === "signed_per_player") Object.entries(value).forEach(([who, n]) => set(`${name}_${seat(who)}`, n));
      else if (kind === "bool_per_player") Object.entries(value).forEach(([who, b]) => set(`${name}_${seat(who)}`, b));
      else if (kind === "rank" || kind === "card") set(name, value);
    }
    deal.dataset.dirty = "1";
    return filled;
  };

  // The line read on the phone: the deal form filled and marked, and what was heard said.
  const kept = async (url) => {
    const found = window.caches && await caches.match(url);
    return (found || await fetch(url)).json();
  };
  const sayHere = async (say, note) => {
    const [data, game] = await Promise.all([kept(say.dataset.words), kept(say.dataset.game), window.sk.load(say.dataset.reader)]);
    const { understand, readBack } = window.sk;
    const said = say.querySelector("#said").value;
    const result = understand(game, data, said, say.dataset.lang, learned(say));
    const deal = document.querySelector("#deal-form");
    for (const old of deal.querySelectorAll(".heard")) old.classList.remove("heard");
    for (const old of document.querySelectorAll(".who-is")) old.remove();
    fill(deal, game, result.entry);
    say.dataset.readback = Object.keys(result.entry).length ? readBack(game, data, result.entry, say.dataset.lang) : "";
    if (window.sk.showReadBack) window.sk.showReadBack();
    const messages = game.messages;
    // Say the fields are marked only when some were filled.
    const told = [(Object.keys(result.entry).length ? messages.heard : messages.none).replace("{words}", said)];
    if (result.unclear.length) told.push(messages.unclear.replace("{words}", result.unclear.join(", ")));
    for (const [path, why] of Object.entries(result.reasons)) told.push(`${path.split(".").slice(1).join(".")}: ${messages[why]}`);
    note(told.join(" "));
    const word = result.unclear.find(nameLike);
    if (word) ask(say, game, word, note);
  };

  // Nicknames learned on this phone without a signal ("Priya" for Priyanka), kept by
  // game; the server keeps the ones learned with a signal (web/say.py learn_name).
  const key = (say) => `sk-names:${say.action}`;
  const learned = (say) => JSON.parse(localStorage.getItem(key(say)) || "{}");
  // As understand.name_like: a capital first, or a letter of a script without case.
  const nameLike = (word) => {
    const first = [...word][0] || "";
    return /\p{L}/u.test(first) && !(first === first.toLowerCase() && first !== first.toUpperCase());
  };
  // "Who is “Priya”?", the players as buttons: asked once; the line is read again.
  const ask = (say, game, word, note) => {
    const box = document.createElement("fieldset");
    box.className = "who-is";
    const legend = document.createElement("legend");
    legend.textContent = game.messages.whoIs.replace("{word}", word);
    box.append(legend);
    for (const person of game.people) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = person;
      button.addEventListener("click", () => {
        localStorage.setItem(key(say), JSON.stringify({ ...learned(say), [word]: person }));
        box.remove();
        sayHere(say, note);
      });
      box.append(button, " ");
    }
    say.append(box);
  };

  // Listening: only after a tap, stopped by a pause or another tap; what is heard is sent
  // as the typed line is (or read here without a signal).
  let listening = null;
  const listen = async (say, note) => {
    if (listening) { listening.stop(); return; }
    const { messages } = await kept(say.dataset.game);
    const mic = say.querySelector(".mic");
    const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
    let heard = false;
    listening = new Recognition();
    listening.lang = say.dataset.lang;
    listening.onresult = (event) => {
      heard = true;
      say.querySelector("#said").value = event.results[0][0].transcript;
      say.requestSubmit();
    };
    listening.onend = () => {
      listening = null;
      mic.setAttribute("aria-pressed", "false");
      if (!heard) note(messages.unheard);
    };
    mic.setAttribute("aria-pressed", "true");
    note(messages.listening);
    listening.start();
  };

  Object.assign(window.sk, { fillDeal: fill, sayHere, listen });
})();
