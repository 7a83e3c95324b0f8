// The home page: the games opened on this phone (app.js keeps the list).
"use strict";
(() => {
  const { $, load, el } = window.sk;
  const recent = $("#recent");
  if (recent) {
    const games = load("sk.games");
    for (const g of games) {
      const link = el("a", g.title);
      link.href = "/games/" + encodeURIComponent(g.id);
      // The game, who leads or won, and when it was last played: not only the names.
      const when = g.date ? new Date(g.date + "T12:00").toLocaleDateString([], { dateStyle: "medium" }) : "";
      const about = [g.title !== g.variant ? g.variant : "", g.standing, when].filter(Boolean).join(" · ");
      link.append(el("small", (g.players || []).join(", ")));
      if (about) link.append(el("small", about));
      const item = el("li");
      item.append(link);
      $("ul", recent).append(item);
    }
    recent.hidden = !games.length;
  }
})();
