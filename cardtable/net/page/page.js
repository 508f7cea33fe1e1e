// A phone seat as a party game's controller: the table's news at the top, the cards to play above a
// bar that never leaves the screen (whose turn, what is asked, the moves). The table is the only
// authority: this page sends back the number of one offered move.
"use strict";
const token = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let socket = null, state = null, selected = new Set(), sent = false, wasMyTurn = false, game = null;
let refusal = null;  // the table's last "no" to this page: its reason and the picture it answered
let away = {left: [], unjoined: []};  // the phone seats with no phone now (gone, or never joined)
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
    const newGame = game !== null && msg.game !== game;
    if (newGame) wasMyTurn = false;  // a new game on the same phones
    if (!state || msg.v !== state.v) {
      // A move this page sent is answered: its choice is done. Anything else (a bot's move, the
      // table's news) keeps what the player has chosen, less what left their cards.
      if (sent || newGame) selected.clear();
      sent = false;
    }
    game = msg.game;
    const first = state === null;
    state = msg;
    keepPresent(msg);
    // A refused move's reason stays with the offer the table makes again right after it; any other
    // picture clears the bar's message (a reason, a note about the connection).
    const again = refusal !== null && msg.my_turn && msg.v === refusal.v + 1;
    $("message").textContent = again ? refusal.why : "";
    refusal = null;
    render();
    if (first && audio === null) {
      overlay(`You are ${msg.name} at ${msg.title}.`, "Tap to join", join);
    }
  } else if (msg.t === "away") {
    away = {left: msg.left || [], unjoined: msg.unjoined || []};
    if (state) render();
  } else if (msg.t === "refused" || msg.t === "error") {
    sent = false;
    refusal = {why: msg.why, v: state ? state.v : 0};
    if (state) render();
    $("message").textContent = msg.why;
  }
}

// The chosen cards and places that are still this seat's to choose: a card still among its own,
// a place or a pick still offered.
function keepPresent(s) {
  const here = new Set();
  for (const z of s.mine) z.cards.forEach((c) => { if (c !== null) here.add("c:" + c.id); });
  for (const a of s.actions) for (const t of tokensOf(a)) here.add(t);
  for (const t of [...selected]) if (!here.has(t)) selected.delete(t);
}

function send(i) {
  if (sent || !socket || socket.readyState !== WebSocket.OPEN) return;
  sent = true;
  socket.send(JSON.stringify({t: "act", v: state.v, i: i}));
  render();
}

// One listener for every tap: a card or place chooses or unchooses itself, a move is sent. The
// nodes stay from one message to the next, so none carries a handler of its own.
document.addEventListener("click", (e) => {
  if (!state || !(e.target instanceof Element)) return;
  const button = e.target.closest("#actions button[data-action]");
  if (button) { if (!button.disabled) send(Number(button.dataset.action)); return; }
  const card = e.target.closest(".tap[data-tok]");
  if (!card) {
    // a greyed card (of the hand, or face up before its turn comes) makes no move now: say so, as
    // the table says why beside its cards
    const off = e.target.closest("#hand .card[aria-disabled], #rows .card.idle");
    if (state.my_turn && !sent && off) {
      // the game's own reason where it has one ("a 7 cannot go on an 8 ..."), as the table says it
      const why = state.why && state.why[off.dataset.id];
      $("message").textContent = why ? `Not allowed: ${why.replace(/\.$/, "")}.`
        : document.querySelector(".card.tap") ? OFF_CARD : NO_CARD;
    }
    return;
  }
  const said = $("message").textContent;
  if ([OFF_CARD, NO_CARD].includes(said) || said.startsWith("Not allowed: ")) $("message").textContent = "";
  const tok = card.dataset.tok;
  if (!tappable(tok, usable)) return;
  if (selected.has(tok)) selected.delete(tok);
  else {
    // A card that makes no move with those chosen starts a new choice, as at the table: a player
    // changing their mind tapped a second card and got "those cards make no move" for the two.
    selected.add(tok);
    if (!movesWith(selected).length) { selected.clear(); selected.add(tok); }
  }
  render();
});

