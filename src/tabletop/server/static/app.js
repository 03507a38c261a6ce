// The tabletop web client: a lobby, and each game drawn as a table from the seat's document.
// Plain ES module, no build step. The API it speaks is described in docs/server.md.
import { drawConservas } from "./conservas.js";
import { drawArchipel } from "./archipel.js";
import { drawZoo } from "./zoo.js";
import { el, clear } from "./dom.js";

const main = document.getElementById("main");
const statusLine = document.getElementById("status");
const DRAW = { conservas: drawConservas, archipel: drawArchipel, spolka_zoo: drawZoo };
let games = [];
let content = {};
let live = null; // the open match: {id, socket, doc, closed}

async function getJSON(url, init) {
  const answer = await fetch(url, init);
  const body = await answer.json().catch(() => ({ error: `HTTP ${answer.status}` }));
  if (!answer.ok) throw Object.assign(new Error(body.error || `HTTP ${answer.status}`), { field: body.field });
  return body;
}

function seatKey(match) { return `tabletop:${match}`; }
function mySeat(match) {
  try { return JSON.parse(localStorage.getItem(seatKey(match)) || "null"); } catch { return null; }
}
function setStatus(text, offline = false) {
  statusLine.textContent = text;
  statusLine.classList.toggle("offline", offline);
}

// ---------------------------------------------------------------- lobby
function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.kind === "flag") {
    input = el("input", { type: "checkbox", id, name: option.name });
    input.checked = Boolean(option.default);
  } else if (option.kind === "choice") {
    input = el("select", { id, name: option.name },
      (option.choices || []).map((c) => el("option", { value: JSON.stringify(c) }, c === "" ? "(default)" : String(c).split("/").pop())));
    input.value = JSON.stringify(option.default);
  } else if (option.kind === "integer") {
    input = el("input", { type: "number", id, name: option.name, value: option.default ?? "" });
    if (option.low != null) input.min = option.low;
    if (option.high != null) input.max = option.high;
  } else if (option.kind === "open") {
    // Typed text: the named values and, once the other options are read, every value they allow.
    const list = el("datalist", { id: `${id}-values` }, (option.choices || []).map((c) => el("option", { value: c })));
    input = el("input", { type: "text", id, name: option.name, value: option.default ?? "", list: list.id, autocomplete: "off" });
    input.dataset.kind = option.kind;
    return el("div", { class: "option" }, [el("label", { for: id }, option.label || option.name), input, list,
      el("div", { class: "error option-error", id: `${id}-error` }),
      option.doc ? el("div", { class: "doc" }, option.doc) : null]);
  } else if (option.kind === "subset") {
    input = el("span", { id, class: "subset" }, (option.choices || []).map((c) => el("label", {}, [
      el("input", { type: "checkbox", value: c, checked: (option.default || []).includes(c) ? "" : null }), ` ${c} `])));
  } else {
    input = el("input", { type: "text", id, name: option.name, value: option.default ?? "" });
  }
  input.dataset.kind = option.kind;
  return el("div", { class: "option" }, [el("label", { for: id }, option.label || option.name), input,
    option.doc ? el("div", { class: "doc" }, option.doc) : null]);
}

function readOption(box, option) {
  const input = box.querySelector(`#opt-${option.name}`);
  if (option.kind === "flag") return input.checked;
  if (option.kind === "choice") return JSON.parse(input.value);
  if (option.kind === "integer") return Number(input.value);
  if (option.kind === "subset") return [...input.querySelectorAll("input:checked")].map((i) => i.value);
  if (option.kind === "open") return input.value.trim();
  return input.value;
}

function seatChoice(game, n, bot = false) {
  const kinds = bot ? [["bot deck", "the game's bot (its bot deck)"]]
    : [["human", "a person"], ...game.agents.map((a) => [`agent:${a}`, `agent: ${a}`])];
  return el("label", {}, [`Seat ${n} `, el("select", { class: "seat-kind", "data-seat": n },
    kinds.map(([value, text]) => el("option", { value }, text)))]);
}

