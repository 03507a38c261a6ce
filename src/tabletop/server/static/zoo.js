// Spółka ZOO: the three company boards with share prices, the warehouse with fruit prices,
// the influence row, the helper market with card texts, every seat's pool, and one's own
// hidden goal and intrigues.
import { add, el, tokens, panel } from "./dom.js";

const ACTIONS = {
  share: "Buy shares",
  fruit: "Buy or sell fruit",
  helper: "Hire a helper",
  lobby: "Lobby (influence)",
  speculate: "Speculate",
  duplicate: "Duplicate an action",
};

function zooCard(id, info, cls = "") {
  const card = info.cards?.[id];
  const kind = card?.kind === "company" ? "influence" : card?.kind;
  if (!card) return el("div", { class: `card ${cls}`, "data-ref": id }, el("div", { class: "name" }, id === "?" || !id ? "face down" : id));
  return el("div", { class: `card ${cls}`, "data-ref": id, "data-el": `${kind}:${id}` }, [
    el("div", { class: "name" }, card.name),
    card.cost ? el("div", { class: "meta" }, ["costs ", tokens(card.cost), card.glory != null ? ` · ${card.glory} glory` : ""]) : null,
    el("div", { class: "text" }, card.text),
  ]);
}

function track(price) {
  const cells = [];
  for (let n = 0; n <= Math.max(10, price); n += 1) cells.push(el("span", { class: n === price ? "at" : "" }, String(n)));
  return el("div", { class: "price-track" }, cells);
}

/** Draw a Spółka ZOO document into `root`. */
export function drawZoo(root, doc, info) {
  const s = doc.view.state;
  const companies = el("div", { class: "row" }, (s.board || []).map((fruit, i) => el("div", { class: "company", "data-ref": fruit, "data-el": `company:${fruit}` }, [
    el("h3", {}, `${fruit[0].toUpperCase()}${fruit.slice(1)} company`),
    el("div", { "data-ref": `share:${fruit}` }, [`Share price ${s.share_price[i]}`, track(s.share_price[i])]),
    el("div", {}, ["Fruit on the board: ", tokens(s.company_fruit?.[i], "none")]),
    el("div", { class: "meta" }, `Shares held: ${(s.seats || []).map((seat, n) => `seat ${n}: ${seat.shares[i]}`).join(", ")}`),
  ])));
  const warehouse = el("div", { class: "row" }, (s.board || []).map((fruit, i) => el("div", { class: "card", "data-ref": `fruit:${fruit}` }, [
    el("div", { class: "name" }, fruit), el("div", {}, `price ${s.fruit_price[i]} · ${s.warehouse?.[fruit] ?? 0} in the warehouse`),
  ])));
  const played = new Set((s.seats?.[doc.seat ?? -1]?.played) || []);
  const actions = el("div", { class: "row" }, Object.entries(ACTIONS).map(([name, text]) => el("div", { class: "card action-space", "data-ref": `pick:${name}` }, [
    el("div", { class: "name" }, text), played.has(name) ? el("div", { class: "meta" }, "you used it this round") : null,
  ])));
  const pools = el("div", { class: "row" }, (s.seats || []).map((seat, n) => {
    const mine = n === doc.seat;
    return el("div", { class: `card pool${mine ? " secret" : ""}`, "data-seat": n }, [
      el("div", { class: "name" }, `Seat ${n}${mine ? " (you)" : ""}${seat.bot ? " (bot)" : ""}${s.flow.player === n && doc.turn !== "over" ? " · to play" : ""}`),
      el("div", {}, `${seat.money} coins`),
      el("div", {}, ["fruit: ", tokens(seat.fruit)]),
      el("div", {}, `shares: ${(s.board || []).map((f, i) => `${f} ${seat.shares[i]}`).join(", ")}`),
      el("div", {}, `helpers: ${seat.helpers.map((h) => info.cards?.[h]?.name || h).join(", ") || "none"}`),
      el("div", { class: "meta" }, `actions used: ${seat.played.join(", ") || "none"}`),
      mine && seat.goal ? el("div", { "data-testid": "goal" }, ["Your hidden goal: ", zooCard(seat.goal, info, "secret")]) : null,
      mine && seat.intrigues.length ? el("div", { "data-testid": "intrigues" }, ["Your intrigues: ", el("div", { class: "row" }, seat.intrigues.map((c) => zooCard(c, info, "secret")))]) : null,
      !mine && (seat.goal || seat.intrigues.length) ? el("div", { class: "meta" }, "goal and intrigues: hidden") : null,
    ]);
  }));
  add(root,
    el("div", { class: "panel" }, el("h3", {}, `Round ${s.flow.round} · turn ${s.turn?.number ?? ""} · ${s.flow.phase}${s.flow.step ? ` (${s.flow.step})` : ""}`)),
    panel("Companies", companies, { "data-testid": "companies" }),
    panel("Warehouse and fruit prices", warehouse, { "data-testid": "warehouse" }),
    panel("Actions", actions),
    panel("Influence row", el("div", { class: "row" }, (s.piles?.influence_row || []).map((c) => zooCard(c, info))), { "data-testid": "influence" }),
    panel("Helper market", el("div", { class: "row" }, (s.piles?.helper_row || []).map((c) => zooCard(c, info))), { "data-testid": "helpers" }),
    panel("Players", pools, { "data-testid": "pools" }),
  );
}
