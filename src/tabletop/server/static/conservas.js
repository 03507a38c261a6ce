// Conservas (solo): the bag, the fleet with catch slots, Open Water, the market grid, the
// rows of boats and upgrades with their texts, and the goal's progress.
import { add, el, tokens, panel } from "./dom.js";

function boatCard(id, info, extra = {}) {
  const boat = info.boats?.[id] || { name: id };
  return el("div", { class: "card boat", "data-ref": id, "data-el": `boat:${id}`, ...extra }, [
    el("div", { class: "name" }, boat.name),
    el("div", { class: "meta" }, `catch ${boat.catch ?? "?"} · costs ${boat.cost ?? "?"} € · upkeep ${boat.upkeep ?? "?"} €`),
  ]);
}

function upgradeCard(id, info, kept) {
  const card = info.upgrades?.[id] || { name: id };
  return el("div", { class: "card upgrade", "data-ref": id, "data-el": `upgrade:${id}` }, [
    el("div", { class: "name" }, card.name),
    el("div", { class: "text" }, card.text || ""),
    el("div", { class: "meta" }, `${card.phase ? card.phase.replace(/_/g, " ") : ""} · ${card.frequency ? card.frequency.replace(/_/g, " ") : ""} · pay ${card.cost || "?"}`),
    kept && Object.keys(kept).length ? el("div", {}, ["kept: ", tokens(kept)]) : null,
  ]);
}

function goalRows(goal, s, cards) {
  const rows = [];
  if (goal.money) rows.push([`money ≥ ${goal.money} €`, s.money, goal.money]);
  for (const [kind, n] of Object.entries(goal.fish || {})) rows.push([`${kind} in the bag ≥ ${n}`, s.bag?.contents?.[kind] || 0, n]);
  if (goal.boats) rows.push([`boats ≥ ${goal.boats}`, (cards.fleet || []).length, goal.boats]);
  if (goal.upgrades) rows.push([`upgrades ≥ ${goal.upgrades}`, (cards.upgrades || []).length, goal.upgrades]);
  return el("ul", { class: "goal" }, rows.map(([text, have, need]) => el("li", {}, [
    `${text}: ${have} `, el("progress", { max: need, value: Math.min(have, need) }), have >= need ? " ✔" : ""])));
}

/** Draw a Conservas document into `root`. */
export function drawConservas(root, doc, info) {
  const s = doc.view.state;
  const cards = s.cards || {};
  const month = info.months?.[s.month] || { name: s.month, spaces: [], rounds: "?" };
  const goal = month[s.goal] || {};
  const top = el("div", { class: "row" }, [
    panel(`${month.name} · round ${s.flow.round} of ${month.rounds} · ${s.flow.phase}`, [
      el("div", { class: "money" }, `Money: ${s.money} €`),
      el("div", {}, ["In the bag: ", tokens(s.bag?.contents)]),
      el("div", { "data-ref": "bag", class: "bag" }, ["In hand (drawn): ", tokens(s.hand, "nothing")]),
      s.to_return ? el("div", {}, `Return ${s.to_return} token(s) to the bag.`) : null,
      el("div", {}, ["Caught (in the hold): ", tokens(s.catch, "nothing")]),
    ], { "data-testid": "bag" }),
    panel(`Goal (${s.goal}): win at the end of ${month.name}`, goalRows(goal, s, cards), { "data-testid": "goal" }),
  ]);
  const used = new Set(s.used || []);
  const fleet = el("div", { class: "row" }, [
    el("div", { class: "card boat open-water", "data-ref": "open-water" }, [
      el("div", { class: "name" }, "Open Water"),
      el("div", { class: "meta" }, used.has("open-water") ? "used this round" : "place a handful here"),
      el("div", {}, tokens(s.deep, "empty")),
    ]),
    ...(cards.fleet || []).map((id) => {
      const card = boatCard(id, info);
      const size = info.boats?.[id]?.catch || 0;
      const slots = el("div", { class: "slots" });
      for (let i = 0; i < size; i += 1) slots.append(el("span", { class: "token t-water", title: "catch slot" }, "□"));
      card.append(slots, used.has(id) ? el("div", { class: "meta" }, "used this round") : null);
      return card;
    }),
  ]);
  const grid = el("div", { class: "market", style: `grid-template-columns: repeat(${Math.max(1, ...month.spaces.map((x) => x.col))}, minmax(0, 1fr))` });
  month.spaces.forEach((space, i) => {
    const filled = s.market?.[i];
    grid.append(el("div", { class: `space${filled ? " filled" : ""}`, "data-ref": space.id, "data-el": `market:${space.id}`, style: `grid-row: ${space.row}; grid-column: ${space.col}` }, [
      el("div", {}, tokens(space.needs)), el("div", { class: "price" }, `${space.price} €`), filled ? el("div", {}, "filled") : null,
    ]));
  });
  add(root,
    top,
    panel("Your boats and Open Water", fleet, { "data-testid": "fleet" }),
    panel(`Market (${month.fill === "rows" ? "fill each row from the left" : month.fill === "columns" ? "fill each column from the top" : "fill in any order"})`, grid, { "data-testid": "market" }),
    (cards.offer || []).length ? panel("Choose your first boat", el("div", { class: "row" }, cards.offer.map((id) => boatCard(id, info)))) : null,
    el("section", { class: "panel", "data-ref": "boats" }, [el("h3", {}, "Boats for sale"), el("div", { class: "row" }, (cards.boat_row || []).map((id) => boatCard(id, info)))]),
    el("section", { class: "panel", "data-ref": "upgrades" }, [el("h3", {}, "Upgrades for sale"), el("div", { class: "row" }, (cards.upgrade_row || []).map((id) => upgradeCard(id, info)))]),
    panel("Your upgrades", el("div", { class: "row" }, (cards.upgrades || []).map((u) => upgradeCard(u.card, info, u.kept)))),
  );
}
