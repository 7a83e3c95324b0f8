// The offline outbox's queue (scorekeeper/static/outbox.js) under Node: IndexedDB from
// fake-indexeddb, the server a fake fetch. The page around it is the browser tests' part
// (tests/browser/test_offline.py, test_outbox_phone.py).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { IDBFactory } = require("fake-indexeddb");
const { outbox } = require("../../scorekeeper/static/outbox.js");

// One-time keys are random: here they sort against the deals' order (IndexedDB's own).
const deal = (number, game = "g1") => ({
  game, key: `${game}-${100 - number}`, number, action: `/games/${game}/deals`,
  fields: [["number", String(number)], ["key", `${game}-${100 - number}`], ["out", "Ann"], ["hands_1", "12"]],
});
const json = (status, body) => new Response(JSON.stringify(body), {
  status, headers: { "Content-Type": "application/json" },
});
const say = (key, values) => `${key} ${JSON.stringify(values)}`;

// A queue on its own IndexedDB (a phone), the server answering by deal number: a
// Response, or an Error for no answer. What it was sent and heard is kept to look at.
const phone = (answers = {}, options = {}) => {
  const sent = [];
  const heard = [];
  const fetch = async (url, init) => {
    const number = Number(init.body.get("number"));
    sent.push({ url, number, outbox: init.headers["X-Outbox"], fields: [...init.body] });
    const answer = answers[number] ?? json(201, { number });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const indexedDB = options.indexedDB ?? new IDBFactory();
  const queue = outbox({
    game: "g1", indexedDB, fetch, say, offline: (off) => heard.push(off ? "offline" : "online"),
    ...options.hooks,
  });
  return { queue, sent, heard, indexedDB };
};

test("the queue holds this game's deals in deal order, and keeps them for the next page", async () => {
  const { queue, indexedDB } = phone();
  for (const item of [deal(3), deal(1, "g2"), deal(1), deal(2)]) await queue.put(item);
  assert.deepEqual((await queue.all()).map((item) => item.number), [1, 2, 3]);
  await queue.remove(deal(2).key);
  const reopened = phone({}, { indexedDB }).queue;
  assert.deepEqual((await reopened.all()).map((item) => item.key), [deal(1).key, deal(3).key]);
});

test("a flush sends the waiting deals in order, as the form sent them, and empties the queue", async () => {
  const { queue, sent, heard } = phone();
  for (const item of [deal(2), deal(1), deal(3)]) await queue.put(item);
  assert.deepEqual(await queue.flush(), { sent: 3, refused: false, answered: true });
  assert.deepEqual(sent.map((s) => s.number), [1, 2, 3]);
  assert.equal(sent[0].url, "/games/g1/deals");
  assert.equal(sent[0].outbox, "1");
  assert.deepEqual(sent[0].fields, deal(1).fields);
  assert.deepEqual(await queue.all(), []);
  assert.deepEqual(heard, ["online", "online", "online"]);
});

test("a refused deal stops the queue with its problem kept; the deals behind it wait", async () => {
  const refusal = json(422, { message: "Deal 2 not saved.", problems: ["Ann: too many points."] });
  const { queue, sent } = phone({ 2: refusal });
  for (const item of [deal(1), deal(2), deal(3)]) await queue.put(item);
  assert.deepEqual(await queue.flush(), { sent: 1, refused: true, answered: true });
  const left = await queue.all();
  assert.deepEqual(left.map((item) => item.number), [2, 3]);
  assert.equal(left[0].problem, "Deal 2 not saved. Ann: too many points.");
  assert.equal(left[1].problem, undefined);
  // The player decides first: nothing more is sent until the refused deal is fixed or dropped.
  assert.deepEqual(await queue.flush(), { sent: 0, refused: false, answered: true });
  assert.deepEqual(sent.map((s) => s.number), [1, 2]);
});

test("a refusal that is not JSON is worded by the page, with the deal's number and status", async () => {
  const { queue } = phone({ 1: new Response("<html>Forbidden</html>", { status: 403 }) });
  await queue.put(deal(1));
  await queue.flush();
  assert.equal((await queue.all())[0].problem, say("refused", { number: 1, status: 403 }));
});

for (const [what, answer] of [
  ["no signal", new TypeError("Failed to fetch")],
  ["a server error", json(500, { message: "oops" })],
  ["a busy server", new Response("", { status: 429 })],
]) {
  test(`${what} stops the queue as it is: the phone is offline, every deal waits`, async () => {
    const { queue, sent, heard } = phone({ 2: answer });
    for (const item of [deal(1), deal(2), deal(3)]) await queue.put(item);
    assert.deepEqual(await queue.flush(), { sent: 1, refused: false, answered: false });
    assert.deepEqual(heard, ["online", "offline"]);
    const left = await queue.all();
    assert.deepEqual(left.map((item) => [item.number, item.problem]), [[2, undefined], [3, undefined]]);
    assert.deepEqual(sent.map((s) => s.number), [1, 2]);
  });
}

test("flushes asked for while one runs share it: each deal is sent once", async () => {
  const { queue, sent } = phone();
  for (const item of [deal(1), deal(2)]) await queue.put(item);
  const first = queue.flush();
  assert.equal(queue.flush(), first);
  await first;
  assert.deepEqual(sent.map((s) => s.number), [1, 2]);
  // Over: the next flush is a new one.
  await queue.put(deal(3));
  assert.deepEqual(await queue.flush(), { sent: 1, refused: false, answered: true });
});

test("no flush starts while a Save sends its own deal", async () => {
  const { queue, sent } = phone();
  await queue.put(deal(1));
  queue.saving = true;
  assert.equal(queue.flush(), null);
  queue.saving = false;
  await queue.flush();
  assert.deepEqual(sent.map((s) => s.number), [1]);
});

test("the page hears when the queue sends, and what a flush did once it is over", async () => {
  const told = [];
  const hooks = {
    sending: (on) => told.push(on ? "sending" : "idle"),
    flushed: async (done) => { told.push(done); },
  };
  const { queue } = phone({ 2: json(422, { message: "No." }) }, { hooks });
  for (const item of [deal(1), deal(2)]) await queue.put(item);
  await queue.flush();
  assert.deepEqual(told, ["sending", "idle", { sent: 1, refused: true, answered: true }]);
});

test("send: a stored deal's answer, a refusal's messages, and no answer thrown", async () => {
  const { queue } = phone({
    1: json(201, { number: 1, totals: { Ann: 0 } }),
    2: json(422, { message: "No.", problems: ["Bob: required."] }),
    3: json(503, {}),
  });
  assert.deepEqual(await queue.send(deal(1)), { status: 201, number: 1, totals: { Ann: 0 } });
  assert.deepEqual(await queue.send(deal(2)), { status: 422, message: "No.", problems: ["Bob: required."] });
  await assert.rejects(queue.send(deal(3)), /no answer/);
});
