// The venue screen's round clock: the minutes and seconds left until a timed round
// ends, counted on the screen's own clock. The board is replaced by its poll, so
// every tick finds the countdowns afresh.
(() => {
  "use strict";
  const pad = (n) => String(n).padStart(2, "0");
  const tick = () => {
    for (const el of document.querySelectorAll(".countdown[data-ends]")) {
      const left = Math.max(0, Math.round((Date.parse(el.dataset.ends) - Date.now()) / 1000));
      el.textContent = `${Math.floor(left / 60)}:${pad(left % 60)}`;
      el.classList.toggle("over", left === 0);
    }
  };
  tick();
  setInterval(tick, 1000);
})();
