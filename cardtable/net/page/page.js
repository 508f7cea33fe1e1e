// A phone seat as a party game's controller: the table's news at the top, the cards to play above a
// bar that never leaves the screen (whose turn, what is asked, the moves). The table is the only
// authority: this page sends back the number of one offered move.
"use strict";
const token = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let socket = null, state = null, selected = new Set(), sent = false, wasMyTurn = false, game = null;
let stopped = false, failingSince = 0, retryMs = 1000, audio = null, wakeLock = null;

// -- who holds the seat ----------------------------------------------------------------------------
// The device that most recently opened this address holds the seat. This page remembers, in its own
// storage, the name of the device it runs on and that it has opened this seat already: a reload or a
// wake from sleep then reconnects as the same device without a scan, and never takes the seat from
// another device by itself: only a tap on "Take this seat back" does.
function remembered(store, key, make) {
  try {
    let v = store.getItem(key);
    if (!v) { v = make(); store.setItem(key, v); }
    return v;
  } catch (e) { return make(); }  // storage refused (a private window): this visit only
}
const device = remembered(localStorage, "cardtable.device", () => {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
});
let opened = false;
try { opened = sessionStorage.getItem("cardtable.opened." + token) === "1"; } catch (e) { opened = false; }

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function connect(opening) {
  if (stopped) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  if (socket && socket.readyState <= WebSocket.OPEN) {  // one connection at a time from this page
    const old = socket;
    old.onclose = null; old.onmessage = null;
    try { old.close(); } catch (e) { /* already closing */ }
  }
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${token}?d=${device}&c=${opening ? 1 : 0}`);
  socket = ws;
  let ended = false;  // the table said why it let this phone go
  ws.onopen = () => {
    failingSince = 0; retryMs = 1000;
    try { sessionStorage.setItem("cardtable.opened." + token, "1"); } catch (e) { /* this visit only */ }
    opened = true;
    ws.send(JSON.stringify({t: "hello"}));
    showConnection("");
  };
  ws.onmessage = (e) => {
    if (ws !== socket) return;  // a connection this page has replaced since
    const msg = JSON.parse(e.data);
    if (msg.t === "taken" || msg.t === "retired" || msg.t === "closed") { ended = true; letGo(msg.t); }
    else receive(msg);
  };
  ws.onclose = () => {
    if (ended || stopped || ws !== socket) return;
    if (!failingSince) failingSince = Date.now();
    showConnection("Lost the table: trying again…");
    setTimeout(probe, retryMs);
    retryMs = Math.min(5000, retryMs * 1.5);
  };
}

// After a drop: is this address still a seat at the table? A 403 means the table moved on (a new
// code, a new game with other seats): say so and stop; no answer at all means the network: retry.
function probe() {
  if (stopped) return;
  fetch(location.pathname, {method: "HEAD", cache: "no-store"}).then((r) => {
    if (r.status === 403 || r.status === 404) letGo("gone");
    else connect(false);
  }).catch(() => {
    if (Date.now() - failingSince > 120000) letGo("unreachable");
    else setTimeout(probe, retryMs);
  });
}

const FAREWELLS = {
  taken: ["This seat was opened on another device.", "Take it back"],
  retired: ["The table made a new code for this seat: this address no longer opens it. To play here, scan the new code on the big screen.", ""],
  closed: ["The table has closed. Thanks for playing!", ""],
  gone: ["This address no longer opens a seat at the table. To play, scan the code on the big screen.", ""],
  unreachable: ["The table could not be reached for two minutes.", "Try again"],
};

function letGo(why) {
  stopped = true;
  if (socket) { socket.onclose = null; try { socket.close(); } catch (e) { /* already closed */ } }
  const [words, button] = FAREWELLS[why];
  showConnection(words);
  const whose = state ? `${state.name}'s seat` : "This seat";
  overlay(why === "taken" ? `${whose} was opened on another device. Take this seat back?` : words,
          button, () => { stopped = false; failingSince = 0; retryMs = 1000; join(); connect(true); });
}

function showConnection(words) {
  $("message").textContent = words;
}

function overlay(words, button, then) {
  const box = $("overlay"), b = $("overlay-button");
  if (words === undefined) { box.hidden = true; return; }
  box.hidden = false;
  $("overlay-text").textContent = words;
  b.hidden = !button;
  b.textContent = button || "";
  b.onclick = then || null;
}