// -- keeping nodes ----------------------------------------------------------------------------------
// Every message describes the whole page; the page is drawn by keeping each node whose key (or
// place) and tag still match, patching only the class, text, attributes and style that changed,
// and adding or removing only the nodes that came or went. A bot's move at the table so leaves the
// hand's cards and the chosen ones as they are (a card is one node for as long as it is in the
// hand) and costs the phone a few changed nodes instead of the whole page.
function h(tag, cls, content, more) {
  const d = {tag, cls: cls || "", key: null, text: undefined, kids: null, attrs: null, style: null};
  if (Array.isArray(content)) d.kids = content;
  else if (content !== undefined) d.text = content;
  return more ? Object.assign(d, more) : d;
}

function patch(e, d) {
  const was = e._d;
  if (was.cls !== d.cls) { e.className = d.cls; was.cls = d.cls; }
  const attrs = d.attrs || {};
  for (const k in was.attrs) if (!(k in attrs)) e.removeAttribute(k);
  for (const k in attrs) if (was.attrs[k] !== attrs[k]) e.setAttribute(k, attrs[k]);
  was.attrs = attrs;
  const style = d.style || {};
  for (const k in was.style) if (!(k in style)) e.style.removeProperty(k);
  for (const k in style) if (was.style[k] !== style[k]) e.style.setProperty(k, style[k]);
  was.style = style;
  if (d.kids) {
    if (was.text !== undefined) { e.textContent = ""; was.text = undefined; }
    sync(e, d.kids);
  } else if (was.text !== d.text || e.firstElementChild) {
    e.textContent = d.text === undefined ? "" : d.text;
    was.text = d.text;
  }
}

function keyOf(d, i) {
  return d.tag + ":" + (d.key !== null ? d.key : "#" + i);
}

function sync(parent, descs) {
  const wanted = new Set(descs.map(keyOf));
  const old = new Map();
  for (const c of Array.from(parent.childNodes)) {
    if (c._key === undefined || !wanted.has(c._key) || old.has(c._key)) parent.removeChild(c);
    else old.set(c._key, c);
  }
  let at = parent.firstChild;
  descs.forEach((d, i) => {
    const key = keyOf(d, i);
    let e = old.get(key);
    if (e) { old.delete(key); patch(e, d); }
    else {
      e = document.createElement(d.tag);
      e._key = key;
      e._d = {cls: "", text: undefined, attrs: {}, style: {}};
      patch(e, d);
    }
    if (e === at) at = at.nextSibling;
    else parent.insertBefore(e, at);
  });
}

function setText(e, text) {
  if (e.textContent !== text) e.textContent = text;
}

// -- drawing ----------------------------------------------------------------------------------------
const SUITS = "♣♦♥♠";
let usable = new Set();
const OFF_CARD = "That card makes no move now: the cards you can play are not greyed.";
// No card to tap at all (the turn is a button: draw, pass, a grace card): pointing at cards not greyed
// sent a player looking for one that is not there.
const NO_CARD = "No card of yours makes a move now: choose one of the buttons below.";

// A card: a button when it names something to tap (``tok``) or is in the hand (``button``), a back
// when unknown (null). ``marks``: the tap's classes (tap, selected, idle); ``off``: a hand's card
// that may not be tapped now; ``extra``: more nodes on it (a stack's count); ``key``: what keeps
// its node from one message to the next; ``style``: its place.
function cardD(card, o) {
  let cls = "card" + (o.small ? " small" : "");
  const attrs = {};
  if (o.button || o.tok) attrs.type = "button";
  if (o.tok) attrs["data-tok"] = o.tok;
  const kids = [];
  if (card === null) {
    cls += " back";
    attrs["aria-label"] = "face-down card";
  } else {
    attrs["data-id"] = String(card.id);
    attrs["aria-label"] = card.name;
    if (card.red) cls += " red";
    const last = card.name.slice(-1);
    if (SUITS.includes(last)) {
      const r = card.name.slice(0, -1);
      // a 10's two digits, narrower: at full size the next card in the hand hid the 0 (it read '1')
      kids.push(h("span", r.length > 1 ? "lbl two" : "lbl", [h("span", "r", r), h("span", "s", last)]));
      if (!o.small) kids.push(h("span", "pip-big", last));
    } else {  // a Joker: its word, small, then a star
      kids.push(h("span", "lbl long", [h("span", "r", "Jkr"), h("span", "s", "★")]));
    }
  }
  if (o.off) attrs["aria-disabled"] = "true";
  return h(o.button || o.tok ? "button" : "div", cls + (o.marks || ""), kids.concat(o.extra || []),
           {key: o.key === undefined ? null : o.key, attrs, style: o.style || null});
}