function gameBox(game) {
  const box = el("section", { class: "card-box game", "data-game": game.name });
  const seatsOption = game.options.find((o) => o.name === "players");
  const seats = el("div", { class: "seats-form" });
  const botsOption = game.options.find((o) => o.name === "bots");
  const settable = game.options.filter((o) => o.settable !== false);
  const count = () => (seatsOption
    ? Number(readOption(box, seatsOption)) + (botsOption ? Number(readOption(box, botsOption)) : 0)
    : Number(box.querySelector(".seat-count")?.value || game.min_seats));
  let layout = null; // the server's seats for the options ("open" or "bot deck"), when it has been asked
  const drawSeats = () => {
    const kinds = [...seats.querySelectorAll(".seat-kind")].map((s) => s.value).filter((k) => k !== "bot deck");
    clear(seats);
    const places = layout || Array.from({ length: count() }, () => "open");
    let people = 0;
    places.forEach((place, n) => {
      const choice = seatChoice(game, n, place === "bot deck");
      const select = choice.querySelector("select");
      if (place !== "bot deck") {
        select.value = kinds[people] || (people === 0 ? "human" : game.agents.includes("greedy") ? "agent:greedy" : `agent:${game.agents[0]}`);
        people += 1;
      }
      seats.append(choice);
    });
  };
  // Games whose options place the seats (Spółka ZOO's bots and seating): ask the server, which
  // checks the options as a new match would and names the option it refuses.
  const asksLayout = game.options.some((o) => o.kind === "open" || o.name === "bots");
  let asked = 0;
  const askLayout = async () => {
    const mine = (asked += 1);
    const options = {};
    for (const option of settable) options[option.name] = readOption(box, option);
    seats.classList.add("pending");
    let answer = null;
    let refusal = null;
    try {
      answer = await getJSON(`/api/games/${game.name}/seats`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ options }) });
    } catch (error) { refusal = error; }
    if (mine !== asked) return; // a later change asked again
    box.querySelectorAll(".option-error").forEach((e) => { e.textContent = ""; });
    box.querySelectorAll("input[list]").forEach((i) => i.setCustomValidity(""));
    if (answer) {
      layout = answer.seats;
      for (const [name, values] of Object.entries(answer.values || {})) {
        const list = box.querySelector(`#opt-${name}-values`);
        if (list) { clear(list); values.forEach((v) => list.append(el("option", { value: v }))); }
      }
      message.textContent = "";
      start.disabled = false;
    } else {
      const field = (refusal.field || "").replace(/^options\./, "");
      const input = box.querySelector(`#opt-${field}`);
      const where = box.querySelector(`#opt-${field}-error`);
      if (input && input.setCustomValidity) input.setCustomValidity(refusal.message);
      (where || message).textContent = refusal.message;
      start.disabled = true;
    }
    drawSeats();
    seats.classList.remove("pending");
  };
  const form = el("div", {}, settable.map(optionInput));
  box.append(el("h2", {}, game.title || game.name), form);
  if (!seatsOption && game.max_seats > 1) {
    const range = [];
    for (let n = game.min_seats; n <= game.max_seats; n += 1) range.push(n);
    box.append(el("label", {}, ["Seats ", el("select", { class: "seat-count" }, range.map((n) => el("option", { value: n }, String(n))))]));
  }
  box.append(el("h3", {}, "Who sits where"), seats);
  const seed = el("input", { type: "number", class: "seed", placeholder: "random" });
  box.append(el("div", { class: "option" }, [el("label", {}, "Seed (optional: the same seed deals the same game)"), seed]));
  const message = el("div", { class: "error" });
  const start = el("button", { class: "create" }, `Start ${game.title || game.name}`);
  box.append(start, message);
  const optionChanged = (event) => {
    if (asksLayout && event.target.closest(".option")) askLayout();
    else if (event.target.classList.contains("seat-count") || ["opt-players", "opt-bots"].includes(event.target.id)) drawSeats();
  };
  box.addEventListener("change", optionChanged);
  box.addEventListener("input", (event) => { if (event.target.dataset.kind === "open") optionChanged(event); });
  start.addEventListener("click", async () => {
    const options = {};
    for (const option of settable) options[option.name] = readOption(box, option);
    const body = { game: game.name, options, seats: [...seats.querySelectorAll(".seat-kind")].map((s) => s.value) };
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const made = await getJSON("/api/matches", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      localStorage.setItem(seatKey(made.match), JSON.stringify({ seat: made.seat, token: made.token }));
      location.hash = `#/match/${made.match}`;
    } catch (error) { message.textContent = error.message; }
  });
  drawSeats();
  if (asksLayout) askLayout();
  return box;
}

async function join(match, seat) {
  const joined = await getJSON(`/api/matches/${match}/seats/${seat}`, { method: "POST" });
  localStorage.setItem(seatKey(match), JSON.stringify({ seat: joined.seat, token: joined.token }));
  location.hash = `#/match/${match}`;
}

