// ledger viewer: the little that needs a script. Everything shown comes from the ledger, so it is
// put into the page as text (textContent), never as markup.
"use strict";

function jumpToTurn() {
  const form = document.getElementById("jump");
  if (!form) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const turn = parseInt(form.elements.turn.value, 10);
    const target = document.getElementById("turn-" + turn);
    if (target) {
      location.hash = "turn-" + turn;
      target.scrollIntoView();
    }
  });
}

// The static site has no server to filter the timeline: the form filters the rows in place.
function filterTimeline() {
  const form = document.getElementById("filters");
  if (!form || document.body.dataset.mode !== "static") return;
  const apply = () => {
    const want = Object.fromEntries(new FormData(form).entries());
    let shown = 0;
    const rows = document.querySelectorAll("li.session");
    for (const row of rows) {
      const d = row.dataset;
      const keep =
        (!want.project || d.project === want.project) &&
        (!want.agent || d.agent === want.agent) &&
        (!want.kind || d.kinds.split(" ").includes(want.kind)) &&
        (!want.status || d.statuses.split(" ").includes(want.status)) &&
        (!want.since || (d.day && d.day >= want.since)) &&
        (!want.until || (d.day && d.day <= want.until)) &&
        (want.ghosts || !d.ghost);
      row.hidden = !keep;
      if (keep) shown += 1;
    }
    for (const group of document.querySelectorAll("section.group")) {
      group.hidden = !group.querySelector("li.session:not([hidden])");
    }
    const count = document.getElementById("count");
    if (count) count.textContent = shown + " of " + rows.length + " sessions";
  };
  const params = new URLSearchParams(location.search);
  for (const [name, value] of params) {
    const field = form.elements[name];
    if (field && field.type === "checkbox") field.checked = value === "1";
    else if (field) field.value = value;
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = new URLSearchParams(new FormData(form)).toString();
    history.replaceState(null, "", query ? "?" + query : location.pathname);
    apply();
  });
  apply();
}

function score(item, words) {
  const title = item.t.toLowerCase();
  const text = [title, (item.p || "").toLowerCase(), (item.x || "").toLowerCase()].join(" ");
  let total = 0;
  for (const word of words) {
    if (!text.includes(word)) return 0;
    total += title.includes(word) ? 3 : 1;
  }
  return total;
}

function result(item, base) {
  const li = document.createElement("li");
  const kind = document.createElement("span");
  kind.className = "kind " + item.k;
  kind.textContent = item.k;
  const link = document.createElement("a");
  link.href = base + item.u;
  link.textContent = item.t;
  const when = document.createElement("span");
  when.className = "when";
  when.textContent = item.d;
  li.append(kind, " ", link, " ", when);
  if (item.x) {
    const snippet = document.createElement("p");
    snippet.className = "snippet";
    snippet.textContent = item.x;
    li.append(snippet);
  }
  return li;
}

// The static site's search: every word of the query in the title, project or text.
async function searchStatic() {
  const list = document.getElementById("results");
  const status = document.getElementById("search-status");
  if (!list || !status || document.body.dataset.mode !== "static") return;
  const query = new URLSearchParams(location.search).get("q") || "";
  const box = document.querySelector("form.search input[name=q]");
  if (box) box.value = query;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) {
    status.textContent = "Type words to search for.";
    return;
  }
  const base = document.body.dataset.base || "";
  let items;
  try {
    const answer = await fetch(base + "search.json");
    items = await answer.json();
  } catch (error) {
    return; // opened from disk: the note already says to serve the folder over HTTP
  }
  const found = items
    .map((item, order) => [score(item, words), order, item])
    .filter(([points]) => points > 0)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, 100);
  list.replaceChildren(...found.map(([, , item]) => result(item, base)));
  status.textContent = found.length + (found.length === 1 ? " result" : " results") + " for “" + query + "”";
}

document.addEventListener("DOMContentLoaded", () => {
  jumpToTurn();
  filterTimeline();
  searchStatic();
});
