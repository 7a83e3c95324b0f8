// "Say the deal" read in the page, step for step as scorekeeper/understand reads it, on
// the words it serves (/understand/words.json) and the game's (/games/<id>/say.json),
// kept on the phone by game.js. tests/understand/test_phone_reader.py compares them.
"use strict";
(() => {
  const DIGITS = "०१२३४५६७८९";
  const PLAIN = { "ł": "l", "đ": "d", "ø": "o", "ß": "ss" };
  const WORD = /-?\d+|[\u0900-\u0963\u0971-\u097f]+|\p{L}+/gu;
  const MARKS = "\ufe50,;.:!?\u0964\u0965\u2014";
  const WORD_OR_MARK = new RegExp(`${WORD.source}|[${MARKS}]`, "gu");
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
  const words = (text, marks = false) => [...digits(text).normalize("NFC").matchAll(marks ? WORD_OR_MARK : WORD)]
    .map((m) => [m[0], MARKS.includes(m[0]) ? "," : fold(m[0])]);
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
  // डेढ़ सौ, ढाई हज़ार, साढ़े चार सौ: so many halves of a hundred or a thousand.
  const halves = (n, tokens, at) => {
    let count = n.halves[tokens[at]];
    let after = at + 1;
    if (count === undefined && n.plusHalf.includes(tokens[at])) {
      const found = small(n, tokens, at + 1);
      if (!found) return null;
      [count, after] = [2 * found[0] + 1, found[1]];
    }
    if (count === undefined || after >= tokens.length) return null;
    const unit = n.hundred.includes(tokens[after]) ? 100 : n.thousand.includes(tokens[after]) ? 1000 : 0;
    return unit ? [Math.floor((count * unit) / 2), after + 1] : null;
  };
  const readNumber = (numerals, tokens, start, language) => {
    const token = tokens[start];
    if (/^-?\d+$/.test(token)) return [parseInt(token, 10), start + 1];
    const n = numerals[language];
    const halved = halves(n, tokens, start);
    if (halved) return halved;
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
      this.language = language;
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
      for (const [raw, word] of words(text, true)) {
        if (this.data.hesitations.includes(word)) continue;
        const parts = this.known(word) ? null : splitGerman(this.data.germanParts, word);
        if (parts && parts.length > 1) parts.forEach((part, i) => said.push([i ? "" : raw, part]));
        else said.push([raw, word]);
      }
      const folded = said.map((w) => w[1]);
      const found = [];
      let at = 0;
      while (at < said.length) {
        if (folded[at] === ",") { found.push({ kind: "mark", value: ",", text: said[at][0] }); at += 1; continue; }
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

    // A name said another way: declined (Polish), or a letter or two off, when exactly
    // one name is that close; close to two: a stranger, naming neither.
    misheard(word, raw) {
      if (word.length < 3 || /^-?\d+$/.test(word)) return { kind: "unclear", value: raw, text: raw };
      const firsts = [...this.full].map(([key, seats]) => [key.split(" ")[0], seats]);
      if (this.language === "pl") {
        const declined = new Set();
        for (const [name, seats] of firsts) if (stem(name) === stem(word)) seats.forEach((s) => declined.add(s));
        if (declined.size === 1) return { kind: "player", value: [...declined][0], text: raw };
      }
      const close = new Set();
      for (const [name, seats] of firsts) {
        const most = [...name].length >= 7 ? 2 : 1;
        if (distance(word, name, most) <= most) seats.forEach((s) => close.add(s));
      }
      if (close.size === 1) return { kind: "player", value: [...close][0], text: raw };
      return { kind: close.size ? "stranger" : "unclear", value: raw, text: raw };
    }
  }

  const ENDINGS = ["owi", "iem", "ie", "ia", "em", "om", "a", "i", "y", "e", "u", "o"];
  const stem = (word) => {
    for (const ending of ENDINGS) {
      if (word.endsWith(ending) && word.length - ending.length >= 2) { word = word.slice(0, -ending.length); break; }
    }
    return word.length >= 4 && word[word.length - 2] === "e" ? word.slice(0, -2) + word[word.length - 1] : word;
  };
  const text = (said, start, end) => said.slice(start, end).map((w) => w[0]).filter(Boolean).join(" ");
  const player = (seats, said, start, end) => {
    const shown = text(said, start, end);
    return seats.size > 1 ? { kind: "stranger", value: shown, text: shown } : { kind: "player", value: [...seats][0], text: shown };
  };
  const joined = (found) => {
    const out = [];
    for (const item of found) {
      const previous = out[out.length - 1];
      const minus = previous && previous.kind === "word" && previous.value.includes(SPECIAL.MINUS);
      if (minus && item.kind === "word" && item.value.length === 1 && item.value[0] === SPECIAL.FILLER) continue;
      const said = previous && previous.kind === "word" && item.kind === "number";
      if (said && previous.value.includes(SPECIAL.MINUS)) out[out.length - 1] = { kind: "number", value: -item.value, text: `${previous.text} ${item.text}` };
      else if (said && previous.value.includes(SPECIAL.DEAL)) out[out.length - 1] = { kind: "word", value: [SPECIAL.FILLER], text: `${previous.text} ${item.text}` };
      else out.push(item);
    }
    return out;
  };

  // The game's use for a phrase: the first of its meanings this game has (fields.py).
  const STRUCTURE = ["OUT", "GIN", "NOBODY", "FILLER", "REST", "EVERYONE", "CORRECT", "OR", "MINUS"];
  const cardFields = (game, said) => Object.keys(game.kinds).filter((n) => game.kinds[n] === (said === "rank" ? "rank" : "card"));
  const meaningOf = (game, meanings) => {
    for (const meaning of meanings) {
      const name = meaning.split(".")[0];
      if (meaning === SPECIAL.DEAL) return SPECIAL.FILLER;
      if (STRUCTURE.includes(meaning) || name in game.kinds || meaning in game.named) return meaning;
      if (["rank", "face", "suit"].includes(name) && cardFields(game, name).length) return meaning;
    }
    return null;
  };
  const toks = (game, items, result) => {
    const found = [];
    items.forEach((item, at) => {
      let { kind, value } = item;
      if (kind === "word") {
        const meaning = meaningOf(game, item.value);
        if (meaning === SPECIAL.FILLER) return;
        if (meaning === null) [kind, value] = ["unclear", item.text];
        else if (meaning in game.named) [kind, value] = ["named", game.named[meaning]];
        else value = meaning;
      }
      if (kind === "unclear" || kind === "stranger") result.unclear.push(item.text);
      found.push({ kind, value, text: item.text, at });
    });
    return found;
  };

  // Clauses by subject (clauses.py): marks cut segments; names are subjects.
  const UNKNOWN = "UNKNOWN";
  const isSet = (subject) => subject instanceof Set;
  const subjectAt = (segment, index) => {
    const tok = segment[index];
    if (tok.kind === "player") return new Set([tok.value]);
    if (tok.kind === "word" && (tok.value === "REST" || tok.value === "EVERYONE")) return tok.value;
    if (tok.kind === "stranger") return UNKNOWN;
    if (tok.kind !== "unclear") return null;
    const before = index ? segment[index - 1] : null;
    const after = index + 1 < segment.length ? segment[index + 1] : null;
    const saidOf = after !== null && (["number", "named"].includes(after.kind) || (after.kind === "word" && after.value === SPECIAL.OUT));
    const afterName = before !== null && ["player", "unclear", "stranger"].includes(before.kind);
    return saidOf && !afterName ? UNKNOWN : null;
  };
  const subjectsOf = (segment) => {
    const groups = [];
    for (let index = 0; index < segment.length; index++) {
      const subject = subjectAt(segment, index);
      if (subject === null) continue;
      const last = groups[groups.length - 1];
      if (last && last[1] === index && isSet(subject) && isSet(last[2])) {
        groups[groups.length - 1] = [last[0], index + 1, new Set([...last[2], ...subject])];
        continue;
      }
      groups.push([index, index + 1, subject]);
    }
    return groups;
  };
  const split = (segment, groups) => {
    const leading = segment.slice(0, groups[0][0]);
    const numberFirst = leading.some((t) => t.kind === "number" || t.kind === "named");
    return groups.map(([start, end, subject], k) => {
      const following = k + 1 < groups.length ? groups[k + 1][0] : segment.length;
      let mine;
      if (numberFirst) {
        mine = segment.slice(k ? groups[k - 1][1] : 0, start);
        if (k + 1 === groups.length) mine = mine.concat(segment.slice(end));
      } else mine = (k === 0 ? leading : []).concat(segment.slice(end, following));
      return { subject, toks: mine };
    });
  };
  const clauses = (all, holdsAPlayer) => {
    const segments = [[]];
    for (const tok of all) {
      segments[segments.length - 1].push(tok);
      if (tok.kind === "mark") segments.push([]);
    }
    const found = [];
    let current = null;
    let waiting = [];
    for (const segment of segments.filter((s) => s.length)) {
      const groups = subjectsOf(segment);
      if (!groups.length) {
        if (current) current.toks.push(...segment);
        else {
          waiting = waiting.concat(segment.filter(holdsAPlayer));
          found.push({ subject: null, toks: segment.filter((t) => !holdsAPlayer(t)) });
        }
        continue;
      }
      for (const clause of split(segment, groups)) {
        if (waiting.length && clause.subject !== UNKNOWN && clause.subject !== null) { clause.toks.unshift(...waiting); waiting = []; }
        found.push(clause);
      }
      current = found[found.length - 1];
    }
    return found;
  };

  // Numbers paired with the field word beside them (filling.py's _pairs).
  const around = (game, data, all, i) => {
    if (!(i > 0 && i < all.length - 1 && all[i - 1].kind === "word" && all[i + 1].kind === "word")) return null;
    const key = words(`${all[i - 1].text} ${all[i + 1].text}`).map((w) => w[1]).join(" ");
    for (const phrases of Object.values(data.phrases)) {
      for (const meaning of phrases[key] || []) {
        if (game.counts.includes(meaning) && isValue(game, meaning)) return meaning;
      }
    }
    return null;
  };
  const isValue = (game, name) => ["per_player", "signed_per_player"].includes(game.kinds[name]);
  const pairsOf = (game, data, all) => {
    const numbers = all.map((t, i) => (t.kind === "number" ? i : -1)).filter((i) => i >= 0);
    const fieldAt = (j) => j >= 0 && j < all.length && all[j].kind === "word" && isValue(game, all[j].value);
    const near = new Map(numbers.map((i) => [i, [i - 1, i + 1].filter(fieldAt)]));
    const taken = new Map();
    const used = new Set();
    const pairs = new Map();
    for (const i of numbers) {
      const meaning = around(game, data, all, i);
      if (meaning) { pairs.set(i, meaning); used.add(i - 1); used.add(i + 1); }
    }
    for (let changed = true; changed;) {
      changed = false;
      for (const i of numbers) {
        const free = near.get(i).filter((j) => !used.has(j));
        if (!taken.has(i) && !pairs.has(i) && free.length === 1) { taken.set(i, free[0]); used.add(free[0]); changed = true; }
      }
    }
    for (const i of numbers) {
      const free = near.get(i).filter((j) => !used.has(j));
      if (taken.has(i) || pairs.has(i) || !free.length) continue;
      const left = free.filter((j) => j < i && !game.counts.includes(all[j].value));
      const right = free.filter((j) => j > i && game.counts.includes(all[j].value));
      const chosen = (left.length ? left : right.length ? right : free)[0];
      taken.set(i, chosen);
      used.add(chosen);
    }
    for (const [i, j] of taken) pairs.set(i, all[j].value);
    let bare = [];
    for (const i of numbers) {
      const isOr = i >= 2 && all[i - 1].kind === "word" && all[i - 1].value === "OR";
      if (isOr && all[i - 2].kind === "number") {
        const other = i - 2;
        if (pairs.has(other) && !pairs.has(i)) pairs.set(i, pairs.get(other));
        else if (pairs.has(i) && !pairs.has(other)) { pairs.set(other, pairs.get(i)); bare = bare.filter((g) => !g.includes(all[other])); }
        else if (!pairs.has(other) && !pairs.has(i) && bare.length) { bare[bare.length - 1].push(all[i]); continue; }
      }
      if (!pairs.has(i)) bare.push([all[i]]);
    }
    return [pairs, bare];
  };
  const saidAs = (all, index, prefix) => index >= 0 && index < all.length && all[index].kind === "word" && all[index].value.startsWith(prefix);
  const cardAfter = (all, start) => {
    let rank = null;
    let suit = null;
    for (let index = start + 1; index < all.length; index++) {
      const tok = all[index];
      if (tok.kind === "mark") break;
      if (tok.kind === "number" && tok.value >= 2 && tok.value <= 10 && !rank) rank = [String(tok.value), index];
      else if (saidAs(all, index, "face.") && !rank) rank = [tok.value.split(".")[1], index];
      else if (saidAs(all, index, "suit.") && !suit) suit = [tok.value.split(".")[1], index];
    }
    return rank && suit ? [rank[0] + suit[0], [rank[1], suit[1]]] : null;
  };

  // What the words fill: the same rules as Filler in scorekeeper/understand/filling.py
  // (the phone has no scoring core: the server's check of the deal waits for Save).
  const TWICE = {};
  class Filler {
    constructor(game, data, all, result) {
      Object.assign(this, { game, data, result, names: game.players });
      this.heard = new Map();
      this.corrections = all.filter((t) => t.kind === "word" && t.value === "CORRECT").map((t) => t.at);
      this.bareOf = [];
      this.rest = [];
    }

    hear(path, value, tok) {
      const { heard, result } = this;
      if (heard.has(path)) {
        const [before, at] = heard.get(path);
        if (before === TWICE || before === value) return;
        if (!this.corrections.some((c) => at < c && c < tok.at)) { heard.set(path, [TWICE, tok.at]); result.reasons[path] = "twice"; return; }
        delete result.reasons[path];
      }
      heard.set(path, [value, tok.at]);
    }

    problem(name, value) {
      const bound = this.game.bounds[name];
      if (!bound) return null;
      if (this.game.kinds[name] === "signed_per_player") return bound[0] <= value && value <= bound[1] ? null : "bound";
      if (!(value >= 0 && value <= bound[0])) return "bound";
      return value % bound[1] ? "step" : null;
    }

    number(path, name, value, tok) {
      const why = this.problem(name, value);
      if (why) { this.result.reasons[path] = why; this.heard.set(path, [TWICE, tok.at]); return; }
      this.hear(path, value, tok);
    }

    seatsOf(subject) {
      if (isSet(subject)) return [...subject].sort((a, b) => a - b);
      if (subject === "EVERYONE") return this.game.takingPart.map((p) => this.names.indexOf(p));
      return [];
    }

    valueFor(subject, name, value, tok) {
      if (subject === "REST") { this.rest.push([name, value, tok]); return; }
      const seats = this.seatsOf(subject);
      if (!seats.length) this.result.unclear.push(tok.text);
      for (const seat of seats) this.number(`${name}.${this.names[seat]}`, name, value, tok);
    }

    out() {
      const { game, heard } = this;
      const value = game.player && heard.has(game.player) ? heard.get(game.player)[0] : null;
      return typeof value === "string" ? value : null;
    }

    wentOut(subject, meaning, tok) {
      const { game } = this;
      if (!isSet(subject) || subject.size !== 1) return;
      const who = this.names[[...subject][0]];
      if (game.player) this.hear(game.player, who, tok);
      const gin = meaning === "GIN" || (game.emptiesHand || []).includes(meaning);
      if (gin && "knocker" in game.kinds && game.plain.length) this.hear(`${game.plain[0]}.${who}`, 0, tok);
    }

    word(subject, tok) {
      const { game } = this;
      const meaning = tok.value;
      const [name, ...more] = meaning.split(".");
      const choice = more.join(".");
      const kind = game.kinds[name];
      if (meaning === "NOBODY") {
        if (game.void) this.hear(game.void, true, tok);
        else if (game.player && game.nobody) this.hear(game.player, null, tok);
        return;
      }
      if (subject === "REST") {
        if (kind === "bool_per_player") this.rest.push([name, choice !== "no", tok]);
        else if (kind === "players" || kind === "choice_per_player") this.rest.push([name, choice || true, tok]);
        return;
      }
      if (meaning === "OUT" || meaning === "GIN" || kind === "bool") this.wentOut(subject, meaning, tok);
      if (kind === "bool") this.hear(name, true, tok);
      for (const seat of this.seatsOf(subject)) {
        const path = `${name}.${this.names[seat]}`;
        if (kind === "players") { if (!this.heard.has(path)) this.heard.set(path, [true, tok.at]); }
        else if (kind === "choice_per_player") this.hear(path, choice, tok);
        else if (kind === "bool_per_player") this.hear(path, choice !== "no", tok);
      }
    }

    cards(clauseToks) {
      const takenAt = new Set();
      clauseToks.forEach((tok, index) => {
        const kind = tok.kind === "word" ? this.game.kinds[tok.value] : null;
        if (kind === "rank") {
          const near = [index - 1, index + 1].filter((i) => saidAs(clauseToks, i, "rank."));
          if (near.length) { this.hear(tok.value, clauseToks[near[0]].value.split(".")[1], tok); takenAt.add(index); takenAt.add(near[0]); }
        } else if (kind === "card") {
          const card = cardAfter(clauseToks, index);
          if (card) { this.hear(tok.value, card[0], tok); takenAt.add(index); card[1].forEach((i) => takenAt.add(i)); }
        }
      });
      return clauseToks.filter((_, index) => !takenAt.has(index));
    }

    holdsAPlayer(tok) {
      return tok.kind === "word" && (tok.value === "OUT" || tok.value === "GIN"
        || ["bool", "players", "choice_per_player"].includes(this.game.kinds[tok.value.split(".")[0]]));
    }

    clause({ subject, toks: said }) {
      const { game, result } = this;
      const mine = this.cards(said);
      const [pairs, bare] = pairsOf(game, this.data, mine);
      for (const tok of mine) {
        if (tok.kind === "word") this.word(subject, tok);
        else if (tok.kind === "named") this.valueFor(subject, tok.value[0], tok.value[1], tok);
      }
      for (const index of [...pairs.keys()].sort((a, b) => a - b)) this.valueFor(subject, pairs.get(index), mine[index].value, mine[index]);
      if (!bare.length) return;
      if (isSet(subject)) this.bareOf.push([subject, bare]);
      else if (subject === "REST" && game.plain.length === 1) bare.flat().forEach((tok) => this.rest.push([game.plain[0], tok.value, tok]));
      else result.unclear.push(...bare.flat().map((tok) => tok.text));
    }

    bare(seat, groups) {
      const who = this.names[seat];
      let plain = [...this.game.plain];
      if (plain.length > 1 && this.out() === who) plain = plain.slice(0, 1);
      if (plain.length === 1) {
        groups.flat().forEach((tok) => this.number(`${plain[0]}.${who}`, plain[0], tok.value, tok));
      } else if (plain.length && groups.length === plain.length && groups.every((g) => g.length === 1)) {
        plain.forEach((name, i) => this.number(`${name}.${who}`, name, groups[i][0].value, groups[i][0]));
      } else {
        this.result.unclear.push(...groups.flat().map((tok) => tok.text));
        for (const name of plain) if (!this.heard.has(`${name}.${who}`)) this.result.reasons[`${name}.${who}`] = "which";
      }
    }

    everyoneElse() {
      const out = this.out();
      for (const [name, value, tok] of this.rest) {
        for (const who of this.game.takingPart) {
          const path = `${name}.${who}`;
          if (who === out || this.heard.has(path) || path in this.result.reasons) continue;
          if (typeof value === "number") this.number(path, name, value, tok);
          else if (this.game.kinds[name] === "players") this.heard.set(path, [true, tok.at]);
          else this.hear(path, value, tok);
        }
      }
    }

    finish() {
      for (const [subject, groups] of this.bareOf) {
        for (const seat of [...subject].sort((a, b) => a - b)) this.bare(seat, groups);
      }
      this.everyoneElse();
      const { game, result, names } = this;
      for (const [path, [value]] of this.heard) {
        if (value === TWICE) continue;
        const dot = path.indexOf(".");
        const [name, who] = dot < 0 ? [path, ""] : [path.slice(0, dot), path.slice(dot + 1)];
        if (game.kinds[name] === "players") (result.entry[name] ||= []).push(who);
        else if (who) (result.entry[name] ||= {})[who] = value;
        else result.entry[name] = value;
      }
      const out = this.out();
      for (const name of out === null ? [] : game.includesOut) {
        const chosen = (result.entry[name] ||= []);
        if (!chosen.includes(out)) chosen.push(out);
      }
      for (const value of Object.values(result.entry)) {
        if (Array.isArray(value)) value.sort((a, b) => names.indexOf(a) - names.indexOf(b));
      }
    }
  }

  // aliases: spoken names (word said -> player's name) beside the game's own, as
  // understand() in __init__.py takes them: the ones learned on this phone since.
  const understand = (game, data, said, language, aliases = {}) => {
    const seats = new Map(game.names);
    const names = game.names.concat(Object.entries(aliases).filter(([alias, who]) => alias && seats.has(who)).map(([alias, who]) => [alias, seats.get(who)]));
    const items = new Reader(names, language in data.phrases ? language : "en", data).items(said.slice(0, 2000));
    const result = { entry: {}, unclear: [], reasons: {} };
    const all = toks(game, items, result);
    const filler = new Filler(game, data, all, result);
    for (const clause of clauses(all, (tok) => filler.holdsAPlayer(tok))) filler.clause(clause);
    filler.finish();
    return result;
  };

  // The entry said back in words, as readback.py says it: what the page reads aloud.
  const readBack = (game, data, entry, language) => {
    const words = data.spoken[language in data.spoken ? language : "en"];
    const said = new Map(game.players.map((who) => [who, []]));
    const deal = [];
    const bools = Object.keys(game.kinds).filter((name) => game.kinds[name] === "bool");
    const flags = bools.filter((name) => entry[name] && name !== game.void).map((name) => words[name]);
    if (game.void && entry[game.void]) deal.push(words.NOBODY);
    if (game.player && game.player in entry) {
      const out = entry[game.player];
      if (out === null) deal.push(words.NOBODY);
      else said.get(out).push([words.OUT, ...flags].join(" "));
    }
    const spoken = (name, n) => {
      const number = n < 0 ? `${words.MINUS} ${-n}` : String(n);
      return game.counts.includes(name) ? `${number} ${words[name]}` : `${words[name]} ${number}`;
    };
    for (const [name, value] of Object.entries(entry)) {
      const kind = game.kinds[name];
      if (kind === "players") value.forEach((who) => said.get(who).push(words[name]));
      else if (kind === "choice_per_player") Object.entries(value).forEach(([who, c]) => said.get(who).push(words[`${name}.${c}`]));
      else if (kind === "bool_per_player") Object.entries(value).forEach(([who, b]) => said.get(who).push(words[b === false ? `${name}.no` : name]));
      else if (kind === "per_player" || kind === "signed_per_player") Object.entries(value).forEach(([who, n]) => said.get(who).push(spoken(name, n)));
    }
    const clauses = [...said].filter(([, parts]) => parts.length).map(([who, parts]) => `${who} ${parts.join(", ")}`);
    return deal.concat(clauses).join("; ");
  };

  Object.assign(window.sk, { understand, readBack });
})();