function tokensOf(a) {
  const t = a.cards.map((c) => "c:" + c);
  if (a.slot) t.push("s:" + a.slot);
  if (a.pick) t.push(`p:${a.pick.seat}:${a.pick.at}`);
  return t;
}

// The offered moves whose taps include every one of ``chosen``.
function movesWith(chosen) {
  return state.actions.filter((a) => { const t = tokensOf(a); return [...chosen].every((x) => t.includes(x)); });
}

function tappable(tok, usable) {
  return state.my_turn && !sent && usable.has(tok);
}

// The marks of a card that may be tapped: "tap" (and "selected") when it may be now, "idle" on
// this seat's turn when it names nothing offered.
function marks(tok, usable) {
  if (!tok || !tappable(tok, usable)) return state.my_turn && tok && !usable.has(tok) ? " idle" : "";
  return " tap" + (selected.has(tok) ? " selected" : "");
}

function render() {
  const s = state;
  const title = `${s.title}: ${s.name}`;
  if (document.title !== title) document.title = title;
  setText($("title"), s.title);
  setText($("me"), `You are ${s.name}`);
  usable = new Set();
  for (const a of s.actions) for (const t of tokensOf(a)) usable.add(t);
  renderInfo(s);
  renderPlay(s, usable);
  renderBar(s);
  if (s.my_turn && !wasMyTurn) alertTurn();
  wasMyTurn = s.my_turn;
}

function renderInfo(s) {
  const p = s.panel || {lines: []};
  const panel = p.lines.map((line, i) => h("div", i === 0 ? "head" : "line", line));
  for (const m of p.meters || []) {
    const pips = [];
    for (let i = 0; i < m.of; i++) pips.push(h("span", "pip" + (i < m.lit ? " lit" : "")));
    panel.push(h("div", "line", [h("span", "", m.label), h("span", "meter", pips)]));
  }
  if (p.direction) {
    const arrow = {clockwise: "↻", "counter-clockwise": "↺", up: "↑", down: "↓", both: "⇅"}[p.direction.shape] || "";
    panel.push(h("div", "direction", `Play goes ${arrow} ${p.direction.word}`));
  }
  sync($("panel"), panel);
  const badges = p.badges || {};
  const seats = [];
  for (const who of s.seats) {
    if (who.seat === s.seat) continue;
    const rows = [];
    for (const r of who.rows) {
      if (!r.count) continue;
      const row = [h("span", "what", r.label)];
      for (const c of r.cards.slice(-6)) row.push(cardD(c, {small: true, key: c === null ? null : c.id}));
      const hidden = r.count - Math.min(6, r.cards.length);
      if (hidden > 0) row.push(h("span", "count", `${r.cards.length ? "+" : "×"}${hidden}`, {key: "count"}));
      // The game's badge (a pile's cards and worth) apart from the cards not shown: one run of
      // text read "+2 8 · $24", two numbers that looked like one.
      const badge = badges[`${r.zone}/${who.seat}`];
      if (badge) row.push(h("span", "badge", badge, {key: "badge"}));
      rows.push(h("span", "row", row, {key: r.zone}));
    }
    if (!rows.length) rows.push(h("span", "what", "no cards"));
    seats.push(h("div", "seat" + (who.to_move ? " to-move" : ""), [
      h("div", "", [h("span", "name", who.name + (who.to_move ? " ▸ to play" : ""))]),
      h("div", "rows", rows),
    ], {key: who.seat}));
  }
  sync($("seats"), seats);
  sync($("log"), s.log.slice().reverse().map((line) => h("li", "", line)));
  if ($("log-head").hidden !== !s.log.length) $("log-head").hidden = !s.log.length;
  const res = $("results");
  if (res.hidden !== !s.result) {
    res.hidden = !s.result;
    if (s.result) $("info").scrollTop = 0;  // the result, where the eye starts
  }
  const out = [];
  if (s.result) {
    out.push(h("h2", "", s.result.text));
    out.push(h("div", "places", s.result.rows.map((row) =>
      h("div", row.lost ? "lost" : "", `${row.place}. ${row.name}${row.mark ? " — " + row.mark : ""}`))));
    if (p.sheet) out.push(h("div", "next", p.sheet.notes.join(" "), {key: "sheet"}));
    out.push(h("div", "next", "Stay on this page: if the table plays again, your seat and cards come here.",
               {key: "stay"}));
  }
  sync(res, out);
}

