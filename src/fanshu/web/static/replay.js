// The replay viewer (回放): a fanshu log (fanshu simulate --out, a game's log …) loaded
// from a file, dropped on the page or pasted, sent to POST /v1/replays; the server
// replays the game with the engine and answers its frames (the table after each
// event).  Step, scrub and play through them, from any seat's view (the others' hands
// hidden) or with every hand open; each win shows its fan table and total once it has
// happened.  A module of app.js, which hands it its helpers (texts, tiles, the API,
// fan tables) through initReplay: no text, tile drawing or request of its own.

let h = null; // the app's helpers (initReplay)
const rp = {
  text: "", // the log's text, as loaded
  source: "", // the file's name, or "" for pasted text
  data: null, // the answer of POST /v1/replays
  index: 0, // the frame shown
  view: "all", // "all": every hand open; else a seat number (as a string)
  timer: 0, // the play timer (0: paused)
  busy: false,
};
//: Milliseconds between frames when playing.
const PLAY_MS = 650;
const WINDS = ["E", "S", "W", "N"];

const $ = (sel, root = document) => root.querySelector(sel);

/** Start the viewer: the app's helpers, the controls' handlers. */
export function initReplay(helpers) {
  h = helpers;
  bind();
  renderReplay();
}

// ---------------------------------------------------------------------------- loading

async function load(text, source, game = null) {
  if (rp.busy) return;
  const t = text.trim();
  if (!t) {
    h.showError(new Error(h.t("rp.empty")));
    return;
  }
  rp.busy = true;
  renderBusy();
  try {
    const body = { log: text };
    if (game !== null) body.game = game;
    const out = await h.api("POST", "/v1/replays", body);
    pause();
    rp.text = text;
    rp.source = source;
    rp.data = out;
    rp.index = 0;
    if (rp.view !== "all" && Number(rp.view) >= out.seats) rp.view = "all";
    await h.loadRuleInfo(out.rules);
  } catch (err) {
    h.showError(err);
  } finally {
    rp.busy = false;
  }
  renderReplay();
}

async function loadFile(file) {
  if (!file) return;
  let text = "";
  try {
    text = await file.text();
  } catch (err) {
    h.showError(err);
    return;
  }
  await load(text, file.name);
}

// ---------------------------------------------------------------------------- stepping

function count() {
  return rp.data ? rp.data.frames.length : 0;
}

function go(i) {
  const n = count();
  if (!n) return;
  rp.index = Math.max(0, Math.min(n - 1, i));
  if (rp.index === n - 1) pause();
  renderReplay();
}

function pause() {
  if (rp.timer) clearInterval(rp.timer);
  rp.timer = 0;
}

function togglePlay() {
  if (rp.timer) {
    pause();
    renderReplay();
    return;
  }
  if (rp.index >= count() - 1) rp.index = 0;
  rp.timer = setInterval(() => go(rp.index + 1), PLAY_MS);
  renderReplay();
}

function bind() {
  const fileInput = $('[data-testid="replay-file"]');
  fileInput.addEventListener("change", () => loadFile(fileInput.files && fileInput.files[0]));
  const drop = $('[data-testid="replay-drop"]');
  drop.addEventListener("dragover", (e) => {
    e.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    const file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) loadFile(file);
    else if (e.dataTransfer) load(e.dataTransfer.getData("text/plain") || "", "");
  });
  $('[data-testid="replay-load"]').addEventListener("click", () => load($('[data-testid="replay-text"]').value, ""));
  $('[data-testid="replay-game"]').addEventListener("change", (e) => {
    if (rp.text) load(rp.text, rp.source, Number(e.target.value));
  });
  $('[data-testid="replay-view"]').addEventListener("change", (e) => {
    rp.view = e.target.value;
    renderReplay();
  });
  $('[data-testid="replay-first"]').addEventListener("click", () => go(0));
  $('[data-testid="replay-prev"]').addEventListener("click", () => go(rp.index - 1));
  $('[data-testid="replay-next"]').addEventListener("click", () => go(rp.index + 1));
  $('[data-testid="replay-last"]').addEventListener("click", () => go(count() - 1));
  $('[data-testid="replay-play"]').addEventListener("click", togglePlay);
  $('[data-testid="replay-slider"]').addEventListener("input", (e) => {
    pause();
    go(Number(e.target.value));
  });
  // the arrow keys step while the viewer is shown (not while typing)
  document.addEventListener("keydown", (e) => {
    if (document.body.dataset.tab !== "replay" || !rp.data) return;
    if (e.target.closest && e.target.closest("input, textarea, select")) return;
    if (e.key === "ArrowRight") go(rp.index + 1);
    else if (e.key === "ArrowLeft") go(rp.index - 1);
    else return;
    e.preventDefault();
  });
}

