// The preview's script: stack clue cards (only the common holes stay open, R5.3),
// show a place's facts, ask the solver's witness (R6.1); with --serve, reload on save.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const places = data.places, cards = data.cards, n = places.length;
  const words = Math.max(1, Math.ceil(n / 32));
  const $ = (id) => document.getElementById(id);

  function bits(hex) {  // a hex bitset (bit i = place i) as 32-bit words
    const out = new Uint32Array(words);
    for (let w = 0, end = hex.length; w < words && end > 0; w++, end -= 8) {
      out[w] = parseInt(hex.slice(Math.max(0, end - 8), end), 16) >>> 0;
    }
    return out;
  }
  const holes = cards.map((c) => bits(c.holes));
  const has = (b, i) => (b[i >>> 5] >>> (i & 31)) & 1;
  const zones = places.map((_, i) => $("z" + i));
  const cities = places.map((_, i) => $("c" + i));
  const buttons = Array.from(document.querySelectorAll(".card"));
  const selected = new Set();
  let open = null;  // the bitset of open places (null: no card stacked)
  let focused = -1, hovered = -1;

  function stack() {
    if (selected.size === 0) { open = null; return; }
    const acc = new Uint32Array(words).fill(0xffffffff);
    for (const c of selected) { const h = holes[c]; for (let w = 0; w < words; w++) acc[w] &= h[w]; }
    open = acc;
  }

  const state = new Int8Array(n).fill(1);  // 0 shut, 1 no card stacked, 2 open under the stack
  let single = -1;
  function paint() {
    let count = 0, last = -1;
    for (let i = 0; i < n; i++) {
      const o = open === null ? 1 : has(open, i);
      const s = open === null ? 1 : (o ? 2 : 0);
      if (o) { count++; last = i; }
      if (state[i] !== s) {
        if (zones[i]) zones[i].classList.toggle("shut", s === 0);
        if (cities[i]) cities[i].classList.toggle("hole", s === 2);
        state[i] = s;
      }
    }
    const one = open !== null && count === 1 ? last : -1;
    if (one !== single) {
      if (single >= 0 && zones[single]) zones[single].classList.remove("open-one");
      if (one >= 0 && zones[one]) zones[one].classList.add("open-one");
      single = one;
    }
    const status = $("status");
    if (!status) return;
    status.classList.toggle("isolated", open !== null && count === 1);
    if (open === null) status.textContent = `No card stacked: all ${n} places open`;
    else if (count === 1) status.textContent = `isolated: ${places[last].id} (${places[last].city})`;
    else if (count === 0) status.textContent = "No place open: these cards share no hole";
    else status.textContent = `${count} of ${n} places open (${selected.size} card${selected.size > 1 ? "s" : ""})`;
    buttons.forEach((b) => {
      const c = +b.dataset.c;
      if (!cards[c].failure) b.setAttribute("aria-pressed", selected.has(c) ? "true" : "false");
    });
  }

  function update() {
    stack(); paint();
    if (single >= 0 && single !== focused) focus(single);  // the isolated place's facts
    remember();
  }

  function toggle(c) {
    if (cards[c].failure) return;
    if (selected.has(c)) selected.delete(c); else selected.add(c);
    update();
  }

  const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
  const title = (c) => esc(cards[c].title);

  function facts(i) {
    const box = $("facts");
    if (!box) return;
    if (i < 0) { box.innerHTML = '<p class="note">Hover or focus a place to see its facts.</p>'; return; }
    const p = places[i];
    const row = (k, v) => `<dt>${k}</dt><dd>${v}</dd>`;
    const links = p.links.map(([z, kind]) => esc(z) + (kind === "mountain" ? " (path)" : "")).join(", ") || "none";
    let html = `<h3>${esc(p.id)} — ${esc(p.city)}</h3><dl>`;
    html += row("size", `${esc(p.size)} (${p.value})`);
    html += row("region", `${esc(p.region)} ${esc(p.regionName)}`);
    const tags = [...(p.coastal ? ["coastal"] : []), ...p.tags];
    html += row("tags", tags.length ? tags.map(esc).join(", ") : "none");
    html += row("neighbours", links);
    if ("soldiers" in p) {
      const setup = [];
      if (p.soldiers) setup.push(`${p.soldiers} soldier${p.soldiers > 1 ? "s" : ""}`);
      if (p.officers) setup.push(`${p.officers} officer${p.officers > 1 ? "s" : ""}`);
      if (p.cubes) setup.push(`${p.cubes} cube${p.cubes > 1 ? "s" : ""}`);
      if (p.start) setup.push("players start here");
      if (p.candidate) setup.push("objective candidate");
      html += row("setup", setup.join(", ") || "empty");
    }
    if (cards.length) {
      const here = [];
      cards.forEach((c, k) => { if (!c.failure && has(holes[k], i)) here.push(k); });
      html += row("holes", `${here.length} card${here.length === 1 ? "" : "s"}: ` +
        (here.map(title).join(", ") || "none"));
      if (p.isolatable) {
        html += row("isolate", `${p.min} card${p.min > 1 ? "s" : ""}: ${p.witness.map(title).join(" + ")}`);
      } else if (p.allowed === false) {
        html += row("isolate", "not an allowed place (D6.1)");
      } else if ("isolatable" in p) {
        html += row("isolate", "cannot be isolated (R6.1)" +
          (p.lookalikes && p.lookalikes.length ? `: looks like ${p.lookalikes.map(esc).join(", ")}` : ""));
      }
    }
    box.innerHTML = html + "</dl>";
    buttons.forEach((b) => b.classList.toggle("has", !cards[+b.dataset.c].failure && has(holes[+b.dataset.c], i)));
  }

  function focus(i) {
    if (focused >= 0 && zones[focused]) zones[focused].classList.remove("focused");
    focused = i;
    if (i >= 0 && zones[i]) zones[i].classList.add("focused");
    const sel = $("place");
    if (sel && i >= 0) sel.value = String(i);
    const w = $("witness");
    if (w) {
      const p = places[i];
      w.disabled = !(p && p.isolatable);
      w.textContent = p ? `Minimum witness for ${p.id}` : "Minimum witness";
    }
    facts(i);
    remember();
  }

  zones.forEach((z, i) => {
    if (!z) return;
    z.addEventListener("mouseenter", () => { hovered = i; facts(i); });
    z.addEventListener("mouseleave", () => { hovered = -1; facts(focused); });
    z.addEventListener("click", () => focus(i));
    z.addEventListener("focus", () => focus(i));
    z.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); focus(i); } });
  });
  buttons.forEach((b) => b.addEventListener("click", () => toggle(+b.dataset.c)));
  const sel = $("place");
  if (sel) sel.addEventListener("change", () => focus(+sel.value));
  const clear = $("clear");
  if (clear) clear.addEventListener("click", () => { selected.clear(); update(); });
  const witness = $("witness");
  if (witness) witness.addEventListener("click", () => {
    const p = places[focused];
    if (!p || !p.isolatable) return;
    selected.clear();
    p.witness.forEach((c) => selected.add(c));
    update();
  });

  // the stack and the focused place live in the address (#cards=a,b&place=N-E 7):
  // a reload (--serve) or a shared link shows the same view
  function remember() {
    const ids = [...selected].map((c) => encodeURIComponent(cards[c].id)).join(",");
    const place = focused >= 0 ? encodeURIComponent(places[focused].id) : "";
    const hash = `cards=${ids}&place=${place}`;
    if (location.hash.slice(1) !== hash) history.replaceState(null, "", "#" + hash);
  }
  function restore() {
    const q = new URLSearchParams(location.hash.slice(1));
    const byId = new Map(cards.map((c, k) => [c.id, k]));
    (q.get("cards") || "").split(",").filter(Boolean).forEach((id) => {
      const k = byId.get(id);
      if (k !== undefined && !cards[k].failure) selected.add(k);
    });
    const place = places.findIndex((p) => p.id === q.get("place"));
    stack(); paint();
    focus(place >= 0 ? place : (n ? 0 : -1));
  }
  // for tests and benchmarks: stack the given card ids, return the milliseconds it took
  window.previewStack = (ids) => {
    const t0 = performance.now();
    selected.clear();
    const byId = new Map(cards.map((c, k) => [c.id, k]));
    ids.forEach((id) => { const k = byId.get(id); if (k !== undefined) selected.add(k); });
    stack(); paint();
    return performance.now() - t0;
  };
  if (n) restore();

  // --serve: wait for the next version of the page, then reload (the stack stays in the address)
  const live = document.body.dataset.live;
  if (live !== undefined) {
    const wait = () => fetch(`/wait?v=${live}`, { cache: "no-store" })
      .then((r) => r.json())
      .then((j) => { if (j.version !== +live) location.reload(); else wait(); })
      .catch(() => setTimeout(wait, 1000));
    wait();
  }
})();
