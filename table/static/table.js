// The table page: draws the payloads of this link's seats and sends their answers.
// Every piece of game text goes in through textContent, never as markup.
"use strict";

const token = location.pathname.split("/")[2];
const base = "/seat/" + encodeURIComponent(token);
const SVG = "http://www.w3.org/2000/svg";
const latest = {};
let socket = null;
let shown = null;       // the seat whose table is on screen
let handingTo = null;   // the seat the hand-over screen waits for
let overSeen = false;
let held = [];          // the seats this link holds: more than one is a hot seat

function $(id) { return document.getElementById(id); }

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(scheme + "//" + location.host + base + "/ws");
  socket.onopen = () => { $("status").textContent = "connected"; };
  socket.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "seats") { held = msg.seats; return; }
    if (msg.type === "error") { showError(msg.message); enableOptions(); return; }
    if (msg.type !== "table") return;
    const before = latest[msg.seat];
    if (before && before.seq > msg.seq) return;
    latest[msg.seat] = msg;
    update();
  };
  socket.onclose = () => {
    const over = Object.values(latest).some((p) => p.over);
    $("status").textContent = over ? "game over" : "disconnected: reconnecting…";
    if (!over) setTimeout(connect, 1000);
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = false;
}

function update() {
  const seats = Object.keys(latest).map(Number).sort((a, b) => a - b);
  const deciding = seats.find((s) => latest[s].waiting);
  const target = deciding !== undefined ? deciding : (shown !== null ? shown : seats[0]);
  if (held.length > 1 && target !== shown && !anyOver()) {
    handOver(target);
    return;
  }
  shown = target;
  draw(latest[target]);
}

function anyOver() { return Object.values(latest).some((p) => p.over); }

function handOver(seat) {
  handingTo = seat;
  $("table").hidden = true;
  // the last seat's table leaves the page, not just the screen
  for (const id of ["story", "board", "zones", "decision", "seats", "log"]) $(id).replaceChildren();
  $("over").hidden = true;
  const name = "Seat " + (seat + 1);
  $("handover-seat").textContent = name;
  $("handover-name").textContent = name;
  $("handover").hidden = false;
}

$("handover-ready").addEventListener("click", () => {
  $("handover").hidden = true;
  shown = handingTo;
  draw(latest[shown]);
});

$("over-table").addEventListener("click", () => { $("over").hidden = true; });

function draw(p) {
  $("table").hidden = false;
  $("title").textContent = p.title;
  const me = p.seats[p.seat];
  const turn = p.seats[p.active] ? p.seats[p.active].name : "";
  $("where").textContent = "You are Seat " + (p.seat + 1) + " · round " + p.round
    + (p.over ? "" : " · " + turn + (p.active === p.seat ? " (your turn)" : " to play"));
  document.title = p.title + " · Seat " + (p.seat + 1) + (p.waiting ? " · your move" : "");
  $("error").hidden = !p.error;
  if (p.error) $("error").textContent = "The game stopped: " + p.error;
  drawDecision(p);
  drawStory(p);
  drawBoard(p);
  drawZones(p);
  drawSeats(p, me);
  drawLog(p);
  if (p.over && !overSeen) {
    overSeen = true;
    $("over-title").textContent = "Game over";
    $("over-text").textContent = p.over.you_won ? "You won!" : p.over.text + ".";
    $("over-reason").textContent = p.over.reason;
    $("over").hidden = false;
  }
}

function choices(p) {
  return p.decision && p.decision.seat === p.seat && p.waiting ? p.decision.options : [];
}

function choose(p, index) {
  document.querySelectorAll("#decision button, .can").forEach((b) => { b.disabled = true; });
  $("error").hidden = true;
  send({ type: "choose", seat: p.seat, step: p.step, option: index });
}

function enableOptions() {
  document.querySelectorAll("#decision button").forEach((b) => { b.disabled = false; });
}