// ---------------------------------------------------------------------------- texts

/** A seat as the viewer names it: its number and who sat there (the log's players). */
function seatLabel(q) {
  const name = (rp.data.players || [])[q];
  return [h.t("rp.seat", q), name || ""].filter(Boolean).join(" · ");
}

function shortSeat(q) {
  return q === null || q === undefined ? "" : h.t("rp.seat", q);
}

/** Whether the view hides seat q's concealed tiles. */
function hidden(q) {
  return rp.view !== "all" && Number(rp.view) !== q;
}

/** A logged decision in words: its word in the interface's language where the catalog
 * has it (act.discard …), its tile by name ("discard 8m" → "discard 8 Characters"). */
function actionText(action) {
  const [word, tile] = String(action || "").split(" ");
  if (word === "void" && tile) return h.t("p.act.void", h.t(`suit.${tile[1]}`)); // 定缺 by the suit's 1
  const key = `act.${word}`;
  const said = h.t(key);
  return [said === key ? word : said, tile ? h.tileName(tile) : ""].filter(Boolean).join(" ");
}

function eventText(e) {
  const who = shortSeat(e.seat);
  const tile = (c) => (c ? h.tileName(c) : "");
  const secret = e.seat !== undefined && hidden(e.seat);
  switch (e.type) {
    case "start":
      return h.t("rp.ev.start", h.t(`rules.${e.rules}`), e.seed);
    case "deal":
      return h.t("rp.ev.deal");
    case "draw":
      return secret ? h.t("rp.ev.draw_hidden", who) : h.t("rp.ev.draw", who, tile(e.tile));
    case "flower":
      return h.t("rp.ev.flower", who, tile(e.tile));
    case "act":
      return secret ? h.t("rp.ev.act_hidden", who) : h.t("rp.ev.act", who, actionText(e.action));
    case "discard":
      return h.t("p.ev.discard", who, tile(e.tile));
    case "claim":
      return h.t("p.ev.claim", who, h.t(`kind.${e.kind}`) || e.kind, tile(e.tile));
    case "kong":
      return secret && e.kind === "concealed" ? h.t("rp.ev.kong_hidden", who) : h.t("p.ev.kong", who, tile(e.tile));
    case "robbed":
      return h.t("rp.ev.robbed", who, tile(e.tile));
    case "win":
      return h.t("p.ev.win", who, e.total);
    case "false_win":
      return h.t("p.ev.false_win", who);
    case "ready":
      return h.t("p.ev.ready", who);
    case "settle":
      return h.t("rp.ev.settle", (e.payments || []).map((p) => (p > 0 ? `+${p}` : `${p}`)).join(" / "));
    case "exchange":
      return h.t("p.ev.exchange");
    case "void":
      return h.t("p.ev.void", (e.suits || []).map((s, i) => `${shortSeat(i)} ${h.t(`suit.${s}`)}`).join(" · "));
    case "wildcard":
      return h.t("p.ev.wildcard", tile(e.tile));
    case "forfeit":
      return h.t("rp.ev.forfeit", who, e.reason || "");
    case "end":
      return h.t("rp.ev.end", h.t(`rp.result.${e.result}`));
    default:
      return secret || !e.tile ? h.t("rp.ev.other", who, e.type) : h.t("rp.ev.other_tile", who, e.type, tile(e.tile));
  }
}

// ---------------------------------------------------------------------------- drawing

function meldHTML(m, hide) {
  let codes = [];
  try {
    codes = h.meldTiles(h.parseMeld(m.replace(/^\[|\]$/g, "")));
  } catch {
    return `<code>${h.esc(m)}</code>`;
  }
  const concealedKong = /^\[[^\]]*[mpsESWNCFP]\]$/.test(m) && codes.length === 4;
  const faces = concealedKong ? (hide ? ["back", "back", "back", "back"] : ["back", codes[1], codes[2], "back"]) : codes;
  return `<span class="meld-shown" data-meld="${h.esc(hide && concealedKong ? "" : m)}">${h.tilesHTML(faces, { size: "sm" })}</span>`;
}

