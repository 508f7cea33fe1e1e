// A phone seat: shows the seat's cards and, on its turn, the moves the table offers.
// The table is the only authority: this page sends back the number of one offered move.
"use strict";
const token = location.pathname.split("/").pop();
let socket = null, state = null, selected = new Set(), sent = false, taken = false, wasMyTurn = false;
const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function cardEl(card, small, tag) {
  const e = el(tag || "div", "card" + (small ? " small" : ""));
  if (card === null) { e.classList.add("back"); e.setAttribute("aria-label", "face-down card"); return e; }
  e.textContent = card.name;
  e.dataset.id = card.id;
  if (card.red) e.classList.add("red");
  return e;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
  socket.onopen = () => { $("status").textContent = ""; socket.send(JSON.stringify({t: "hello"})); };
  socket.onmessage = (e) => receive(JSON.parse(e.data));
  socket.onclose = () => {
    if (taken) return;
    $("status").textContent = "Lost the table: reconnecting…";
    setTimeout(connect, 1000);
  };
}

function receive(msg) {
  if (msg.t === "state") {
    if (!state || msg.v !== state.v) { selected.clear(); sent = false; }
    state = msg;
    $("message").textContent = "";
    render();
  } else if (msg.t === "refused" || msg.t === "error") {
    sent = false;
    $("message").textContent = msg.why;
    render();
  } else if (msg.t === "taken") {
    taken = true;
    $("status").textContent = "This seat was opened on another device.";
    document.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  }
}

function send(i) {
  if (sent || !socket || socket.readyState !== WebSocket.OPEN) return;
  sent = true;
  socket.send(JSON.stringify({t: "act", v: state.v, i: i}));
  render();
}

function sameCards(a) {
  return a.cards.length === selected.size && a.cards.every((c) => selected.has(c));
}

function render() {
  const s = state;
  document.title = `${s.title}: ${s.name}`;
  $("title").textContent = s.title;
  $("me").textContent = `You are ${s.name}`;
  const turn = $("turn");
  turn.replaceChildren();
  turn.className = s.my_turn ? "mine" : "";
  turn.append(el("div", "", s.over ? "The game is over." : s.my_turn ? "Your turn" : `${s.turn} to play`));
  if (s.prompt) turn.append(el("div", "prompt", s.prompt));
  if (s.my_turn && !wasMyTurn && navigator.vibrate) navigator.vibrate(200);
  wasMyTurn = s.my_turn;

  const centre = $("centre");
  centre.replaceChildren();
  for (const z of s.centre) {
    const box = el("div", "zone");
    box.append(el("h2", "", z.label));
    const row = el("div", "cards");
    if (!z.top.length) row.append(el("div", "card small empty"));
    for (const c of z.top) row.append(cardEl(c, true));
    row.append(el("span", "count", `${z.count}`));
    box.append(row);
    centre.append(box);
  }

  const playable = new Set();
  for (const a of s.actions) for (const c of a.cards) playable.add(c);
  const mine = $("mine");
  mine.replaceChildren();
  // The hand first: it is what a player plays from; the rows on the table come after it.
  const zones = [...s.mine.filter((z) => z.zone === "hand"), ...s.mine.filter((z) => z.zone !== "hand")];
  for (const z of zones) {
    if (!z.cards.length) continue;
    const box = el("div", "zone");
    box.dataset.zone = z.zone;
    box.append(el("h2", "", z.label));
    const row = el("div", "cards");
    for (const c of z.cards) {
      if (c !== null && s.my_turn) {
        const b = cardEl(c, false, "button");
        if (selected.has(c.id)) b.classList.add("selected");
        if (!playable.has(c.id)) b.classList.add("idle");
        b.onclick = () => { selected.has(c.id) ? selected.delete(c.id) : selected.add(c.id); render(); };
        row.append(b);
      } else {
        row.append(cardEl(c, false));
      }
    }
    box.append(row);
    mine.append(box);
  }

  const actions = $("actions");
  actions.replaceChildren();
  if (s.my_turn) {
    const withCards = s.actions.filter((a) => a.cards.length);
    const matching = withCards.filter(sameCards);
    for (const a of matching) actions.append(actionButton(a, ""));
    if (withCards.length && !matching.length) {
      actions.append(el("div", "hint", selected.size ? "Those cards make no move now: tap to change them."
                                                     : "Tap cards to choose them."));
    }
    for (const a of s.actions.filter((x) => !x.cards.length)) actions.append(actionButton(a, "plain"));
  }

  const seats = $("seats");
  seats.replaceChildren();
  for (const p of s.seats) {
    const counts = Object.entries(p.counts).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(" · ");
    seats.append(el("div", "seat" + (p.to_move ? " to-move" : ""), `${p.name}: ${counts || "no cards"}`));
  }
  const log = $("log");
  log.replaceChildren(...s.log.map((line) => el("li", "", line)));
}

function actionButton(a, cls) {
  const b = el("button", cls, a.words.charAt(0).toUpperCase() + a.words.slice(1));
  b.dataset.action = a.i;
  b.disabled = sent;
  b.onclick = () => send(a.i);
  return b;
}

connect();
