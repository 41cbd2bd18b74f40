// The map on a seat's and the GM's page (docs/web.md): pointing at or tapping a place
// shows what the viewer's printout says of it (the place's <title>), its links, and the
// distance from it beside every other place; + and − (or the wheel) zoom, dragging moves.
// Everything it shows is in the SVG already: the server put only the viewer's knowledge
// there. Without the script the places' titles still show as tooltips.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function setUpMap(box) {
  const svg = box.querySelector("svg.map");
  const info = box.querySelector("#map-info");
  if (!svg || !info) return;
  const places = [...svg.querySelectorAll("g.place")];
  const byNumber = new Map(places.map((g) => [g.dataset.n, g]));
  const full = svg.viewBox.baseVal;
  const home = { x: full.x, y: full.y, w: full.width, h: full.height };
  let view = { ...home };
  let active = null;

  function centre(g) {
    const b = g.querySelector("circle, rect").getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: b.width / 2 };
  }

  function clear() {
    for (const el of svg.querySelectorAll(".reach")) el.remove();
    for (const el of svg.querySelectorAll(".lit")) el.classList.remove("lit");
  }

  function show(g) {
    if (active === g) return;
    active = g;
    clear();
    g.classList.add("lit");
    const lines = [g.querySelector("title").textContent];
    const n = g.dataset.n;
    if (g.dataset.links) {
      for (const line of svg.querySelectorAll(`line[data-a="${n}"], line[data-b="${n}"]`)) {
        line.classList.add("lit");
      }
      const names = g.dataset.links.split(" ").map((m) => {
        const other = byNumber.get(m);
        return other ? other.querySelector("text.label").textContent : m;
      });
      lines.push(box.dataset.links + ": " + names.join(", "));
    }
    if (g.dataset.d) {
      const distances = g.dataset.d.split(" ");
      places.forEach((other, i) => {
        if (other === g || distances[i] === "-1") return;
        const c = centre(other);
        const t = document.createElementNS(SVG_NS, "text");
        t.setAttribute("class", "reach");
        t.setAttribute("x", c.x - c.r - 2);
        t.setAttribute("y", c.y + c.r + 12);
        t.setAttribute("text-anchor", "end");
        t.textContent = distances[i];
        svg.append(t);
      });
      lines.push(box.dataset.distances);
    }
    info.textContent = lines.join("\n");
  }

  for (const g of places) {
    g.addEventListener("mouseenter", () => show(g));
    g.addEventListener("focus", () => show(g));
    g.addEventListener("click", () => show(g));
  }

  // Zoom and pan: the SVG's viewBox, kept inside the whole map.
  function apply() {
    view.w = Math.min(home.w, Math.max(home.w / 8, view.w));
    view.h = (view.w * home.h) / home.w;
    view.x = Math.min(home.x + home.w - view.w, Math.max(home.x, view.x));
    view.y = Math.min(home.y + home.h - view.h, Math.max(home.y, view.y));
    svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
    svg.classList.toggle("zoomed", view.w < home.w);
  }

  function zoom(factor, cx, cy) {
    const x = cx ?? view.x + view.w / 2;
    const y = cy ?? view.y + view.h / 2;
    view = { x: x - (x - view.x) / factor, y: y - (y - view.y) / factor, w: view.w / factor };
    apply();
  }

  function toMap(clientX, clientY) {
    const r = svg.getBoundingClientRect();
    return {
      x: view.x + ((clientX - r.left) / r.width) * view.w,
      y: view.y + ((clientY - r.top) / r.height) * view.h,
    };
  }

  const tools = box.querySelector(".map-tools");
  tools.hidden = false;
  tools.addEventListener("click", (e) => {
    const what = e.target.closest("button")?.dataset.zoom;
    if (what === "in") zoom(1.5);
    if (what === "out") zoom(1 / 1.5);
    if (what === "reset") {
      view = { ...home };
      apply();
    }
  });
  svg.addEventListener(
    "wheel",
    (e) => {
      if (!svg.classList.contains("zoomed") && e.deltaY > 0) return; // the page scrolls on
      e.preventDefault();
      const p = toMap(e.clientX, e.clientY);
      zoom(e.deltaY < 0 ? 1.25 : 1 / 1.25, p.x, p.y);
    },
    { passive: false },
  );

  // Dragging moves a zoomed map; two fingers pinch. A tap stays a tap.
  const pointers = new Map();
  let pinch = 0;
  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  svg.addEventListener("pointermove", (e) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    if (pointers.size === 2) {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const [a, b] = [...pointers.values()];
      const now = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch > 0 && now > 0) {
        const p = toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
        zoom(now / pinch, p.x, p.y);
      }
      pinch = now;
      return;
    }
    if (!svg.classList.contains("zoomed")) return;
    const r = svg.getBoundingClientRect();
    view.x -= ((e.clientX - last.x) / r.width) * view.w;
    view.y -= ((e.clientY - last.y) / r.height) * view.h;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    apply();
  });
  for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
    svg.addEventListener(end, (e) => {
      pointers.delete(e.pointerId);
      pinch = 0;
    });
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("map-box");
  if (box) setUpMap(box);
});