function seatHTML(f, q, position) {
  const d = rp.data;
  const s = f.seats[q];
  const hide = hidden(q);
  const e = f.event;
  const w = d.seats === 4 ? WINDS[(d.seat_winds || [])[q] ?? q] : null;
  const badges = [
    w ? `<span class="badge wind">${h.t(`wind.${w}`)}</span>` : "",
    d.dealer === q ? `<span class="badge dealer">${h.t("p.dealer")}</span>` : "",
    s.ready ? `<span class="badge ready">${h.t("p.ready")}</span>` : "",
    s.won ? `<span class="badge won">${h.t("p.won")}</span>` : "",
    s.void ? `<span class="badge void">${h.t("p.act.void", h.t(`suit.${s.void}`))}</span>` : "",
  ].join("");
  // the concealed tiles, sorted; the drawn tile set apart at the right
  let hand = h.sortTiles(s.hand);
  let drawn = null;
  if (f.turn === q && f.drawn && (e.type === "draw" || e.type === "flower" || e.type === "act")) {
    const i = hand.lastIndexOf(f.drawn);
    if (i >= 0) {
      drawn = f.drawn;
      hand = [...hand.slice(0, i), ...hand.slice(i + 1)];
    }
  }
  const face = (c, cls = "") => (hide ? h.tileHTML("back", { size: "sm", title: false, cls }) : h.tileHTML(c, { size: "sm", cls }));
  const handHTML = hand.map((c) => face(c)).join("") + (drawn ? `<span class="gap"></span>${face(drawn, "drawn")}` : "");
  const lastDiscard = e.type === "discard" && e.seat === q;
  const river = s.river.map((c, i) => h.tileHTML(c, { size: "xs", cls: lastDiscard && i === s.river.length - 1 ? "last" : "" })).join("");
  const exchange = s.exchange.length
    ? `<span class="rp-exchange" data-testid="replay-exchange-${q}">${h.tilesHTML(hide ? s.exchange.map(() => "back") : s.exchange, { size: "xs" })}</span>`
    : "";
  const flowers = s.flowers.length ? `<span class="flowers">${h.tilesHTML(s.flowers, { size: "xs" })}</span>` : "";
  const acting = e.seat === q ? " acting" : "";
  return (
    `<div class="seat seat-${position}${acting}${f.turn === q ? " turn" : ""}" data-testid="replay-seat-${q}" data-seat="${q}">` +
    `<div class="seat-head"><span class="seat-name">${h.esc(seatLabel(q))}</span>${badges}<span class="seat-score" data-testid="replay-score-${q}">${s.score}</span></div>` +
    `<div class="rp-hand" data-testid="replay-hand-${q}" data-hidden="${hide}" data-count="${s.hand.length}">${handHTML}</div>` +
    `<div class="seat-melds">${s.melds.map((m) => meldHTML(m, hide)).join("")}${flowers}${exchange}</div>` +
    `<div class="river" data-testid="replay-river-${q}">${river}</div>` +
    `</div>`
  );
}

function tableHTML(f) {
  const d = rp.data;
  const n = d.seats;
  const me = rp.view === "all" ? 0 : Number(rp.view);
  const order = n === 2 ? { top: (me + 1) % 2 } : { right: (me + 1) % 4, top: (me + 2) % 4, left: (me + 3) % 4 };
  const wild = d.frames.find((x) => x.event.type === "wildcard");
  const center =
    `<div class="center" data-testid="replay-center">` +
    `<div class="wall" data-testid="replay-wall">${h.esc(h.t("p.wall", f.wall))}</div>` +
    (wild && wild.seq <= f.seq ? `<div class="play-wild">${h.t("p.wild", h.tileHTML(wild.event.tile, { size: "sm" }))}</div>` : "") +
    `<div class="prevalent">${h.esc(n === 4 ? h.t("m.round", h.t(`wind.${WINDS[d.prevalent_wind] || "E"}`)) : h.t(`rules.${d.rules}`))}</div>` +
    `</div>`;
  return (
    `<div class="felt seats-${n}">` +
    Object.entries(order)
      .map(([pos, q]) => seatHTML(f, q, pos))
      .join("") +
    center +
    seatHTML(f, me, "bottom") +
    `</div>`
  );
}