// -- "Your turn": a sound after one tap unlocks audio, a buzz where allowed, the screen kept awake --
function join() {
  overlay();
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (Ctx && !audio) { audio = new Ctx(); beep(0.001, 0); }
  } catch (e) { audio = null; }
  keepAwake();
}

function beep(volume, delay) {
  if (!audio) return;
  const at = audio.currentTime + (delay || 0);
  const osc = audio.createOscillator(), gain = audio.createGain();
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + 0.2);
}

function alertTurn() {
  beep(0.3, 0); beep(0.3, 0.22);
  try { if (navigator.vibrate) navigator.vibrate([160, 80, 160]); } catch (e) { /* not allowed yet */ }
  const bar = $("bar");
  bar.classList.remove("ping"); void bar.offsetWidth; bar.classList.add("ping");
}

async function keepAwake() {
  const hint = $("awake");
  if ("wakeLock" in navigator) {
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      hint.hidden = true;
      return;
    } catch (e) { wakeLock = null; }
  }
  // Wake Lock needs a secure (https) page; the table serves plain http on the Wi-Fi.
  hint.hidden = false;
  hint.textContent = "This page cannot keep the screen on: set the phone's screen timeout longer " +
                     "while you play (if it sleeps, it finds its seat again when you wake it).";
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible") return;
  if (audio) keepAwake();  // a screen lock is let go while the page is hidden: ask again
  if (!stopped && (!socket || socket.readyState > 1)) connect(false);  // woken: come back at once
});

// -- what the table sends -------------------------------------------------------------------------
function receive(msg) {
  if (msg.t === "state") {
    if (!state || msg.v !== state.v) { selected.clear(); sent = false; }
    if (game !== null && msg.game !== game) wasMyTurn = false;  // a new game on the same phones
    game = msg.game;
    const first = state === null;
    state = msg;
    $("message").textContent = "";
    render();
    if (first && audio === null) {
      overlay(`You are ${msg.name} at ${msg.title}.`, "Tap to join", join);
    }
  } else if (msg.t === "refused" || msg.t === "error") {
    sent = false;
    if (state) render();
    $("message").textContent = msg.why;
  }
}

function send(i) {
  if (sent || !socket || socket.readyState !== WebSocket.OPEN) return;
  sent = true;
  socket.send(JSON.stringify({t: "act", v: state.v, i: i}));
  render();
}

// -- drawing ----------------------------------------------------------------------------------------
const SUITS = "♣♦♥♠";

function cardEl(card, opts) {
  const o = opts || {};
  const e = el(o.tok ? "button" : "div", "card" + (o.small ? " small" : ""));
  if (o.tok) { e.type = "button"; e.dataset.tok = o.tok; }
  if (card === null) {
    e.classList.add("back");
    e.setAttribute("aria-label", "face-down card");
    return e;
  }
  e.dataset.id = card.id;
  e.setAttribute("aria-label", card.name);
  if (card.red) e.classList.add("red");
  const last = card.name.slice(-1);
  const lbl = el("span", "lbl");
  if (SUITS.includes(last)) {
    lbl.append(el("span", "r", card.name.slice(0, -1)), el("span", "s", last));
    if (!o.small) e.append(el("span", "pip-big", last));
  } else {  // a Joker: its word, small, then a star
    lbl.classList.add("long");
    lbl.append(el("span", "r", "Jkr"), el("span", "s", "★"));
  }
  e.prepend(lbl);
  return e;
}

function tokensOf(a) {
  const t = a.cards.map((c) => "c:" + c);
  if (a.slot) t.push("s:" + a.slot);
  if (a.pick) t.push(`p:${a.pick.seat}:${a.pick.at}`);
  return t;
}

function tappable(tok, usable) {
  return state.my_turn && !sent && usable.has(tok);
}

function tapEl(e, tok, usable) {
  if (!tok || !tappable(tok, usable)) {
    if (state.my_turn && tok && !usable.has(tok)) e.classList.add("idle");
    return e;
  }
  e.classList.add("tap");
  if (selected.has(tok)) e.classList.add("selected");
  e.onclick = () => { selected.has(tok) ? selected.delete(tok) : selected.add(tok); render(); };
  return e;
}

function render() {
  const s = state;
  document.title = `${s.title}: ${s.name}`;
  $("title").textContent = s.title;
  $("me").textContent = `You are ${s.name}`;
  const usable = new Set();
  for (const a of s.actions) for (const t of tokensOf(a)) usable.add(t);
  renderInfo(s);
  renderPlay(s, usable);
  renderBar(s);
  if (s.my_turn && !wasMyTurn) alertTurn();
  wasMyTurn = s.my_turn;
}

