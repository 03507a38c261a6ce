// Archipel (co-operative): the map with its areas, channels and storm spaces, the fish spots
// (face up or face down), the boats, and each island's shop and market.
import { add, el, svg, tokens, panel } from "./dom.js";

const FISH = { blue: "#2f6fd6", green: "#2f9e4a", orange: "#f08a24", purple: "#8a4fc2", red: "#d33b2f", yellow: "#e6c02a", shark: "#555" };

function cardName(id, info) {
  const card = info.cards?.[id];
  if (!card) return id.replace(/-/g, " ");
  return card.group === "bait" ? `${card.colour} bait` : card.group === "jerrycan" ? `${card.colour} jerrycan` : id.replace(/-/g, " ");
}

function drawMap(doc, info) {
  const s = doc.view.state;
  const places = info.places || {};
  const xs = Object.values(places).map((p) => p[0]);
  const ys = Object.values(places).map((p) => p[1]);
  const left = Math.min(...xs) - 70;
  const top = Math.min(...ys) - 70;
  const width = Math.max(...xs) - left + 70;
  const height = Math.max(...ys) - top + 70;
  const map = svg("svg", { viewBox: `${left} ${top} ${width} ${height}`, role: "img", "aria-label": "the archipelago", "font-family": "sans-serif" });
  for (const c of info.channels || []) {
    map.append(svg("line", { x1: c.from[0], y1: c.from[1], x2: c.to[0], y2: c.to[1], stroke: "#4a90b8", "stroke-width": 14, "stroke-opacity": 0.35 }));
  }
  for (const a of info.areas || []) {
    map.append(svg("circle", { cx: a.x, cy: a.y, r: 100, fill: "#b9dcf0", stroke: "#7fb3d5" }));
    map.append(svg("text", { x: a.x, y: a.y - 104, "text-anchor": "middle", "font-size": 13, "font-style": "italic", fill: "#2c5d7c" }, a.name));
  }
  (info.storms || []).forEach((id, i) => {
    const [x, y] = places[id] || [0, 0];
    const card = s.storms?.[i];
    map.append(svg("g", { "data-ref": id, "data-el": `storm:${id}`, class: "storm" }, [
      svg("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 3, fill: card ? "#5b2a86" : "#fff", stroke: "#333" }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: card ? "#fff" : "#222" }, card ? "⛈" : id.slice(1)),
      svg("circle", { cx: x, cy: y, r: 22, fill: "transparent", class: "hit" }),
      svg("title", {}, card ? `storm space ${id.slice(1)}: ${cardName(card, info)}` : `storm space ${id.slice(1)}`),
    ]));
  });
  const shut = new Set(s.shut || []);
  for (const island of info.islands || []) {
    const [x, y] = places[island.id] || [0, 0];
    const gone = shut.has(island.id) || (s.short && island.pagoda);
    map.append(svg("g", { "data-ref": island.id, "data-el": `island:${island.id}`, class: "island" }, [
      svg("circle", { cx: x, cy: y, r: 18, fill: gone ? "#9e9e9e" : "#6dbb5a", stroke: "#3d6b30" }),
      ...island.market.map((colour, j) => svg("circle", { cx: x - 5 + 10 * j, cy: y - 4, r: 4.5, fill: FISH[colour] || colour, stroke: "#222" })),
      svg("text", { x, y: y + 30, "text-anchor": "middle", "font-size": 11, "font-weight": "bold" }, island.id),
      svg("circle", { cx: x, cy: y, r: 26, fill: "transparent", class: "hit" }),
      svg("title", {}, `${island.name}: orders ${island.market.join(" and ")}${gone ? " (shut)" : ""}`),
    ]));
  }
  for (const home of info.homes || []) {
    const [x, y] = places[home.id] || [0, 0];
    map.append(svg("g", { "data-ref": home.id, "data-el": `home:${home.id}`, class: "home" }, [
      svg("rect", { x: x - 11, y: y - 11, width: 22, height: 22, fill: home.colour, stroke: "#222" }),
      svg("circle", { cx: x, cy: y, r: 22, fill: "transparent", class: "hit" }),
      svg("title", {}, `${home.colour} home port`),
    ]));
  }
  (info.spots || []).forEach((id, i) => {
    const [x, y] = places[id] || [0, 0];
    const spot = s.spots?.[i] || {};
    const up = spot.face_up && spot.fish && spot.fish !== "unseen";
    const fill = !spot.fish ? "none" : up ? FISH[spot.fish] || "#888" : "#1d3f5e";
    map.append(svg("g", { "data-ref": id, "data-el": `spot:${id}`, class: "spot" }, [
      svg("circle", { cx: x, cy: y, r: 12, fill, stroke: spot.fish ? "#0c2233" : "#7fb3d5", "stroke-dasharray": spot.fish ? null : "3 2" }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, up ? (spot.fish === "shark" ? "🦈" : "") : spot.fish ? "?" : ""),
      svg("circle", { cx: x, cy: y, r: 20, fill: "transparent", class: "hit" }),
      svg("title", {}, `${id}: ${!spot.fish ? "no fish" : up ? `${spot.fish}, face up` : `a face-down fish${spot.fish !== "unseen" ? ` (${spot.fish}, remembered)` : ""}`}`),
    ]));
  });
  (s.boats || []).forEach((boat, i) => {
    const [x, y] = places[boat.at] || [0, 0];
    const dx = x + 20 + i * 8;
    const dy = y - 22 - i * 6;
    map.append(svg("g", { class: "boat-piece", "data-boat": boat.colour, "data-el": `boat:${i}`, transform: `translate(${dx} ${dy}) scale(1.6) translate(${-dx} ${-dy})` }, [
      svg("path", { d: `M ${dx - 12} ${dy} L ${dx + 12} ${dy} L ${dx + 7} ${dy + 8} L ${dx - 7} ${dy + 8} Z`, fill: boat.colour, stroke: "#111", "stroke-width": 1.5 }),
      svg("line", { x1: dx, y1: dy, x2: dx, y2: dy - 14, stroke: "#111", "stroke-width": 1.5 }),
      svg("path", { d: `M ${dx} ${dy - 14} L ${dx + 9} ${dy - 4} L ${dx} ${dy - 4} Z`, fill: "#fff", stroke: "#111" }),
      svg("title", {}, `${boat.colour} boat at ${boat.at}`),
    ]));
  });
  return map;
}

/** Draw an Archipel document into `root`. */
export function drawArchipel(root, doc, info) {
  const s = doc.view.state;
  const custom = s.board && s.board !== "";
  const boats = el("div", { class: "row" }, (s.boats || []).map((boat, i) => el("div", { class: "card", "data-boat": boat.colour }, [
    el("div", { class: "name" }, `${boat.colour} boat${s.flow.player === i && doc.turn !== "over" ? " (to play)" : ""}`),
    el("div", {}, `at ${boat.at} · fuel ${boat.fuel}`),
    el("div", {}, ["fish: ", tokens(boat.fish, "none")]),
    el("div", {}, ["cards: ", Object.entries(boat.cards || {}).map(([c, n]) => el("span", { class: "chip", "data-ref": c }, `${n}× ${cardName(c, info)} `))]),
  ])));
  const islands = info.islands || [];
  const shops = el("div", { class: "row" }, islands.map((island, i) => el("div", { class: `card shop${(s.shut || []).includes(island.id) ? " shut" : ""}` }, [
    el("div", { class: "name" }, island.name),
    el("div", { class: "meta" }, `orders ${island.market.join(" + ")}${(s.shut || []).includes(island.id) ? " · shut" : ""}`),
    el("div", {}, ["shop: ", Object.entries(s.shops?.[i] || {}).map(([c, n]) => el("span", { class: "chip", "data-ref": `${island.id}:${c}` }, `${n}× ${cardName(c, info)} `))]),
    el("div", {}, ["market: ", tokens(s.markets?.[i], "no fish yet")]),
  ])));
  add(root,
    el("div", { class: "panel" }, [el("h3", {}, `Round ${s.flow.round} · ${s.flow.phase}${s.short ? " · short game" : ""}`),
      el("div", {}, `Fish still face down: ${Object.values(s.unseen || {}).reduce((a, b) => a + b, 0)} · supply ${s.supply}`),
      el("div", {}, ["Warehouse: ", Object.entries(s.warehouse || {}).map(([c, n]) => `${n}× ${cardName(c, info)}`).join(", ") || "empty"])]),
    custom ? el("p", {}, `This match uses its own board (${s.board}); the map below is the reference archipelago's.`) : null,
    el("div", { class: "map panel", "data-testid": "map" }, drawMap(doc, info)),
    panel("Boats", boats, { "data-testid": "boats" }),
    panel("Islands: shops and markets", shops, { "data-testid": "shops" }),
  );
}