// A zone: its label over its cards; ``badge``: the game's words on it (a pile's cards and worth).
function zoneD(label, cards, count, stack, mkTok, usable, key, badge) {
  const row = [];
  if (!count) row.push(h("div", "card small empty"));
  else if (stack) {  // one card for the whole pile, with its count on it
    const top = cards[cards.length - 1] === undefined ? null : cards[cards.length - 1];
    row.push(cardD(top, {small: true, key: "stack", extra: [h("span", "stack-count", `${count}`)]}));
  } else {
    cards.forEach((c, i) => {
      const tok = mkTok(c, i);
      row.push(cardD(c, {small: true, tok, marks: marks(tok, usable), key: c === null ? "b" + i : c.id}));
    });
    if (count > cards.length) row.push(h("span", "count", `+${count - cards.length}`, {key: "more"}));
  }
  if (badge) row.push(h("span", "badge", badge, {key: "badge"}));
  return h("div", "zone", [h("span", "what", label), h("div", "cards", row)], {key});
}

function renderPlay(s, usable) {
  sync($("centre"), s.centre.map((z) =>
    zoneD(z.label, z.top, z.count, z.top.length === 1 && z.count > 1, () => "", usable, z.zone)));
  // The Assassin's pick, and any card taken blind by its place: the cards as backs to tap.
  const pick = $("pick");
  const picks = s.actions.filter((a) => a.pick);
  if (pick.hidden !== !picks.length) pick.hidden = !picks.length;
  const bySeat = new Map();
  for (const a of picks) {
    if (!bySeat.has(a.pick.seat)) bySeat.set(a.pick.seat, []);
    bySeat.get(a.pick.seat).push(a.pick.at);
  }
  const boxes = [];
  for (const [seat, ats] of bySeat) {
    const row = ats.sort((x, y) => x - y).map((at) => {
      const tok = `p:${seat}:${at}`;
      return cardD(null, {small: true, tok, marks: marks(tok, usable), key: tok});
    });
    boxes.push(h("div", "zone", [h("span", "what", `${s.seats[seat].name}'s ${picks[0].pick.zone}: tap a card`),
                                 h("div", "cards", row)], {key: seat}));
  }
  sync(pick, boxes);
  const rows = [], badges = (s.panel && s.panel.badges) || {};
  let hand = null;
  for (const z of s.mine) {
    if (z.style === "hand") { hand = z; continue; }
    if (!z.cards.length) continue;
    const stack = z.style === "stack" && z.cards.length > 1;
    const shown = z.style === "fan" ? z.cards.slice(-6) : z.cards;
    const tokOf = (c, i) => {
      const slot = `s:${z.zone}:${i + (z.cards.length - shown.length)}`;
      if (c !== null && usable.has("c:" + c.id)) return "c:" + c.id;
      return usable.has(slot) ? slot : (c !== null ? "c:" + c.id : "");
    };
    // A fan (cards banked, won or at stake) that no move uses keeps its colours: greyed like an
    // unplayable card on the player's own turn, it read as cards lost. Rows stay greyed: their
    // cards are played later, and grey says "not yet".
    const used = shown.some((c, i) => usable.has(tokOf(c, i)));
    const mk = z.style === "fan" && !used ? () => "" : tokOf;
    // The seat's own badge too: Fscking Ace's banked pile showed its cards and never its worth.
    rows.push(zoneD(z.label, shown, z.cards.length, stack, mk, usable, z.zone, badges[`${z.zone}/${s.seat}`]));
  }
  sync($("rows"), rows);
  renderHand(s, hand, usable);
}