function renderInfo(s) {
  const panel = $("panel");
  panel.replaceChildren();
  const p = s.panel || {lines: []};
  p.lines.forEach((line, i) => panel.append(el("div", i === 0 ? "head" : "line", line)));
  for (const m of p.meters || []) {
    const row = el("div", "line", m.label);
    const pips = el("span", "meter");
    for (let i = 0; i < m.of; i++) pips.append(el("span", "pip" + (i < m.lit ? " lit" : "")));
    row.append(pips);
    panel.append(row);
  }
  if (p.direction) {
    const arrow = {clockwise: "↻", "counter-clockwise": "↺", up: "↑", down: "↓", both: "⇅"}[p.direction.shape] || "";
    panel.append(el("div", "direction", `Play goes ${arrow} ${p.direction.word}`));
  }
  const badges = p.badges || {};
  const seats = $("seats");
  seats.replaceChildren();
  for (const who of s.seats) {
    if (who.seat === s.seat) continue;
    const box = el("div", "seat" + (who.to_move ? " to-move" : ""));
    const head = el("div", "", "");
    head.append(el("span", "name", who.name + (who.to_move ? " ▸ to play" : "")));
    box.append(head);
    const rows = el("div", "rows");
    for (const r of who.rows) {
      if (!r.count) continue;
      const row = el("span", "row");
      row.append(el("span", "what", r.label));
      for (const c of r.cards.slice(-6)) row.append(cardEl(c, {small: true}));
      const hidden = r.count - Math.min(6, r.cards.length);
      const badge = badges[`${r.zone}/${who.seat}`];
      if (hidden > 0 || badge) row.append(el("span", "count", [hidden > 0 ? `${r.cards.length ? "+" : "×"}${hidden}` : "", badge || ""].filter(Boolean).join(" ")));
      rows.append(row);
    }
    if (!rows.children.length) rows.append(el("span", "what", "no cards"));
    box.append(rows);
    seats.append(box);
  }
  $("log").replaceChildren(...s.log.slice().reverse().map((line) => el("li", "", line)));
  const res = $("results");
  res.hidden = !s.result;
  res.replaceChildren();
  if (s.result) {
    res.append(el("h2", "", s.result.text));
    const list = el("div", "places");
    for (const row of s.result.rows) {
      list.append(el("div", row.lost ? "lost" : "", `${row.place}. ${row.name}${row.mark ? " — " + row.mark : ""}`));
    }
    res.append(list);
    if (p.sheet) res.append(el("div", "next", p.sheet.notes.join(" ")));
    res.append(el("div", "next", "Stay on this page: if the table plays again, your seat and cards come here."));
    $("info").scrollTop = 0;
  }
}

function zoneEl(label, cards, count, stack, mkTok, usable) {
  const box = el("div", "zone");
  box.append(el("span", "what", label));
  const row = el("div", "cards");
  if (!count) row.append(el("div", "card small empty"));
  else if (stack) {  // one card for the whole pile, with its count on it
    const c = cardEl(cards[cards.length - 1] === undefined ? null : cards[cards.length - 1], {small: true});
    c.append(el("span", "stack-count", `${count}`));
    row.append(c);
  } else {
    cards.forEach((c, i) => row.append(tapEl(cardEl(c, {small: true, tok: mkTok(c, i)}), mkTok(c, i), usable)));
    if (count > cards.length) row.append(el("span", "count", `+${count - cards.length}`));
  }
  box.append(row);
  return box;
}

