// Steppers for a side's counts: the +/- buttons beside each number input. Without
// JS the inputs stay plain number fields, so the buttons start hidden.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button[data-step]")) {
    const input = document.getElementById(button.dataset.step);
    if (!input) continue;
    button.hidden = false;
    button.addEventListener("click", () => {
      const now = Number.parseInt(input.value, 10) || 0;
      const next = now + (button.classList.contains("more") ? 1 : -1);
      const top = input.max === "" ? Infinity : Number(input.max);
      input.value = String(Math.min(Math.max(next, 0), top));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
});

// A score that may be negative: ± flips the sign (a phone's number pad has no minus).
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button[data-sign]")) {
    const input = document.getElementById(button.dataset.sign);
    if (!input) continue;
    button.hidden = false;
    button.addEventListener("click", () => {
      const text = input.value.trim();
      input.value = text.startsWith("-") ? text.slice(1) : `-${text}`;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      // Back to the number: "next" on the keypad walks on, with no tap on the next one.
      input.focus();
    });
  }
});

// The grid helper (Golf): six cards picked by rank; a column of one rank cancels,
// scored as the scoring core does (its rules come from the variant, data-rules).
document.addEventListener("DOMContentLoaded", () => {
  const dialog = document.getElementById("grid");
  if (!dialog || typeof dialog.showModal !== "function") return;
  const rules = JSON.parse(dialog.dataset.rules);
  const slots = [...dialog.querySelectorAll(".slot")];
  const sum = dialog.querySelector(".sum");
  const title = dialog.querySelector("#grid-title");
  const short = dialog.querySelector(".short");
  let cards = [];
  let at = 0;
  let target = null;

  const score = () => {
    let total = 0;
    const paired = {};
    for (const [top, bottom] of rules.columns) {
      if (cards[top] && cards[top] === cards[bottom]) {
        paired[cards[top]] = (paired[cards[top]] || 0) + 1;
        total += rules.pairs[cards[top]] || 0;
      } else {
        total += (rules.values[cards[top]] || 0) + (rules.values[cards[bottom]] || 0);
      }
    }
    if (rules.paired_columns !== null) {
      const rank = Object.keys(paired).find((r) => paired[r] >= 2);
      if (rank !== undefined) total += rules.paired_columns - 2 * (rules.pairs[rank] || 0);
    }
    return total;
  };
  const show = () => {
    slots.forEach((slot, i) => {
      slot.textContent = cards[i] || "";
      slot.classList.toggle("at", i === at);
      const column = rules.columns.find((c) => c.includes(i));
      const [top, bottom] = column;
      slot.classList.toggle("paired", Boolean(cards[top]) && cards[top] === cards[bottom]);
    });
    sum.textContent = String(score());
  };
  for (const opener of document.querySelectorAll("button.grid-open")) {
    opener.hidden = false;
    opener.addEventListener("click", () => {
      target = opener;
      const typed = document.getElementById(opener.dataset.grid).value;
      cards = typed.replace(/,/g, " ").split(/\s+/).filter(Boolean).slice(0, 6);
      at = Math.min(cards.length, 5);
      title.textContent = title.dataset.title.replace("{name}", opener.dataset.player);
      short.hidden = true;
      show();
      dialog.showModal();
    });
  }
  slots.forEach((slot, i) => slot.addEventListener("click", () => { at = i; show(); }));
  for (const button of dialog.querySelectorAll("button[data-rank]")) {
    button.addEventListener("click", () => {
      cards[at] = button.dataset.rank;
      at = Math.min(at + 1, 5);
      short.hidden = true;
      show();
    });
  }
  dialog.addEventListener("click", (event) => {
    const act = event.target.dataset && event.target.dataset.act;
    if (act === "clear") { cards = []; at = 0; show(); }
    if (act === "close") dialog.close();
    if (act === "use" && target) {
      const picked = cards.filter(Boolean).length;
      // Fewer than six: the helper stays open with the cards picked, and says why.
      if (picked < 6) {
        short.textContent = short.dataset.words.replace("{count}", picked);
        short.hidden = false;
        return;
      }
      document.getElementById(target.dataset.grid).value = cards.join(" ");
      const input = document.getElementById(target.dataset.score);
      input.value = String(score());
      input.dispatchEvent(new Event("input", { bubbles: true }));
      dialog.close();
      target.focus();
    }
  });
});