function drawDecision(p) {
  const box = $("decision");
  box.replaceChildren();
  if (p.over) {
    box.append(el("div", "prompt", "Game over: " + p.over.text + "."));
    return;
  }
  const options = choices(p);
  if (!p.decision) return;
  if (!options.length) {
    box.append(el("div", "prompt", "Waiting for " + p.decision.who + ": " + p.decision.prompt));
    return;
  }
  box.append(el("div", "prompt", p.decision.prompt));
  const list = el("div", "options");
  list.id = "options";
  options.forEach((option, i) => {
    const button = el("button", "option", option.label);
    button.type = "button";
    button.dataset.index = String(i);
    button.addEventListener("click", () => choose(p, i));
    list.append(button);
  });
  box.append(list);
  if (p.undo) {
    const undo = el("button", "undo", "Undo my last decision");
    undo.type = "button";
    undo.id = "undo";
    undo.addEventListener("click", () => {
      document.querySelectorAll("#decision button").forEach((b) => { b.disabled = true; });
      send({ type: "undo", seat: p.seat });
    });
    box.append(undo);
  }
}

function drawStory(p) {
  const box = $("story");
  box.replaceChildren();
  box.hidden = !p.story;
  if (!p.story) return;
  box.append(el("h2", null, p.story.title));
  const head = "[" + p.story.card + "]" + (p.story.card_title ? " " + p.story.card_title : "");
  box.append(el("h3", null, head));
  if (p.story.text) box.append(el("div", "text", p.story.text));
  if (p.story.battle) box.append(el("p", null, "Battle: " + p.story.battle));
  if (p.story.ending) box.append(el("p", null, "Ending: " + p.story.ending));
  const kept = [...p.story.flags, ...p.story.items];
  if (kept.length) box.append(el("p", null, "Flags and items: " + kept.join(", ")));
}

const KEYWORD_COLOURS = { impassable: "#6b4f3a", blocking: "#77736b", hazard: "#c0504d",
  elevated: "#b08d57", cover: "#6f9a5a", difficult: "#c9b37e" };