async function showLobby() {
  clear(main);
  setStatus("");
  main.append(el("h2", {}, "New game"), el("div", { class: "games" }, games.map(gameBox)));
  const list = el("ul", { class: "lobby-list" });
  main.append(el("h2", {}, "Open matches"), list);
  let matches = [];
  try { matches = await getJSON("/api/matches"); } catch (error) { list.append(el("li", { class: "error" }, error.message)); }
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title || g.name]));
  for (const m of matches.filter((x) => !x.over).slice(0, 30)) {
    const mine = mySeat(m.match);
    const open = m.seats.filter((s) => s.kind === "human" && !s.taken);
    list.append(el("li", { "data-match": m.match }, [
      `${titles[m.game] || m.game} · ${m.match} · seats: ${m.seats.map((s) => (s.kind === "human" ? (s.taken ? "person" : "open") : s.kind.replace("agent:", "agent "))).join(", ")} `,
      mine ? el("button", { onclick: () => { location.hash = `#/match/${m.match}`; } }, `Back to seat ${mine.seat}`) : null,
      ...open.map((s) => el("button", { class: "join", onclick: () => join(m.match, s.seat).catch((e) => alert(e.message)) }, `Join seat ${s.seat}`)),
      el("button", { onclick: () => { location.hash = `#/match/${m.match}`; } }, "Watch"),
    ]));
  }
  if (!list.children.length) list.append(el("li", {}, "No open match: start one above."));
}