function renderPlay(s, usable) {
  const centre = $("centre");
  centre.replaceChildren();
  for (const z of s.centre) {
    centre.append(zoneEl(z.label, z.top, z.count, z.top.length === 1 && z.count > 1, () => "", usable));
  }
  // The Assassin's pick, and any card taken blind by its place: the cards as backs to tap.
  const pick = $("pick");
  pick.replaceChildren();
  const picks = s.actions.filter((a) => a.pick);
  pick.hidden = !picks.length;
  const bySeat = new Map();
  for (const a of picks) {
    if (!bySeat.has(a.pick.seat)) bySeat.set(a.pick.seat, []);
    bySeat.get(a.pick.seat).push(a.pick.at);
  }
  for (const [seat, ats] of bySeat) {
    const box = el("div", "zone");
    box.append(el("span", "what", `${s.seats[seat].name}'s ${picks[0].pick.zone}: tap a card`));
    const row = el("div", "cards");
    for (const at of ats.sort((x, y) => x - y)) {
      const tok = `p:${seat}:${at}`;
      row.append(tapEl(cardEl(null, {small: true, tok}), tok, usable));
    }
    box.append(row);
    pick.append(box);
  }
  const rows = $("rows");
  rows.replaceChildren();
  let hand = null;
  for (const z of s.mine) {
    if (z.style === "hand") { hand = z; continue; }
    if (!z.cards.length) continue;
    const stack = z.style === "stack" && z.cards.length > 1;
    const shown = z.style === "fan" ? z.cards.slice(-6) : z.cards;
    const mk = (c, i) => {
      const slot = `s:${z.zone}:${i + (z.cards.length - shown.length)}`;
      if (c !== null && usable.has("c:" + c.id)) return "c:" + c.id;
      return usable.has(slot) ? slot : (c !== null ? "c:" + c.id : "");
    };
    rows.append(zoneEl(z.label, shown, z.cards.length, stack, mk, usable));
  }
  renderHand(s, hand, usable);
}

// The hand fitted above the bar: one to three overlapping rows across the width, never wider than
// the screen; each card shows its corner (rank and suit) where the next one lies on it.
function renderHand(s, z, usable) {
  const box = $("hand");
  box.replaceChildren();
  if (!z || !z.cards.length) return;
  const width = box.clientWidth || (document.documentElement.clientWidth - 16);
  const tall = window.innerHeight;
  const n = z.cards.length;
  const maxH = Math.max(60, tall * (tall > width ? 0.3 : 0.42));
  let best = null;
  for (let rows = 1; rows <= 4; rows++) {
    const per = Math.ceil(n / rows);
    for (let cw = Math.min(84, Math.floor(width / 4.5)); cw >= 30; cw -= 2) {
      const ch = Math.round(cw * 1.4);
      const step = per > 1 ? Math.min(cw + 4, (width - cw) / (per - 1)) : 0;
      if (per > 1 && step < cw * 0.42) continue;  // the corner must stay readable and tappable
      if (rows * (ch + 4) > maxH) continue;
      if (!best || cw > best.cw) best = {rows, per, cw, ch, step};
      break;
    }
  }
  if (!best) {
    const per = Math.ceil(n / 4);
    best = {rows: 4, per, cw: 30, ch: 42, step: (width - 30) / Math.max(1, per - 1)};
  }
  box.style.setProperty("--cw", best.cw + "px");
  box.style.setProperty("--ch", best.ch + "px");
  for (let r = 0; r < best.rows; r++) {
    const fan = el("div", "fan");
    const part = z.cards.slice(r * best.per, (r + 1) * best.per);
    part.forEach((c, i) => {
      const tok = c === null ? "" : "c:" + c.id;
      const e = tapEl(cardEl(c, {tok: tok && tappable(tok, usable) ? tok : ""}), tok, usable);
      e.style.left = Math.round(i * best.step) + "px";
      fan.append(e);
    });
    box.append(fan);
  }
}

function renderBar(s) {
  const bar = $("bar");
  bar.classList.toggle("mine", s.my_turn);
  $("turn").textContent = s.over ? "Game over" : s.my_turn ? "Your turn" : `${s.turn} to play`;
  $("prompt").textContent = s.over ? (s.result ? s.result.text : "") : s.prompt;
  const actions = $("actions");
  actions.replaceChildren();
  if (!s.my_turn) return;
  const withTaps = s.actions.filter((a) => tokensOf(a).length);
  const same = (a) => { const t = tokensOf(a); return t.length === selected.size && t.every((x) => selected.has(x)); };
  const matching = withTaps.filter(same);
  const plain = s.actions.filter((a) => !tokensOf(a).length);
  const shown = [...matching, ...plain];
  for (const a of matching) actions.append(actionButton(a, ""));
  if (withTaps.length && !matching.length) {
    actions.append(el("div", "hint", selected.size ? "Those cards make no move now: tap to change them."
                                                   : "Tap cards to choose them."));
  }
  for (const a of plain) actions.append(actionButton(a, "plain"));
  actions.classList.toggle("many", shown.length > 4);
}

function actionButton(a, cls) {
  const b = el("button", cls, a.words.charAt(0).toUpperCase() + a.words.slice(1));
  b.type = "button";
  b.dataset.action = a.i;
  b.disabled = sent;
  b.onclick = () => send(a.i);
  return b;
}

window.addEventListener("resize", () => { if (state) render(); });
connect(!opened);
