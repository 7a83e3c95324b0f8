// The circle page offline: an expense or a payment added without a signal waits on
// this phone (localStorage, per circle) and is sent once, in order, when it returns.
// Each carries a one-time key, so a send whose answer was lost stores nothing twice.
"use strict";
(() => {
  const box = document.getElementById("waiting");
  if (!box) return;
  const list = box.querySelector("ul");
  const KEY = `sk-circle-outbox:${location.pathname}`;
  const load = () => JSON.parse(localStorage.getItem(KEY) || "[]");
  const save = (items) => localStorage.setItem(KEY, JSON.stringify(items));

  const show = () => {
    const items = load();
    box.hidden = items.length === 0;
    list.replaceChildren(
      ...items.map((item) => {
        const line = document.createElement("li");
        line.textContent = `${box.dataset[item.kind]} ${item.text}`;
        return line;
      }),
    );
  };

  const describe = (form) =>
    [...form.querySelectorAll("select, input[name=amount], input[name=note]")]
      .map((field) => field.value)
      .filter(Boolean)
      .join(" · ");

  let sending = false;
  const send = async () => {
    if (sending || !navigator.onLine) return;
    sending = true;
    let sent = 0;
    try {
      while (load().length) {
        const [item] = load();
        const response = await fetch(item.action, {
          method: "POST",
          body: new URLSearchParams(item.fields),
          credentials: "same-origin",
          redirect: "manual",
        });
        // The page answers a stored record with a redirect (opaque here) or a page.
        if (response.type !== "opaqueredirect" && !response.ok) break;
        save(load().slice(1));
        sent += 1;
        show();
      }
    } catch {
      // Still no signal: the next "online" tries again.
    } finally {
      sending = false;
    }
    if (sent && !load().length) location.reload();
  };

  for (const form of document.querySelectorAll("form[data-outbox]")) {
    form.addEventListener("submit", (event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      const fields = [...new FormData(form)].filter(([name]) => name !== "key");
      fields.push(["key", crypto.randomUUID()]);
      save([...load(), { action: form.action, kind: form.dataset.outbox, fields, text: describe(form) }]);
      form.querySelector("input[name=amount]").value = "";
      show();
    });
  }
  addEventListener("online", send);
  // And now and then while records wait: a send that raced the signal's return (no
  // answer yet) is not left for the next "online", which may never come.
  setInterval(() => { if (load().length) send(); }, 5000);
  show();
  send();
})();
