// Archipel (co-operative): the map with its areas, channels and storm spaces, the fish spots
// (face up or face down), the boats, and each island's shop and market.
import { add, el, svg, tokens, panel } from "./dom.js";

const FISH = { blue: "#2f6fd6", green: "#2f9e4a", orange: "#f08a24", purple: "#8a4fc2", red: "#d33b2f", yellow: "#e6c02a", shark: "#555" };

function cardName(id, info) {
  const card = info.cards?.[id];
  if (!card) return id.replace(/-/g, " ");
  return card.group === "bait" ? `${card.colour} bait` : card.group === "jerrycan" ? `${card.colour} jerrycan` : id.replace(/-/g, " ");
}

// Where each drawn place is on the map: the server's board data gives every harbour, home port,
// fish spot and storm space of the match's own archipelago its x/y.
function placesOf(board) {
  const places = {};
  for (const thing of [...(board.islands || []), ...(board.home_ports || []), ...(board.spots || [])]) places[thing.id] = [thing.x, thing.y];
  for (const channel of board.channels || []) for (const space of channel.spaces) places[space.id] = [space.x, space.y];
  return places;
}

function drawMap(doc, info) {
  const s = doc.view.state;
  const board = doc.board;
  const places = placesOf(board);
  const xs = (board.areas || []).map((a) => a.x);
  const ys = (board.areas || []).map((a) => a.y);
  const left = Math.min(...xs) - 130;
  const top = Math.min(...ys) - 130;
  const width = Math.max(...xs) - left + 130;
  const height = Math.max(...ys) - top + 130;
  const map = svg("svg", { viewBox: `${left} ${top} ${width} ${height}`, role: "img", "aria-label": board.name || "the archipelago", "font-family": "sans-serif", "data-board": board.name || "" });
  for (const c of board.channels || []) {
    map.append(svg("line", { x1: c.from.x, y1: c.from.y, x2: c.to.x, y2: c.to.y, stroke: "#4a90b8", "stroke-width": 14, "stroke-opacity": 0.35 }));
  }
  for (const a of board.areas || []) {
    map.append(svg("circle", { cx: a.x, cy: a.y, r: 100, fill: "#b9dcf0", stroke: "#7fb3d5", "data-area": a.id }));
    map.append(svg("text", { x: a.x, y: a.y - 104, "text-anchor": "middle", "font-size": 13, "font-style": "italic", fill: "#2c5d7c" }, a.name));
  }
  for (const space of (board.channels || []).flatMap((c) => c.spaces)) {
    const { x, y } = space;
    const card = space.storm;
    map.append(svg("g", { "data-ref": space.id, "data-el": space.element, class: "storm" }, [
      svg("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 3, fill: card ? "#5b2a86" : "#fff", stroke: "#333" }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: card ? "#fff" : "#222" }, card ? "⛈" : String(space.number)),
      svg("circle", { cx: x, cy: y, r: 22, fill: "transparent", class: "hit" }),
      svg("title", {}, card ? `storm space ${space.number}: ${cardName(card, info)}` : `storm space ${space.number}`),
    ]));
  }
  const shut = new Set(s.shut || []);
  for (const island of board.islands || []) {
    const { x, y } = island;
    const gone = shut.has(island.id) || (s.short && island.pagoda);
    map.append(svg("g", { "data-ref": island.id, "data-el": island.element, class: "island" }, [
      svg("circle", { cx: x, cy: y, r: 18, fill: gone ? "#9e9e9e" : "#6dbb5a", stroke: "#3d6b30" }),
      ...island.orders.map((colour, j) => svg("circle", { cx: x - 5 + 10 * j, cy: y - 4, r: 4.5, fill: FISH[colour] || colour, stroke: "#222" })),
      svg("text", { x, y: y + 30, "text-anchor": "middle", "font-size": 11, "font-weight": "bold" }, island.id),
      svg("circle", { cx: x, cy: y, r: 26, fill: "transparent", class: "hit" }),
      svg("title", {}, `${island.name}: orders ${island.orders.join(" and ")}${gone ? " (shut)" : ""}`),
    ]));
  }
  for (const home of board.home_ports || []) {
    const { x, y } = home;
    map.append(svg("g", { "data-ref": home.id, "data-el": home.element, class: "home" }, [
      svg("rect", { x: x - 11, y: y - 11, width: 22, height: 22, fill: home.colour, stroke: "#222" }),
      svg("circle", { cx: x, cy: y, r: 22, fill: "transparent", class: "hit" }),
      svg("title", {}, `${home.colour} home port`),
    ]));
  }
  for (const spot of board.spots || []) {
    const { x, y, id } = spot;
    const up = spot.face_up && spot.fish && spot.fish !== "unseen";
    const fill = !spot.fish ? "none" : up ? FISH[spot.fish] || "#888" : "#1d3f5e";
    map.append(svg("g", { "data-ref": id, "data-el": spot.element, class: "spot" }, [
      svg("circle", { cx: x, cy: y, r: 12, fill, stroke: spot.fish ? "#0c2233" : "#7fb3d5", "stroke-dasharray": spot.fish ? null : "3 2" }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, up ? (spot.fish === "shark" ? "🦈" : "") : spot.fish ? "?" : ""),
      svg("circle", { cx: x, cy: y, r: 20, fill: "transparent", class: "hit" }),
      svg("title", {}, `${id}: ${!spot.fish ? "no fish" : up ? `${spot.fish}, face up` : `a face-down fish${spot.fish !== "unseen" ? ` (${spot.fish}, remembered)` : ""}`}`),
    ]));
  }
  (board.boats || []).forEach((boat, i) => {
    const [x, y] = places[boat.at] || [0, 0];
    const dx = x + 20 + i * 8;
    const dy = y - 22 - i * 6;
    map.append(svg("g", { class: "boat-piece", "data-boat": boat.colour, "data-el": boat.element, transform: `translate(${dx} ${dy}) scale(1.6) translate(${-dx} ${-dy})` }, [
      svg("path", { d: `M ${dx - 12} ${dy} L ${dx + 12} ${dy} L ${dx + 7} ${dy + 8} L ${dx - 7} ${dy + 8} Z`, fill: boat.colour, stroke: "#111", "stroke-width": 1.5 }),
      svg("line", { x1: dx, y1: dy, x2: dx, y2: dy - 14, stroke: "#111", "stroke-width": 1.5 }),
      svg("path", { d: `M ${dx} ${dy - 14} L ${dx + 9} ${dy - 4} L ${dx} ${dy - 4} Z`, fill: "#fff", stroke: "#111" }),
      svg("title", {}, `${boat.colour} boat at ${boat.at}`),
    ]));
  });
  return map;
}

/** Draw an Archipel document into `root`: the map and the islands from the match's board data. */
export function drawArchipel(root, doc, info) {
  const s = doc.view.state;
  const board = doc.board;
  const boats = el("div", { class: "row" }, (s.boats || []).map((boat, i) => el("div", { class: "card", "data-boat": boat.colour }, [
    el("div", { class: "name" }, `${boat.colour} boat (seat ${i})${s.flow.player === i && doc.turn !== "over" ? " (to play)" : ""}`),
    el("div", {}, `at ${boat.at} · fuel ${boat.fuel}`),
    el("div", {}, ["fish: ", tokens(boat.fish, "none")]),
    el("div", {}, ["cards: ", Object.entries(boat.cards || {}).map(([c, n]) => el("span", { class: "chip", "data-ref": c }, `${n}× ${cardName(c, info)} `))]),
  ])));
  const shut = s.shut || [];
  const shops = el("div", { class: "row" }, (board.islands || []).map((island) => el("div", { class: `card shop${shut.includes(island.id) ? " shut" : ""}`, "data-island": island.id }, [
    el("div", { class: "name" }, island.name),
    el("div", { class: "meta" }, `orders ${island.orders.join(" + ")}${shut.includes(island.id) ? " · shut" : ""}`),
    el("div", {}, ["shop: ", Object.entries(island.shop || {}).map(([c, n]) => el("span", { class: "chip", "data-ref": `${island.id}:${c}` }, `${n}× ${cardName(c, info)} `))]),
    el("div", {}, ["market: ", tokens(island.market, "no fish yet")]),
  ])));
  add(root,
    el("div", { class: "panel" }, [el("h3", {}, `Round ${s.flow.round} · ${s.flow.phase}${s.short ? " · short game" : ""}`),
      el("div", {}, `Fish still face down: ${Object.values(s.unseen || {}).reduce((a, b) => a + b, 0)} · supply ${s.supply}`),
      el("div", {}, ["Warehouse: ", Object.entries(s.warehouse || {}).map(([c, n]) => `${n}× ${cardName(c, info)}`).join(", ") || "empty"])]),
    el("p", { class: "meta", "data-testid": "board-name" }, board.name),
    el("div", { class: "map panel", "data-testid": "map" }, drawMap(doc, info)),
    panel("Boats", boats, { "data-testid": "boats" }),
    panel("Islands: shops and markets", shops, { "data-testid": "shops" }),
  );
}
