// Another phone saved a deal while this one was typing: the page takes the new score
// and the form the next deal's number, with every typed value kept, and says so by
// Save. game.js loads this file only when that happens.
"use strict";
window.sk.moveOn = async (deal, board) => {
  const sk = window.sk;
  const { $, $$ } = sk;
  const response = await fetch(location.pathname, { cache: "no-store" });
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = $("#board", page);
  const next = $("#deal-form", fresh);
  if (!response.ok || sk.leaving || !next) { location.reload(); return; }
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
  sk.sideways();
  const form = $("#deal-form");
  form.dataset.dirty = "1";
  sk.setUpDeal(form);
  const number = $("[name=number]", form).value;
  const stale = $("#stale", form);
  stale.textContent = sk.say("stale", { before, number });
  stale.hidden = false;
  stale.scrollIntoView({ block: "nearest" });
};