// The hand fitted above the bar: one to three overlapping rows across the width, never wider than
// the screen; each card shows its corner (rank and suit) where the next one lies on it. Every card
// is a button of its own (offered or not), placed in its row by its style, so a card stays the
// same node for as long as it is in the hand.
function renderHand(s, z, usable) {
  const box = $("hand");
  if (!z || !z.cards.length) {
    sync(box, []);
    box.style.removeProperty("height");
    return;
  }
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
  // Its height: the rows as they were laid out (each a card high and 4 px apart), empty ones too.
  const size = {"--cw": best.cw + "px", "--ch": best.ch + "px", height: best.rows * (best.ch + 4) + "px"};
  for (const k in size) if (box.style.getPropertyValue(k) !== size[k]) box.style.setProperty(k, size[k]);
  sync(box, z.cards.map((c, i) => {
    const tok = c === null ? "" : "c:" + c.id;
    const on = tok && tappable(tok, usable);
    const place = {left: Math.round((i % best.per) * best.step) + "px",
                   top: Math.floor(i / best.per) * (best.ch + 4) + "px"};
    return cardD(c, {button: true, off: !on, tok: on ? tok : "", marks: marks(tok, usable),
                     key: c === null ? "b" + i : c.id, style: place});
  }));
}

function renderBar(s) {
  const bar = $("bar");
  bar.classList.toggle("mine", s.my_turn);
  // This seat to move but not asked yet (the table still showing the move before): its own name
  // as the one "to play" read as another player's turn.
  const next = s.seats[s.seat] && s.seats[s.seat].to_move ? "Your turn in a moment…" : "";
  const waiting = next || phoneAway(s) || (s.panel && s.panel.waiting) || `${s.turn} to play`;
  setText($("turn"), s.over ? "Game over" : s.my_turn ? "Your turn" : waiting);
  // While it waits, the move it made: a choice kept secret until all have chosen moves no card.
  const made = s.made ? `Your move: ${s.made}` : "";
  setText($("prompt"), s.over ? (s.result ? s.result.text : "") : s.my_turn ? s.prompt : made);
  const actions = $("actions");
  const out = [];
  if (s.my_turn) {
    const withTaps = s.actions.filter((a) => tokensOf(a).length);
    const same = (a) => { const t = tokensOf(a); return t.length === selected.size && t.every((x) => selected.has(x)); };
    const matching = withTaps.filter(same);
    const plain = s.actions.filter((a) => !tokensOf(a).length);
    for (const a of matching) out.push(actionD(a, ""));
    if (withTaps.length && !matching.length) {
      // Cersei's Assassin takes one card: "Tap cards to choose them" had the player look for more
      const one = withTaps.every((a) => tokensOf(a).length === 1);
      const first = one ? "Tap a card to choose it." : "Tap cards to choose them.";
      out.push(h("div", "hint", selected.size ? moreToTap() : first, {key: "hint"}));
    }
    for (const a of plain) out.push(actionD(a, "plain"));
  }
  sync(actions, out);
  actions.classList.toggle("many", out.filter((d) => d.tag === "button").length > 4);
}

// The seat to move is a phone seat with no phone: "Bea to play" had the others wait on a phone
// that had dropped or never joined, with no word of it.
function phoneAway(s) {
  const who = s.seats.find((x) => x.to_move);
  if (!who) return "";
  if (away.unjoined.includes(who.seat)) return `Waiting for ${who.name}'s phone to join`;
  if (away.left.includes(who.seat)) return `Waiting for ${who.name}'s phone to come back`;
  return "";
}

// Part of a move chosen (one of a setup's three cards): how many taps finish the nearest move.
function moreToTap() {
  const need = Math.min(...movesWith(selected).map((a) => tokensOf(a).length - selected.size));
  if (!Number.isFinite(need)) return "Those cards make no move now: tap to change them.";
  return `Tap ${need} more card${need > 1 ? "s" : ""} to make a move.`;
}

function actionD(a, cls) {
  const attrs = {type: "button", "data-action": String(a.i)};
  if (sent) attrs.disabled = "";
  return h("button", cls, a.words.charAt(0).toUpperCase() + a.words.slice(1), {key: a.i, attrs});
}

window.addEventListener("resize", () => { if (state) render(); });
connect(!opened);
