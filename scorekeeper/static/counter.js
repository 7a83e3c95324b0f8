// The card counter beside a hand: tap the cards, use the sum. The values come from the
// server (scoring.hand_value); this only adds. game.js loads it at the first tap.
"use strict";
window.sk.counter = (deal, dialog, stops) => {
  const { $, $$, el } = window.sk;
  // The buttons of the deal now due: the form moving on offline brings that deal's
  // (a rising wild rank counts apart), built again at the next open.
  let cards = [];
  let built = null;
  const build = () => {
    if (built === dialog.dataset.cards) return;
    built = dialog.dataset.cards;
    cards = JSON.parse(built);
    $(".cards", dialog).replaceChildren();
    cards.forEach(([label, value], i) => {
      // The name read out is what the button shows: the card, then its points.
      const button = el("button", label);
      button.type = "button";
      button.dataset.i = i;
      const points = el("small", " " + value);
      points.append(el("span", " " + (window.sk.words.points[value] ?? "")));
      $("span", points).className = "vh";
      button.append(points);
      $(".cards", dialog).append(button);
    });
  };
  let target = null;
  let picked = [];
  const sum = () => picked.reduce((total, i) => total + cards[i][1], 0);
  const show = () => {
    $(".list", dialog).textContent = picked.map((i) => cards[i][0]).join(" ") || window.sk.words.tap;
    $(".sum", dialog).textContent = sum();
    $("[data-act=use]", dialog).textContent = window.sk.say("use", { sum: sum() });
  };
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
    button.addEventListener("click", () => {
      target = $("#" + button.dataset.for, deal);
      if (target.disabled) return;
      build();
      picked = [];
      $("#counter-title", dialog).textContent = button.getAttribute("aria-label");
      show();
      dialog.showModal();
    });
  }
};
