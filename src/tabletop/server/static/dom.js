// Small helpers to build HTML and SVG elements.
const SVG = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [children].flat(Infinity)) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: `el("div", {class: "x"}, [children or text])`. */
export function el(tag, attrs, children) { return build(document.createElement(tag), attrs, children); }

/** An SVG element, as `el`. */
export function svg(tag, attrs, children) { return build(document.createElementNS(SVG, tag), attrs, children); }

/** Remove every child of `node`. */
export function clear(node) { while (node.firstChild) node.firstChild.remove(); }

/** Tokens `{kind: n}` as coloured chips. */
export function tokens(counts, empty = "none") {
  const entries = Object.entries(counts || {}).filter(([, n]) => n > 0);
  if (!entries.length) return el("span", { class: "none" }, empty);
  return el("span", {}, entries.map(([kind, n]) => el("span", { class: `token t-${kind}`, title: kind }, `${n} ${kind}`)));
}

/** A list of kinds `["sardine", ...]` as counts. */
export function countOf(list) {
  const counts = {};
  for (const kind of list || []) if (kind) counts[kind] = (counts[kind] || 0) + 1;
  return counts;
}

/** A titled panel. */
export function panel(title, children, attrs = {}) {
  return el("section", { class: "panel", ...attrs }, [el("h3", {}, title), children]);
}

/** Append `children` to `node`, skipping `null` and `false`. */
export function add(node, ...children) { return build(node, {}, children); }