const SEAT_COLOURS = ["#2563eb", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#db2777"];

function drawBoard(p) {
  const box = $("board");
  box.replaceChildren();
  box.hidden = !p.board;
  if (!p.board) return;
  const b = p.board;
  const root = svg("svg", { viewBox: "0 0 " + b.columns + " " + b.rows,
    width: b.columns * b.square + "mm", height: b.rows * b.square + "mm", role: "img" });
  root.id = "board-svg";
  root.append(svg("title", {}, "The board, " + b.columns + " by " + b.rows + " squares of " + b.square + " mm"));
  for (const [c, r] of b.cells) root.append(svg("rect", { x: c, y: r, width: 1, height: 1, fill: "#f4efe2", stroke: "#8a8373", "stroke-width": 0.02 }));
  for (const [c, r] of b.blocked) root.append(svg("rect", { x: c, y: r, width: 1, height: 1, fill: "#b9b2a3" }));
  b.areas.forEach((area, i) => {
    const g = svg("g", { fill: SEAT_COLOURS[i % SEAT_COLOURS.length], "fill-opacity": 0.18 });
    g.append(svg("title", {}, area.name));
    for (const [c, r] of area.cells) g.append(svg("rect", { x: c, y: r, width: 1, height: 1 }));
    root.append(g);
  });
  for (const t of b.terrain) {
    const colour = t.keywords.map((k) => KEYWORD_COLOURS[k]).find(Boolean) || "#9fb7c9";
    const g = svg("g", { fill: colour, class: "terrain" });
    g.append(svg("title", {}, t.name + (t.keywords.length ? " (" + t.keywords.join(", ") + ")" : "")));
    for (const [c, r] of t.cells) g.append(svg("rect", { x: c + 0.04, y: r + 0.04, width: 0.92, height: 0.92 }));
    root.append(g);
  }
  for (const [a, z] of b.walls) {
    const [c1, r1] = a, [c2, r2] = z;
    const x = Math.max(c1, c2), y = Math.max(r1, r2);
    const line = c1 !== c2 ? { x1: x, y1: r1, x2: x, y2: r1 + 1 } : { x1: c1, y1: y, x2: c1 + 1, y2: y };
    root.append(svg("line", Object.assign(line, { stroke: "#1f2937", "stroke-width": 0.1 })));
  }
  const options = choices(p);
  for (const piece of b.pieces) {
    const half = piece.size / 2;
    const g = svg("g", { class: "piece", "data-piece": piece.index });
    g.append(svg("title", {}, piece.name + " at " + piece.cell + (piece.health !== null ? ", health " + piece.health : "")));
    const fill = piece.seat !== null ? SEAT_COLOURS[piece.seat % SEAT_COLOURS.length] : "#b91c1c";
    const circle = svg("circle", { cx: piece.col + half, cy: piece.row + half, r: half * 0.8, fill: fill, stroke: "#111", "stroke-width": 0.04 });
    const index = options.findIndex((o) => o.piece === piece.index);
    if (index >= 0) {
      circle.setAttribute("class", "piece-option");
      circle.addEventListener("click", () => choose(p, index));
    }
    g.append(circle);
    const initials = piece.name.split(/\s+/).map((w) => w[0] || "").join("").slice(0, 3);
    g.append(svg("text", { x: piece.col + half, y: piece.row + half + 0.12, "font-size": 0.32 * piece.size, "text-anchor": "middle", fill: "#fff", "pointer-events": "none" }, initials));
    if (piece.health !== null) g.append(svg("text", { x: piece.col + piece.size - 0.08, y: piece.row + 0.3, "font-size": 0.26, "text-anchor": "end", fill: "#111", "pointer-events": "none" }, piece.health));
    root.append(g);
  }
  options.forEach((option, i) => {
    if (!option.cell) return;
    const rect = svg("rect", { x: option.cell[0], y: option.cell[1], width: 1, height: 1, class: "cell-option" });
    rect.append(svg("title", {}, option.label));
    rect.addEventListener("click", () => choose(p, i));
    root.append(rect);
  });
  box.append(root);
}

function drawZones(p) {
  const box = $("zones");
  box.replaceChildren();
  const options = choices(p);
  const order = (z) => (z.mine ? 0 : z.owner === null ? 1 : 2);
  const zones = [...p.zones].sort((a, b) => order(a) - order(b));
  for (const zone of zones) {
    const owner = zone.owner === null ? "" : (zone.mine ? "Your " : "Seat " + (zone.owner + 1) + "'s ");
    const div = el("div", "zone" + (zone.mine ? " mine" : ""));
    div.dataset.zone = zone.key;
    div.append(el("h3", null, owner + zone.name + " (" + zone.count + ")"));
    const cards = el("div", "cards");
    if (zone.pile) cards.append(el("span", "pile", zone.count + " card" + (zone.count === 1 ? "" : "s")));
    for (const card of zone.cards) cards.append(drawCard(p, card, options));
    div.append(cards);
    box.append(div);
  }
}

function drawCard(p, card, options) {
  if (!card) {
    const back = el("div", "card back");
    back.title = "a card you cannot see";
    return back;
  }
  const figure = el("figure", "card" + (card.down ? " down" : ""));
  figure.dataset.inst = String(card.inst);
  figure.title = card.name + (card.text ? ": " + card.text : "");
  if (card.face) {
    const img = el("img", "face");
    img.alt = card.name;
    img.src = base + "/face/" + encodeURIComponent(card.id) + ".png";
    figure.append(img);
  } else if (card.text) {
    figure.append(el("div", "text", card.text));
  }
  figure.append(el("figcaption", null, card.name + (card.down ? " (face down)" : "")));
  const index = options.findIndex((o) => o.card === card.inst);
  if (index >= 0) {
    figure.classList.add("can");
    figure.addEventListener("click", () => choose(p, index));
  }
  return figure;
}

function drawSeats(p) {
  const box = $("seats");
  box.replaceChildren();
  box.append(el("h2", null, "Seats"));
  p.seats.forEach((seat, i) => {
    const row = el("div", "seat" + (seat.you ? " you" : ""));
    row.append(el("span", null, seat.name + " (" + seat.agent + ")" + (seat.out ? " — out" : "") + (i === p.active ? " ◀" : "")));
    const vars = Object.entries(seat.vars).map(([k, v]) => k + " " + v).join(", ");
    if (vars) row.append(el("div", "vars", vars));
    box.append(row);
  });
  const game = Object.entries(p.game_vars).map(([k, v]) => k + " " + v).join(", ");
  if (game) box.append(el("div", "vars", "Game: " + game));
}

function drawLog(p) {
  const list = $("log");
  list.replaceChildren(...p.log.map((line) => el("li", null, line)));
  list.scrollTop = list.scrollHeight;
}

connect();