// ---------------------------------------------------------------- a match
function connect(id) {
  const me = mySeat(id);
  const state = { id, socket: null, doc: null, closed: false, tries: 0, error: "" };
  live = state;
  const open = () => {
    if (state.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${id}`);
    state.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify(me ? { type: "hello", token: me.token } : { type: "hello" }));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "document") {
        state.tries = 0;
        state.error = "";
        state.doc = message.document;
        setStatus("connected");
        drawMatch(state);
      } else if (message.type === "error") {
        state.error = message.error;
        if (state.doc) drawMatch(state); else { clear(main); main.append(el("p", { class: "error" }, message.error)); }
      }
    });
    socket.addEventListener("close", () => {
      if (state.closed || state.socket !== socket) return;
      state.tries += 1;
      const wait = Math.min(3000, 250 * 2 ** Math.min(state.tries, 4));
      setStatus(`connection lost, reconnecting (try ${state.tries})…`, true);
      setTimeout(open, wait);
    });
  };
  state.ping = setInterval(() => { if (state.socket?.readyState === 1) state.socket.send('{"type":"ping"}'); }, 20000);
  open();
}

function send(message) {
  if (!live?.socket || live.socket.readyState !== 1) {
    live.error = "not connected: the move was not sent (reconnecting…)";
    drawMatch(live);
    return;
  }
  closeMenu();
  live.socket.send(JSON.stringify(message));
}

function closeMenu() { document.querySelectorAll(".menu").forEach((m) => m.remove()); }

function showMenu(anchor, moves) {
  closeMenu();
  const box = anchor.getBoundingClientRect();
  const menu = el("div", { class: "menu", role: "menu" }, [
    ...moves.map((m) => el("button", { class: "menu-move", "data-move": m.move, onclick: () => send({ type: "move", move: m.move }) }, m.label || m.move)),
    el("button", { class: "menu-cancel", onclick: closeMenu }, "cancel"),
  ]);
  document.body.append(menu);
  const left = Math.max(4, Math.min(box.left, window.innerWidth - menu.offsetWidth - 4));
  const top = Math.max(4, Math.min(box.bottom + 4, window.innerHeight - menu.offsetHeight - 4));
  menu.style.left = `${left}px`;
  menu.style.top = `${top}px`;
}

// The drawn element a move acts on: its notation's words, tried as `verb:first`, `word:next`
// and single words against the elements' data-ref (or the server's `target`).
function drawn(root, ref) {
  const key = CSS.escape(ref);
  return root.querySelectorAll(`[data-el="${key}"], [data-ref="${key}"]`);
}

function elementFor(root, move) {
  if (move.target && drawn(root, move.target).length) return move.target;
  const words = move.move.split(/\s+/);
  const parts = words.slice(1).flatMap((w) => w.split(","));
  const tries = [`${words[0]}:${parts[0]}`];
  for (let i = 0; i + 1 < parts.length; i += 1) tries.push(`${parts[i]}:${parts[i + 1]}`);
  tries.push(...parts);
  return tries.find((ref) => ref && drawn(root, ref).length) || null;
}

function wireMoves(root, legal, actions) {
  const byRef = new Map();
  const loose = [];
  for (const move of legal) {
    const ref = elementFor(root, move);
    if (ref) { if (!byRef.has(ref)) byRef.set(ref, []); byRef.get(ref).push(move); } else loose.push(move);
  }
  for (const [ref, moves] of byRef) {
    for (const node of drawn(root, ref)) {
      node.classList.add("can");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", moves.length === 1 ? moves[0].label || moves[0].move : `${moves.length} moves`);
      const act = (event) => {
        event.stopPropagation();
        if (moves.length === 1) send({ type: "move", move: moves[0].move }); else showMenu(node, moves);
      };
      node.addEventListener("click", act);
      node.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") act(event); });
    }
  }
  for (const move of loose) {
    actions.append(el("button", { class: "action", "data-move": move.move, onclick: () => send({ type: "move", move: move.move }) }, move.label || move.move));
  }
}

function turnText(doc) {
  if (doc.turn === "over") return "The game is over.";
  if (doc.turn === "chance") return "Dealing…";
  if (doc.seat != null && doc.turn === doc.seat) return "Your turn.";
  const kind = doc.seats[doc.turn]?.kind || "";
  return `Seat ${doc.turn}'s turn${kind.startsWith("agent") ? ` (${kind.replace("agent:", "agent ")})` : ""}.`;
}

function outcomeBox(doc) {
  if (!doc.outcome) return null;
  const summary = doc.outcome.summary || {};
  return el("div", { class: "outcome now", "data-testid": "outcome" }, [el("h3", {}, "Result"),
    el("ul", {}, Object.entries(summary).map(([k, v]) => el("li", {}, `${k}: ${v}`))),
    el("div", {}, `Scores: ${(doc.outcome.returns || []).map((r, i) => `seat ${i}: ${r}`).join(", ")}`)]);
}

function drawMatch(state) {
  const doc = state.doc;
  if (!doc) return;
  const scroll = main.querySelector(".log")?.scrollTop;
  clear(main);
  closeMenu();
  const board = el("div", { class: "board", "data-game": doc.game, "data-step": doc.step, "data-turn": doc.turn });
  const draw = DRAW[doc.game];
  if (draw) draw(board, doc, content[doc.game] || {}); else board.append(el("pre", {}, JSON.stringify(doc.view, null, 1)));
  const actions = el("div", { class: "actions" });
  if (doc.seat != null && doc.turn === doc.seat) wireMoves(board, doc.legal, actions);
  if (doc.can_undo) actions.append(el("button", { class: "undo", onclick: () => send({ type: "undo" }) }, "Undo my last move"));
  const input = el("input", { type: "text", class: "move-input", list: "legal-moves", placeholder: "a move in notation", "aria-label": "move in notation" });
  const notation = el("form", { class: "notation" }, [input, el("button", { type: "submit" }, "Play")]);
  notation.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) send({ type: "move", move: input.value.trim() });
  });
  const datalist = el("datalist", { id: "legal-moves" }, doc.legal.map((m) => el("option", { value: m.move })));
  const log = el("ul", { class: "log" },
    doc.events.slice(-200).map((e) => el("li", { "data-ply": e.ply, "data-seat": e.seat ?? "" }, e.text)));
  const seats = el("ul", { class: "seat-list" }, doc.seats.map((s) => el("li", {},
    `Seat ${s.seat}: ${s.kind === "human" ? (s.taken ? "person" : "open") : s.kind.replace("agent:", "agent ")}${s.seat === doc.seat ? " (you)" : ""}`)));
  const side = el("aside", { class: "side" }, [
    el("div", { class: "panel now" }, [el("div", { class: "turn", "data-testid": "turn" }, turnText(doc)),
      doc.seat == null ? el("div", {}, "You are watching.") : el("div", {}, `You sit in seat ${doc.seat}.`),
      state.error ? el("div", { class: "error", "data-testid": "error" }, state.error) : null]),
    outcomeBox(doc),
    doc.seat != null && doc.turn === doc.seat ? el("div", { class: "panel now" }, [el("h3", {}, "Moves"),
      el("div", { class: "hint" }, "Click a highlighted piece on the table, a button here, or type the move."), actions, notation, datalist]) : null,
    el("div", { class: "panel" }, [el("h3", {}, "What happened"), log]),
    el("div", { class: "panel" }, [el("h3", {}, "Seats"), seats]),
  ]);
  main.append(el("h2", {}, `${doc.title || doc.game} · step ${doc.step}`), el("div", { class: "table" }, [board, side]));
  const newLog = main.querySelector(".log");
  newLog.scrollTop = scroll == null ? newLog.scrollHeight : newLog.scrollHeight;
}

// ---------------------------------------------------------------- routing
function route() {
  if (live) {
    live.closed = true;
    clearInterval(live.ping);
    live.socket?.close();
    live = null;
  }
  closeMenu();
  const match = location.hash.match(/^#\/match\/([\w-]+)/);
  if (match) { clear(main); main.append(el("p", {}, "Connecting…")); connect(match[1]); } else showLobby();
}

document.addEventListener("click", (event) => { if (!event.target.closest(".menu")) closeMenu(); });
window.addEventListener("hashchange", route);
document.getElementById("home").addEventListener("click", (event) => { event.preventDefault(); location.hash = "#/"; });

async function start() {
  for (;;) {
    try {
      [games, content] = await Promise.all([getJSON("/api/games"), getJSON("/static/content.json")]);
      break;
    } catch (error) {
      setStatus(`cannot reach the server (${error.message}); retrying…`, true);
      await new Promise((r) => setTimeout(r, 1500));
    }
  }
  route();
}
start();
