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
