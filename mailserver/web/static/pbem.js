// The pages' only script (the Content Security Policy allows no other): deadlines in the
// reader's time zone, the order form's and the GM's ruling form's checks as you type.
// Without it the pages show UTC and the "Check" buttons ask the server.
"use strict";

function showLocalTimes() {
  for (const el of document.querySelectorAll("time.local")) {
    const when = new Date(el.getAttribute("datetime"));
    if (isNaN(when)) continue;
    el.title = el.textContent;
    // A deadline in full ("long" names the zone); a moment in a table short, on one line.
    const style = el.classList.contains("short")
      ? { dateStyle: "short", timeStyle: "short" }
      : { dateStyle: "full", timeStyle: "long" };
    el.textContent = when.toLocaleString(document.documentElement.lang || undefined, style);
  }
}

function listItem(text) {
  const li = document.createElement("li");
  li.textContent = text; // text only: nothing a player typed becomes markup
  return li;
}

function showCheck(box, result) {
  box.replaceChildren();
  const line = box.dataset.line;
  if (result.too_long) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = box.dataset.tooLong;
    box.append(p);
    return;
  }
  const sections = [
    // Understood; refused by the game (read, but the turn will not carry them out); errors.
    [box.dataset.understood, "understood", result.orders, (o) => o.text],
    [box.dataset.refused, "refused", result.refused, (r) => r.text + " – " + r.reason],
    [box.dataset.errors, "errors", result.errors, (e) => e.text + " – " + e.message],
  ];
  for (const [title, className, items, words] of sections) {
    if (!items.length) continue;
    const h = document.createElement("h3");
    h.textContent = title + " (" + items.length + ")";
    const ul = document.createElement("ul");
    ul.className = className;
    for (const item of items) ul.append(listItem(line + " " + item.line + ": " + words(item)));
    box.append(h, ul);
  }
}

// A form's text checked as it is typed: 300 ms after the last key the text goes to the
// form's data-check address with the form's token; answer(response) shows the answer,
// tooMany() a throttled one (the next key stroke asks again).
function checkWhileTyping(form, answer, tooMany) {
  const text = form.querySelector("textarea");
  const token = form.querySelector("input[name=csrf]").value;
  let timer = null;
  let asked = 0;
  async function check() {
    const mine = ++asked;
    const response = await fetch(form.dataset.check, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
      body: JSON.stringify({ text: text.value }),
      credentials: "same-origin",
    });
    if (mine !== asked) return; // a later check is under way
    if (response.status === 429) {
      tooMany();
      return;
    }
    await answer(response);
  }
  text.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  });
  if (text.value) check();
}

function checkAsYouType() {
  const form = document.getElementById("orders");
  const box = document.getElementById("check");
  if (!form || !box) return;
  checkWhileTyping(
    form,
    async (response) => {
      if (response.ok) showCheck(box, await response.json());
    },
    () => {
      const p = document.createElement("p");
      p.className = "error";
      p.textContent = box.dataset.tooMany;
      box.replaceChildren(p);
    },
  );
}

function showVerdicts(list, result) {
  list.replaceChildren();
  if (result.error) {
    const li = listItem(result.error);
    li.className = "error";
    list.append(li);
    return;
  }
  for (const v of result.lines) {
    const li = listItem(v.text + " – " + v.message);
    li.value = v.line; // the number of the line it judges
    li.className = v.ok ? "ok" : "error";
    list.append(li);
  }
}

// The GM's ruling form (the workbench): each typed line's verdict beside it, as giving
// the rulings now would judge it; nothing is stored.
function checkRulingsAsYouType() {
  const form = document.getElementById("ruling-form");
  const list = document.getElementById("verdicts");
  if (!form || !list) return;
  checkWhileTyping(
    form,
    async (response) => {
      const result = await response.json();
      if (response.ok || result.error) showVerdicts(list, result);
    },
    () => showVerdicts(list, { error: list.dataset.tooMany }),
  );
}

document.addEventListener("DOMContentLoaded", () => {
  // Each on its own: a browser that cannot do one still does the others.
  for (const start of [showLocalTimes, checkAsYouType, checkRulingsAsYouType]) {
    try { start(); } catch (error) { console.error(error); }
  }
});
