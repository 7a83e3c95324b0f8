// The venue screen's pages: when even the smaller type and shortened names of a big night
// (league/screen.py) leave tables below the screen's edge, the tables are shown a page
// at a time, each page as many as fit, turning by themselves every data-turn ms; the
// corner says which page is up (2/3). Laid out again when the poll or the stream brings
// a new board and when the window changes size.
(() => {
  "use strict";
  const board = document.getElementById("board");
  if (!board || !board.dataset.turn) return;
  let page = 0;
  let turning = null;
  const lay = () => {
    const tables = [...board.querySelectorAll(".screen-tables > li")];
    for (const table of tables) table.hidden = false;
    let pages = 1;
    if (document.documentElement.scrollHeight > innerHeight && tables.length > 1) {
      const room = innerHeight - 8;
      const fit = Math.max(1, tables.filter((t) => t.getBoundingClientRect().bottom <= room).length);
      pages = Math.ceil(tables.length / fit);
      page %= pages;
      tables.forEach((table, i) => { table.hidden = Math.floor(i / fit) !== page; });
    } else page = 0;
    board.dataset.pages = String(pages);
    board.dataset.page = String(page + 1);
    const corner = board.querySelector(".page-turn");
    if (corner) corner.textContent = pages > 1 ? `${page + 1}/${pages}` : "";
    if (pages > 1 && !turning) turning = setInterval(() => { page += 1; lay(); }, Number(board.dataset.turn));
    if (pages === 1 && turning) { clearInterval(turning); turning = null; }
  };
  new MutationObserver(lay).observe(board, { childList: true });
  addEventListener("resize", lay);
  lay();
})();
