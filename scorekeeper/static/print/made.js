// The "being made" page: the job's stream says when the PDF is made, and the page loads
// it then (the same address now answers with the file). A stream refused or lost: the
// page asks again after a pause, as a browser without scripts does every few seconds.
(() => {
  "use strict";
  const made = document.getElementById("made");
  if (!made) return;
  const every = Number(made.dataset.every) || 2000;
  let again = null;
  const reload = (after) => {
    if (again === null) again = setTimeout(() => location.reload(), after);
  };
  if (!("EventSource" in window)) {
    reload(every);
    return;
  }
  const events = new EventSource(window.sk.streamUrl(made.dataset.events));
  events.addEventListener("version", () => {
    events.close();
    clearTimeout(again);
    location.reload();
  });
  events.addEventListener("error", () => reload(every));
})();
