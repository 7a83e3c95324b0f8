// Say the deal without a signal: the same reading as scorekeeper/understand (Python),
// step for step, on the words and numbers it serves (/understand/words.json) and the
// game's names and fields (/games/<id>/say.json), both kept on the phone by game.js.
// tests/browser/test_say_play.py checks that both readers give the same entries.
"use strict";
(() => {
  const DIGITS = "०१२३४५६७८९";
  const PLAIN = { "ł": "l", "đ": "d", "ø": "o", "ß": "ss" };
  const WORD = /-?\d+|[\u0900-\u0963\u0971-\u097f]+|\p{L}+/gu;
  const MARK = /\p{M}/u;
  const SPECIAL = { OUT: "OUT", NOBODY: "NOBODY", GIN: "GIN", FILLER: "FILLER", MINUS: "MINUS", DEAL: "DEAL" };

  const digits = (text) => [...text].map((c) => { const i = DIGITS.indexOf(c); return i < 0 ? c : String(i); }).join("");
  const fold = (text) => {
    const lower = digits(text).replace(/\u093c/g, "").replace(/\u0901/g, "\u0902").toLowerCase();
    const kept = [];
    for (const char of lower.normalize("NFD")) {
      if (MARK.test(char) && kept.length && kept[kept.length - 1] < "\u0900") continue;
      kept.push(char);
    }
    return kept.join("").normalize("NFC").replace(/[łđøß]/g, (c) => PLAIN[c]);
  };
  const words = (text) => [...digits(text).normalize("NFC").matchAll(WORD)].map((m) => [m[0], fold(m[0])]);
  const distance = (a, b, most) => {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    let previous = [...Array(b.length + 1).keys()];
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      for (let j = 1; j <= b.length; j++) {
        current.push(Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0)));
      }
      if (Math.min(...current) > most) return most + 1;
      previous = current;
    }
    return previous[b.length];
  };

  // Numbers: [n thousand] [n hundred | a hundreds word] [connector] [0-99].
  const small = (n, tokens, at) => {
    for (let length = Math.min(n.longest, tokens.length - at); length > 0; length--) {
      const value = n.small[tokens.slice(at, at + length).join(" ")];
      if (value !== undefined) return [value, at + length];
    }
    return null;
  };
  const times = (n, tokens, at, wordsOf, unit) => {
    if (at < tokens.length && wordsOf.includes(tokens[at])) return [at + 1, unit];
    const found = small(n, tokens, at);
    if (found && found[1] < tokens.length && wordsOf.includes(tokens[found[1]]) && found[0]) return [found[1] + 1, found[0] * unit];
    return [at, 0];
  };
  const readNumber = (numerals, tokens, start, language) => {
    const token = tokens[start];
    if (/^-?\d+$/.test(token)) return [parseInt(token, 10), start + 1];
    const n = numerals[language];
    let value = 0;
    let [at, part] = times(n, tokens, start, n.thousand, 1000);
    value += part;
    let hundredsAt;
    if (at < tokens.length && tokens[at] in n.hundreds) [hundredsAt, part] = [at + 1, n.hundreds[tokens[at]]];
    else [hundredsAt, part] = times(n, tokens, at, n.hundred, 100);
    if (part) [value, at] = [value + part, hundredsAt];
    if (at > start && at + 1 < tokens.length && n.connectors.includes(tokens[at]) && small(n, tokens, at + 1)) at += 1;
    const last = small(n, tokens, at);
    if (last) [value, at] = [value + last[0], last[1]];
    return at > start ? [value, at] : null;
  };
  const splitGerman = (parts, token) => {
    if (!token) return [];
    for (const part of parts) {
      if (token.startsWith(part)) {
        const rest = splitGerman(parts, token.slice(part.length));
        if (rest) return [part, ...rest];
      }
    }
    return null;
  };

  class Reader {
    constructor(names, language, data) {
      this.data = data;
      this.languages = [language, ...Object.keys(data.phrases).filter((l) => l !== language)];
      this.full = new Map();
      const firsts = new Map();
      for (const [name, seat] of names) {
        const key = words(name).map((w) => w[1]).join(" ") || fold(name);
        if (!this.full.has(key)) this.full.set(key, new Set());
        this.full.get(key).add(seat);
        const first = key.split(" ")[0];
        if (!firsts.has(first)) firsts.set(first, new Set());
        firsts.get(first).add(seat);
      }
      this.first = new Map([...firsts].filter(([word]) => !this.full.has(word)));
      this.longestName = Math.max(1, ...[...this.full.keys()].map((k) => k.split(" ").length));
      this.longestPhrase = {};
      for (const [language, phrases] of Object.entries(data.phrases)) {
        this.longestPhrase[language] = Math.max(...Object.keys(phrases).map((p) => p.split(" ").length));
      }
      for (const n of Object.values(data.numerals)) n.longest = Math.max(...Object.keys(n.small).map((p) => p.split(" ").length));
    }

    known(word) {
      return this.full.has(word) || this.first.has(word) || this.languages.some((l) => word in this.data.phrases[l]);
    }

    items(text) {
      const said = [];
      for (const [raw, word] of words(text)) {
        const parts = this.known(word) ? null : splitGerman(this.data.germanParts, word);
        if (parts && parts.length > 1) parts.forEach((part, i) => said.push([i ? "" : raw, part]));
        else said.push([raw, word]);
      }
      const folded = said.map((w) => w[1]);
      const found = [];
      let at = 0;
      while (at < said.length) {
        let [item, after] = this.longest(folded, at, said);
        if (!item) [item, after] = [this.misheard(folded[at], said[at][0]), at + 1];
        found.push(item);
        at = after;
      }
      return joined(found);
    }

    longest(folded, at, said) {
      for (let length = Math.min(this.longestName, folded.length - at); length > 0; length--) {
        const seats = this.full.get(folded.slice(at, at + length).join(" "));
        if (seats) return [player(seats, said, at, at + length), at + length];
      }
      if (this.first.has(folded[at])) return [player(this.first.get(folded[at]), said, at, at + 1), at + 1];
      let best = [null, at];
      for (const language of this.languages) {
        const number = readNumber(this.data.numerals, folded, at, language);
        if (number && number[1] > best[1]) best = [{ kind: "number", value: number[0], text: text(said, at, number[1]) }, number[1]];
        const phrase = this.phrase(folded, at, language);
        if (phrase && phrase[1] > best[1]) best = [{ kind: "word", value: phrase[0], text: text(said, at, phrase[1]) }, phrase[1]];
        if (best[0]) return best;
      }
      return best;
    }

    phrase(folded, at, language) {
      const phrases = this.data.phrases[language];
      for (let length = Math.min(this.longestPhrase[language], folded.length - at); length > 0; length--) {
        const meanings = phrases[folded.slice(at, at + length).join(" ")];
        if (meanings) return [meanings, at + length];
      }
      return null;
    }

    misheard(word, raw) {
      if (word.length >= 3 && !/^-?\d+$/.test(word)) {
        const most = word.length >= 7 ? 2 : 1;
        const close = new Set();
        for (const [key, seats] of this.full) {
          if (distance(word, key.split(" ")[0], most) <= most) seats.forEach((s) => close.add(s));
        }
        if (close.size === 1) return { kind: "player", value: [...close][0], text: raw };
      }
      return { kind: "unclear", value: raw, text: raw };
    }
  }

  const text = (said, start, end) => said.slice(start, end).map((w) => w[0]).filter(Boolean).join(" ");
  const player = (seats, said, start, end) => {
    const shown = text(said, start, end);
    return seats.size > 1 ? { kind: "unclear", value: shown, text: shown } : { kind: "player", value: [...seats][0], text: shown };
  };
  const joined = (found) => {
    const out = [];
    for (const item of found) {
      const previous = out[out.length - 1];
      const said = previous && previous.kind === "word" && item.kind === "number";
      if (said && previous.value.includes(SPECIAL.MINUS)) out[out.length - 1] = { kind: "number", value: -item.value, text: `${previous.text} ${item.text}` };
      else if (said && previous.value.includes(SPECIAL.DEAL)) out[out.length - 1] = { kind: "word", value: [SPECIAL.FILLER], text: `${previous.text} ${item.text}` };
      else out.push(item);
    }
    return out;
  };

  const clauses = (items) => {
    const firstPlayer = items.findIndex((i) => i.kind === "player");
    const leading = firstPlayer < 0 ? items : items.slice(0, firstPlayer);
    const groups = [[null, []]];
    if (!leading.some((i) => i.kind === "number")) {
      for (const item of items) {
        if (item.kind === "player") groups.push([item.value, []]);
        else groups[groups.length - 1][1].push(item);
      }
      return groups;
    }
    let pending = [];
    items.forEach((item, index) => {
      if (item.kind === "player") { groups.push([item.value, pending]); pending = []; }
      else if (item.kind === "number" || pending.length || numberFollows(items, index)) pending.push(item);
      else groups[groups.length - 1][1].push(item);
    });
    groups[0][1].push(...pending);
    return groups;
  };
  const numberFollows = (items, index) => {
    const following = items.slice(index + 1).find((i) => i.kind !== "word");
    return Boolean(following && following.kind === "number");
  };

  // What the words fill: the same rules as _Filler in scorekeeper/understand.
  const understand = (game, data, said, language) => {
    const items = new Reader(game.names, language in data.phrases ? language : "en", data).items(said.slice(0, 2000));
    const result = { entry: {}, unclear: [], reasons: {} };
    const heard = new Map();
    const TWICE = {};
    const hear = (path, value) => {
      if (heard.has(path) && heard.get(path) !== value) { heard.set(path, TWICE); result.reasons[path] = "twice"; }
      else heard.set(path, value);
    };
    const meaningOf = (meanings) => {
      for (const meaning of meanings) {
        if (meaning === SPECIAL.DEAL) return SPECIAL.FILLER;
        if ([SPECIAL.OUT, SPECIAL.GIN, SPECIAL.NOBODY, SPECIAL.FILLER].includes(meaning) || meaning.split(".")[0] in game.kinds) return meaning;
      }
      return null;
    };
    const number = (seat, name, item) => {
      if (seat === null) { result.unclear.push(item.text); return; }
      const path = `${name}.${game.players[seat]}`;
      const [bound, step] = game.bounds[name] || [null, 1];
      const low = game.negative && bound !== null ? -bound : 0;
      if (bound !== null && !(low <= item.value && item.value <= bound)) { result.reasons[path] = "bound"; return; }
      if (item.value % step) { result.reasons[path] = "step"; return; }
      hear(path, item.value);
    };
    const perPlayer = (name) => game.kinds[name] === "per_player";
    for (const [seat, clause] of clauses(items)) {
      const meant = [];
      clause.forEach((item, index) => {
        if (item.kind === "unclear") result.unclear.push(item.text);
        else if (item.kind === "word") {
          const meaning = meaningOf(item.value);
          if (meaning === null) result.unclear.push(item.text);
          else if (meaning !== SPECIAL.FILLER) meant.push([index, meaning]);
        }
      });
      const numbers = new Set(clause.map((item, i) => (item.kind === "number" ? i : -1)).filter((i) => i >= 0));
      const bound = new Set();
      for (const [index, meaning] of meant) {
        const name = meaning.split(".")[0];
        if (meaning === SPECIAL.NOBODY) {
          if ("void" in game.kinds) hear("void", true);
          else if (game.player && game.nobody) hear(game.player, null);
          continue;
        }
        if (perPlayer(name)) {
          const order = game.counts.includes(name) ? [index - 1, index + 1] : [index + 1, index - 1];
          const at = order.find((i) => numbers.has(i) && !bound.has(i));
          if (at !== undefined) { bound.add(at); number(seat, name, clause[at]); }
          continue;
        }
        if (seat === null) {
          if (game.kinds[name] === "bool") hear(name, true);
          continue;
        }
        const who = game.players[seat];
        if (meaning === SPECIAL.OUT || meaning === SPECIAL.GIN || name === "big_gin") {
          if (game.player) hear(game.player, who);
          if (meaning !== SPECIAL.OUT && "knocker" in game.kinds && game.plain.length && !heard.has(`${game.plain[0]}.${who}`)) heard.set(`${game.plain[0]}.${who}`, 0);
        }
        const kind = game.kinds[name];
        if (kind === "bool") hear(name, true);
        else if (kind === "players") heard.set(`${name}.${who}`, true);
        else if (kind === "choice_per_player") hear(`${name}.${who}`, meaning.split(".").slice(1).join("."));
      }
      const bare = [...numbers].filter((i) => !bound.has(i)).sort((a, b) => a - b).map((i) => clause[i]);
      if (!bare.length) continue;
      if (seat === null || !game.plain.length) { result.unclear.push(...bare.map((i) => i.text)); continue; }
      if (game.plain.length === 1 || bare.length === game.plain.length) {
        game.plain.forEach((name, i) => { if (bare[i]) number(seat, name, bare[i]); });
        result.unclear.push(...bare.slice(game.plain.length).map((i) => i.text));
      } else {
        result.unclear.push(...bare.map((i) => i.text));
        result.reasons[`${game.plain[0]}.${game.players[seat]}`] = "which";
      }
    }
    for (const [path, value] of heard) {
      if (value === TWICE) continue;
      const dot = path.indexOf(".");
      const [name, who] = dot < 0 ? [path, ""] : [path.slice(0, dot), path.slice(dot + 1)];
      if (game.kinds[name] === "players") (result.entry[name] ||= []).push(who);
      else if (who) (result.entry[name] ||= {})[who] = value;
      else result.entry[name] = value;
    }
    for (const value of Object.values(result.entry)) {
      if (Array.isArray(value)) value.sort((a, b) => game.players.indexOf(a) - game.players.indexOf(b));
    }
    return result;
  };

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
      } else if (name === "void" && value) {
        const radio = deal.querySelector('input[name=out][value="void"]');
        if (radio) { radio.checked = true; radio.dispatchEvent(new Event("change", { bubbles: true })); }
      } else if (kind === "bool") set(name, value);
      else if (kind === "players") value.forEach((who) => set(`${name}_${seat(who)}`, true));
      else if (kind === "choice_per_player") Object.entries(value).forEach(([who, c]) => set(`${name}_${c}_${seat(who)}`, true));
      else if (kind === "per_player") Object.entries(value).forEach(([who, n]) => set(`${name}_${seat(who)}`, n));
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
    const [data, game] = await Promise.all([kept(say.dataset.words), kept(say.dataset.game)]);
    const said = say.querySelector("#said").value;
    const result = understand(game, data, said, say.dataset.lang);
    const deal = document.querySelector("#deal-form");
    for (const old of deal.querySelectorAll(".heard")) old.classList.remove("heard");
    const filled = fill(deal, game, result.entry);
    const messages = game.messages;
    // Say the fields are marked only when some were filled.
    const told = [(filled.length ? messages.heard : messages.none).replace("{words}", said)];
    if (result.unclear.length) told.push(messages.unclear.replace("{words}", result.unclear.join(", ")));
    for (const [path, why] of Object.entries(result.reasons)) told.push(`${path.split(".").slice(1).join(".")}: ${messages[why]}`);
    note(told.join(" "));
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

  Object.assign(window.sk, { understand, fillDeal: fill, sayHere, listen });
})();