function winsHTML(f) {
  const d = rp.data;
  const blocks = [];
  for (const w of d.wins) {
    if (w.seq > f.seq) continue;
    let hand = null;
    try {
      hand = h.parseHandString(w.hand || "");
      hand.flowers = f.seats[w.seat].flowers;
    } catch {
      hand = null;
    }
    const title =
      w.source === null || w.source === undefined
        ? h.t("p.wins_self", seatLabel(w.seat))
        : h.t("p.wins_off", seatLabel(w.seat), seatLabel(w.source));
    const pays = (w.settlements || [])
      .map((s) => `<div class="rp-pay" data-testid="replay-payments">${h.esc(s.reason || "")}: ${(s.payments || []).map((p, q) => `${h.esc(shortSeat(q))} ${p > 0 ? "+" : ""}${p}`).join(" · ")}</div>`)
      .join("");
    blocks.push(
      `<div class="win-block" data-testid="replay-win" data-seat="${w.seat}" data-seq="${w.seq}">` +
        `<h3>${h.esc(title)} <span class="total-chip" data-testid="replay-win-total">${w.total} ${h.t("result.fan")}</span></h3>` +
        `<div class="win-hand">${h.handMiniHTML(w.hand || "")}</div>` +
        h.fanTableHTML(w.fans, hand, "replay-fan-table", d.rules) +
        pays +
        `</div>`,
    );
  }
  const last = f.seq === d.frames.length - 1;
  if (last) {
    if (!d.wins.length) blocks.push(`<p class="drawn" data-testid="replay-drawn">${h.t("p.drawn")}</p>`);
    blocks.push(
      `<h3>${h.t("p.final")}</h3><div class="final-scores" data-testid="replay-final">` +
        (d.end.scores || [])
          .map((s, q) => `<div class="pay ${s > 0 ? "plus" : s < 0 ? "minus" : ""}"><span class="who">${h.esc(seatLabel(q))}</span><span class="amount">${s > 0 ? "+" : ""}${s}</span></div>`)
          .join("") +
        `</div>`,
    );
  }
  return blocks.length ? `<section class="card play-result">${blocks.join("")}</section>` : "";
}

function renderBusy() {
  const el = $('[data-testid="replay-player"]');
  if (el) el.dataset.busy = rp.busy ? "true" : "false";
  $('[data-testid="replay-load"]').disabled = rp.busy;
}

function renderSelects() {
  const d = rp.data;
  const games = $('[data-testid="replay-game"]');
  const views = $('[data-testid="replay-view"]');
  games.disabled = !d || d.games.length < 2;
  views.disabled = !d;
  if (!d) {
    games.innerHTML = "";
    views.innerHTML = "";
    return;
  }
  games.innerHTML = d.games
    .map((g) => {
      const how = g.result ? h.t(`rp.result.${g.result}`) : "?";
      const label = h.t("rp.game_item", g.game, g.rules ? h.t(`rules.${g.rules}`) : "?", g.events, how);
      return `<option value="${g.game}"${g.game === d.game ? " selected" : ""}>${h.esc(label)}</option>`;
    })
    .join("");
  const options = [["all", h.t("rp.all_open")], ...[...Array(d.seats).keys()].map((q) => [String(q), h.t("rp.from_seat", seatLabel(q))])];
  views.innerHTML = options.map(([v, label]) => `<option value="${v}"${v === rp.view ? " selected" : ""}>${h.esc(label)}</option>`).join("");
}

/** Draw the viewer again (also after a change of language). */
export function renderReplay() {
  if (!h) return;
  renderSelects();
  const player = $('[data-testid="replay-player"]');
  const d = rp.data;
  $('[data-testid="replay-source"]').textContent = d ? h.t("rp.loaded", rp.source || h.t("rp.pasted"), d.games.length) : "";
  player.hidden = !d;
  renderBusy();
  if (!d) return;
  const n = d.frames.length;
  const f = d.frames[rp.index];
  player.dataset.game = String(d.game);
  player.dataset.rules = d.rules;
  player.dataset.index = String(rp.index);
  player.dataset.count = String(n);
  player.dataset.view = rp.view;
  player.dataset.playing = rp.timer ? "true" : "false";
  const slider = $('[data-testid="replay-slider"]');
  slider.max = String(n - 1);
  slider.value = String(rp.index);
  $('[data-testid="replay-pos"]').textContent = h.t("rp.pos", rp.index + 1, n);
  const play = $('[data-testid="replay-play"]');
  play.textContent = rp.timer ? h.t("rp.pause") : h.t("rp.play");
  $('[data-testid="replay-prev"]').disabled = rp.index === 0;
  $('[data-testid="replay-first"]').disabled = rp.index === 0;
  $('[data-testid="replay-next"]').disabled = rp.index === n - 1;
  $('[data-testid="replay-last"]').disabled = rp.index === n - 1;
  const ev = $('[data-testid="replay-event"]');
  ev.textContent = eventText(f.event);
  ev.dataset.type = f.event.type;
  $('[data-testid="replay-table"]').innerHTML = tableHTML(f);
  const wins = $('[data-testid="replay-wins"]');
  wins.innerHTML = winsHTML(f);
  h.restoreFanTexts(wins);
}
