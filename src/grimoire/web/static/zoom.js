// An SVG board on a phone: drawn at the scale where its smallest text reads at 12 px, panned
// inside its frame (it opens on the viewer's own piece), zoomed with − / + / "fit to screen",
// and every clickable thing smaller than a fingertip (44 px) gets an invisible pad of that size
// behind the drawing that takes the taps around it. Wide screens keep the board fitted as drawn.
import { t } from "./language.js";

export const NARROW = "(max-width: 700px)";
export const MIN_TEXT = 12; // px: the smallest text on a phone
export const MIN_TARGET = 44; // px: the smallest tap target on a phone
const MAX_SCALE = 4;
const STEP = 1.25;
const SVG_NS = "http://www.w3.org/2000/svg";

// The person's choice, kept from one move to the next: null (the readable scale), "fit", or a
// scale they zoomed to.
let chosen = null;

function button(text, attrs, onclick) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = "button";
  node.textContent = text;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.addEventListener("click", onclick);
  return node;
}

// The drawing's own size (its width and height attributes, else its viewBox).
function naturalSize(svg) {
  const width = parseFloat(svg.getAttribute("width"));
  const height = parseFloat(svg.getAttribute("height"));
  if (width > 0 && height > 0) return [width, height];
  const box = svg.viewBox && svg.viewBox.baseVal;
  return box && box.width ? [box.width, box.height] : [0, 0];
}

// The scale at which the drawing's smallest text is MIN_TEXT px (at least 1: never shrunk).
export function readableScale(svg) {
  let smallest = Infinity;
  for (const node of svg.querySelectorAll("text")) {
    if (!node.textContent.trim()) continue;
    const size = parseFloat(getComputedStyle(node).fontSize);
    if (size > 0) smallest = Math.min(smallest, size);
  }
  return smallest === Infinity ? 1 : Math.min(MAX_SCALE, Math.max(1, MIN_TEXT / smallest));
}

// Size the board in `holder` for this screen and put the zoom buttons before it; `keep`: the
// frame's scroll position before a redraw (a new move keeps the view). A wide screen: nothing.
export function frameBoard(board, holder, keep) {
  const svg = holder.querySelector("svg");
  if (!svg || !window.matchMedia(NARROW).matches) return;
  const [width, height] = naturalSize(svg);
  if (!width) return;
  const readable = readableScale(svg);
  const tools = document.createElement("div");
  tools.className = "board-tools";
  const apply = () => {
    const fit = chosen === "fit";
    const scale = fit ? null : chosen === null ? readable : chosen;
    board.classList.toggle("zoomed", !fit);
    svg.style.width = fit ? "" : `${width * scale}px`;
    svg.style.height = fit ? "" : `${height * scale}px`;
    svg.dataset.scale = fit ? "fit" : scale.toFixed(3);
    toggle.textContent = fit ? t("Readable size") : t("Fit to screen");
    toggle.dataset.zoom = fit ? "readable" : "fit";
    padTargets(board);
  };
  const zoomBy = (factor) => {
    const now = chosen === "fit" ? holder.clientWidth / width : chosen === null ? readable : chosen;
    // keep the middle of the frame where it is
    const middle = [
      (holder.scrollLeft + holder.clientWidth / 2) / (svg.clientWidth || 1),
      (holder.scrollTop + holder.clientHeight / 2) / (svg.clientHeight || 1),
    ];
    chosen = Math.min(MAX_SCALE, now * factor);
    if (chosen <= holder.clientWidth / width) chosen = "fit";
    apply();
    holder.scrollLeft = middle[0] * svg.clientWidth - holder.clientWidth / 2;
    holder.scrollTop = middle[1] * svg.clientHeight - holder.clientHeight / 2;
  };
  const toggle = button("", {}, () => {
    chosen = chosen === "fit" ? null : "fit";
    apply();
  });
  tools.append(
    button("−", { "aria-label": t("Zoom out"), title: t("Zoom out"), "data-zoom-step": "out" }, () => zoomBy(1 / STEP)),
    button("+", { "aria-label": t("Zoom in"), title: t("Zoom in"), "data-zoom-step": "in" }, () => zoomBy(STEP)),
    toggle,
  );
  board.prepend(tools);
  apply();
  if (keep) [holder.scrollLeft, holder.scrollTop] = keep;
}

// Scroll a zoomed board's frame to the first element matching one of `selectors` (in order).
export function openOn(board, selectors) {
  const holder = board.querySelector(".svg-board");
  if (!holder || !board.classList.contains("zoomed")) return;
  const piece = selectors.filter(Boolean).map((s) => holder.querySelector(`svg ${s}`)).find(Boolean);
  if (!piece) return;
  const box = piece.getBoundingClientRect();
  const frame = holder.getBoundingClientRect();
  holder.scrollLeft += box.left + box.width / 2 - (frame.left + holder.clientWidth / 2);
  holder.scrollTop += box.top + box.height / 2 - (frame.top + holder.clientHeight / 2);
}

// Pads: for each clickable thing of a zoomed board drawn smaller than MIN_TARGET px, an
// invisible rectangle of at least that size centred on it, in a layer behind the drawing. On
// a zoomed board only the clickable things and the pads take taps (CSS), so a tap on a pad is
// a tap in the empty space around a piece, and it goes to that piece; the pieces' own shapes,
// drawn above, still take the taps that land on them.
export function padTargets(board) {
  const svg = board.querySelector(".svg-board svg");
  if (!svg) return;
  svg.querySelector(":scope > g.gr-pads")?.remove();
  if (!board.classList.contains("zoomed")) return;
  const matrix = svg.getScreenCTM();
  if (!matrix) return;
  const toSvg = matrix.inverse();
  const unit = (MIN_TARGET + 0.5) / matrix.a; // MIN_TARGET px in the drawing's units, rounded up
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "gr-pads");
  let index = 0;
  for (const node of svg.querySelectorAll(".gr-clickable")) {
    const box = node.getBoundingClientRect();
    if (box.width >= MIN_TARGET && box.height >= MIN_TARGET) continue;
    const centre = new DOMPoint(box.left + box.width / 2, box.top + box.height / 2).matrixTransform(toSvg);
    const w = Math.max(box.width / matrix.a, unit);
    const h = Math.max(box.height / matrix.d, unit);
    const pad = document.createElementNS(SVG_NS, "rect");
    pad.setAttribute("class", "gr-pad");
    pad.setAttribute("x", (centre.x - w / 2).toFixed(1));
    pad.setAttribute("y", (centre.y - h / 2).toFixed(1));
    pad.setAttribute("width", w.toFixed(1));
    pad.setAttribute("height", h.toFixed(1));
    pad.setAttribute("fill", "transparent");
    node.dataset.pad = String(index);
    pad.dataset.padFor = String(index);
    index += 1;
    pad.addEventListener("click", (event) => {
      event.preventDefault();
      node.dispatchEvent(
        new MouseEvent("click", { bubbles: true, cancelable: true, clientX: event.clientX, clientY: event.clientY }),
      );
    });
    layer.append(pad);
  }
  if (index) svg.prepend(layer);
}
