// Live tables (牌桌, issue 20): the lobby — open a table (rules, who sits in each seat, hands,
// timer, seed), its join links and watch link to copy, "my tables" (those opened or
// joined from this browser, kept in localStorage, with their summary from
// GET /v1/tables/{id}) — and the table itself: a seat's or a watcher's view, driven by the
// WebSocket /v1/tables/{id}/ws (docs/tables.md).  The board is board.js's, the Play tab's.
// A dropped socket reconnects with &from=EVENT_COUNT (nothing lost, no event twice).  A
// join link /#/table/ID?key=TOKEN (a watch link ?watch=ID) opens the table straight away.
// A module of app.js, which hands it its helpers (texts, tiles, the API) through
// initTables.

import * as board from "./board.js";

let h = null; // the app's helpers (initTables)
const KEY = "fanshu.tables";
//: What the lobby offers per seat: a person, or one of the engine's bots.
const BOTS = ["greedy", "fan", "ev", "random"];
//: Seats per rule set (two-player: 2, the others 4).
const SEATS = { "two-player": 2 };
//: Reconnect delays (ms), the last one repeated.
const RETRY_MS = [300, 1000, 2000, 5000];

const $ = (sel, root = document) => root.querySelector(sel);

const tb = {
  created: null, // the answer of the last POST /v1/tables
  summaries: {}, // id -> GET /v1/tables/{id} (or {error})
  live: null, // the open table: {id, token, watch, ws, state, p, count, retries, refused, ...}
  tick: 0,
};

/** Start the lobby: the app's helpers, the controls' handlers. */
export function initTables(helpers) {
  h = helpers;
  bind();
  renderTables();
}

// ---------------------------------------------------------------------------- kept tables

function kept() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && typeof x.id === "string") : [];
  } catch {
    return [];
  }
}

/** Keep (or update) the entry of table `id` as `role` ("seat N", "watch", "owner"). */
function keep(entry) {
  const list = kept().filter((x) => !(x.id === entry.id && x.role === entry.role));
  list.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 50)));
}

function forget(id, role) {
  localStorage.setItem(KEY, JSON.stringify(kept().filter((x) => !(x.id === id && x.role === role))));
  renderMine();
}

const absolute = (link) => new URL(link, location.origin).href;

// ---------------------------------------------------------------------------- the lobby

function seatCount() {
  return SEATS[$('[data-testid="table-rules"]').value] || 4;
}

function renderSeats() {
  const box = $('[data-testid="table-seats"]');
  const n = seatCount();
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  let html = "";
  for (let i = 0; i < n; i++) {
    const was = before[i] || (i < 2 ? "human" : "greedy");
    const opts = ["human", ...BOTS]
      .map((k) => `<option value="${k}" ${k === was ? "selected" : ""}>${h.esc(k === "human" ? h.t("tb.human") : h.t("tb.bot", k))}</option>`)
      .join("");
    html += `<label class="field inline"><span>${h.esc(h.t("tb.seat", i + 1))}</span><select data-testid="table-seat-${i}">${opts}</select></label>`;
  }
  box.innerHTML = html;
}

/** The rule sets the Play tab offers (the server's playable ones, once loaded). */
function renderRules() {
  const sel = $('[data-testid="table-rules"]');
  const from = $('[data-testid="play-rules"]');
  if (!sel || !from) return;
  const chosen = sel.value || "two-player";
  sel.innerHTML = from.innerHTML;
  if ([...sel.options].some((o) => o.value === chosen)) sel.value = chosen;
}

function numberField(testid) {
  const text = $(`[data-testid="${testid}"]`).value.trim();
  return text === "" ? null : Number(text);
}

async function createTable() {
  const btn = $('[data-testid="table-create"]');
  const rules = $('[data-testid="table-rules"]').value;
  const seats = [...Array(seatCount()).keys()].map((i) => $(`[data-testid="table-seat-${i}"]`).value);
  const body = { rules, seats };
  for (const [field, testid] of [
    ["hands", "table-hands"],
    ["timer", "table-timer"],
    ["seed", "table-seed"],
  ]) {
    const v = numberField(testid);
    if (v !== null) body[field] = v;
  }
  btn.disabled = true;
  try {
    const out = await h.api("POST", "/v1/tables", body);
    tb.created = out;
    keep({
      id: out.id,
      role: "owner",
      rules,
      seats: out.seats.map((s) => ({ seat: s.seat, kind: s.kind, name: s.name, join: s.join || null })),
      watch: out.watch,
    });
    renderCreated();
    refreshMine();
  } catch (err) {
    h.showError(err);
  } finally {
    btn.disabled = false;
  }
}

function linkRowHTML(label, link, testid, seat) {
  const url = absolute(link);
  return (
    `<li class="table-link" data-testid="${testid}" ${seat === null ? "" : `data-seat="${seat}"`}>` +
    `<span class="who">${h.esc(label)}</span>` +
    `<input type="text" readonly value="${h.esc(url)}" data-testid="${testid}-url">` +
    `<button type="button" class="btn small" data-copy="${h.esc(url)}" data-testid="${testid}-copy">${h.esc(h.t("tb.copy"))}</button>` +
    `<a class="btn small ghost" href="${h.esc(link)}" data-testid="${testid}-open">${h.esc(h.t("tb.open"))}</a>` +
    `</li>`
  );
}

function linksHTML(seats, watch) {
  const rows = seats
    .filter((s) => s.join)
    .map((s) => linkRowHTML(h.t("tb.join_seat", s.seat + 1, s.name), s.join, "table-join", s.seat));
  rows.push(linkRowHTML(h.t("tb.watch"), watch, "table-watch", null));
  return `<ul class="table-links">${rows.join("")}</ul>`;
}

function renderCreated() {
  const box = $('[data-testid="table-created"]');
  const out = tb.created;
  box.hidden = !out;
  if (!out) return;
  box.dataset.id = out.id;
  box.innerHTML = `<h3>${h.esc(h.t("tb.created", out.id))}</h3><p class="hint">${h.esc(h.t("tb.links_once"))}</p>` + linksHTML(out.seats, out.watch);
}

async function refreshMine() {
  const ids = [...new Set(kept().map((x) => x.id))];
  await Promise.all(
    ids.map(async (id) => {
      try {
        tb.summaries[id] = await h.api("GET", `/v1/tables/${encodeURIComponent(id)}`);
      } catch (err) {
        tb.summaries[id] = { error: err.status || true };
      }
    }),
  );
  renderMine();
}

function summaryText(s) {
  if (!s) return "";
  if (s.error) return h.t("tb.gone");
  const totals = (s.seats || []).map((x, i) => `${x.name} ${(s.totals || [])[i] ?? 0}`).join(" · ");
  const where = s.done ? h.t("tb.over") : h.t("tb.hand_of", s.hand, s.hands);
  return `${h.t(`rules.${s.rules}`)} · ${where} · ${totals}`;
}

function roleText(x) {
  if (x.role === "owner") return h.t("tb.role_owner");
  if (x.role === "watch") return h.t("tb.role_watch");
  return h.t("tb.role_seat", Number(x.role.slice(5)) + 1);
}

function renderMine() {
  const box = $('[data-testid="tables-mine"]');
  if (!box) return;
  const list = kept();
  if (!list.length) {
    box.innerHTML = `<li class="muted">${h.esc(h.t("tb.none"))}</li>`;
    return;
  }
  box.innerHTML = list
    .map((x) => {
      const s = tb.summaries[x.id];
      const link = x.link || null;
      const owner = x.role === "owner" && x.seats ? `<details><summary>${h.esc(h.t("tb.links"))}</summary>${linksHTML(x.seats, x.watch)}</details>` : "";
      return (
        `<li class="table-mine" data-testid="table-mine" data-id="${h.esc(x.id)}" data-role="${h.esc(x.role)}">` +
        `<span class="table-id">${h.esc(x.id)}</span> <span class="badge">${h.esc(roleText(x))}</span> ` +
        `<span class="muted small" data-testid="table-mine-summary">${h.esc(summaryText(s))}</span> ` +
        (link ? `<a class="btn small" href="${h.esc(link)}" data-testid="table-mine-open">${h.esc(h.t("tb.open"))}</a> ` : "") +
        `<button type="button" class="btn small ghost" data-forget="${h.esc(x.id)}" data-role="${h.esc(x.role)}">${h.esc(h.t("tb.forget"))}</button>` +
        owner +
        `</li>`
      );
    })
    .join("");
}

// ---------------------------------------------------------------------------- the table

/** A join or watch link of the address: {id, key, watch} of "#/table/ID?key=T" (or ?watch=W). */
export function tableLinkOfHash(hash = location.hash) {
  const m = /^#\/table\/([^?]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return null;
  const q = new URLSearchParams(m[2] || "");
  const key = q.get("key");
  const watch = q.get("watch");
  if (!key && !watch) return null;
  return { id: decodeURIComponent(m[1]), key, watch };
}

/** Open a table from its join or watch link: connect, keep it in "my tables". */
export function openTable({ id, key, watch }) {
  const same = tb.live && tb.live.id === id && tb.live.token === key && tb.live.watch === watch;
  if (same && !tb.live.closed) return;
  closeTable();
  tb.live = {
    id,
    token: key,
    watch,
    ws: null,
    state: null,
    p: null,
    events: [],
    count: 0,
    retries: 0,
    closed: false,
    refused: null,
    conn: "connecting",
    readyMode: false,
    busy: false,
    deadlineAt: null,
    handPlayers: {},
    link: location.hash,
  };
  connect();
  renderTable();
}

function closeTable() {
  const live = tb.live;
  if (!live) return;
  live.closed = true;
  clearTimeout(live.retryTimer);
  if (live.ws) live.ws.close();
  tb.live = null;
}

function socketURL(live) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const who = live.token ? `token=${encodeURIComponent(live.token)}` : `watch=${encodeURIComponent(live.watch)}`;
  return `${scheme}//${location.host}/v1/tables/${encodeURIComponent(live.id)}/ws?${who}&from=${live.count}`;
}

function connect() {
  const live = tb.live;
  if (!live || live.closed) return;
  const ws = new WebSocket(socketURL(live));
  live.ws = ws;
  live.conn = "connecting";
  ws.addEventListener("open", () => {
    if (tb.live !== live || live.ws !== ws) return;
    live.conn = "open";
    live.retries = 0;
    renderConn();
  });
  ws.addEventListener("message", (e) => {
    if (tb.live !== live || live.ws !== ws) return;
    let data = null;
    try {
      data = JSON.parse(e.data);
    } catch {
      return;
    }
    if (data && typeof data.type === "string" && data.type.startsWith("urn:fanshu:problem:")) onProblem(live, data);
    else onState(live, data);
  });
  ws.addEventListener("close", (e) => {
    if (tb.live !== live || live.ws !== ws) return;
    live.ws = null;
    live.busy = false;
    if (e.code >= 4400 && e.code < 4500) {
      live.conn = "refused";
      live.refused = live.refused || String(e.code);
      renderTable();
      return;
    }
    if (live.closed) return;
    live.conn = "closed";
    renderConn();
    const delay = RETRY_MS[Math.min(live.retries, RETRY_MS.length - 1)];
    live.retries += 1;
    live.retryTimer = setTimeout(connect, delay);
  });
}

function onProblem(live, doc) {
  live.busy = false;
  if (!live.state) live.refused = doc.detail || doc.title || "";
  h.showError(new Error(doc.detail || doc.title || doc.type));
  renderTable();
}

function onState(live, s) {
  const first = !live.state;
  live.state = s;
  // the server sends the events from the count asked for: each exactly once
  for (const e of s.events_new || []) live.events.push(e);
  live.count = s.event_count;
  live.busy = false;
  live.handPlayers[s.hand] = s.players;
  live.deadlineAt = s.deadline === null || s.deadline === undefined ? null : Date.now() + s.deadline * 1000;
  if (s.observation && s.observation.phase !== (live.lastPhase || "")) live.readyMode = false;
  live.lastPhase = s.observation ? s.observation.phase : "";
  if (first) {
    const role = s.player === null || s.player === undefined ? "watch" : `seat ${s.player}`;
    keep({ id: live.id, role, rules: s.rules, link: live.link });
    refreshMine();
  }
  renderTable();
}

function send(message) {
  const live = tb.live;
  if (!live || !live.ws || live.ws.readyState !== WebSocket.OPEN) return false;
  live.ws.send(JSON.stringify(message));
  return true;
}

function act(action) {
  const live = tb.live;
  if (!live || live.busy) return;
  if (send({ action })) {
    live.busy = true;
    const el = $('[data-testid="table-board"]');
    el.dataset.busy = "true";
    el.querySelectorAll("button").forEach((b) => {
      b.disabled = true;
    });
  }
}

function boardState(live) {
  const s = live.state;
  return {
    rules: s.rules,
    seats: (s.players || []).length,
    obs: s.observation,
    done: !!s.done,
    scores: s.scores,
    events: live.events,
    readyMode: live.readyMode,
    players: s.players,
    names: s.players,
    watcher: s.seat === null || s.seat === undefined,
    busy: live.busy,
    turn: s.to_act,
  };
}

function renderConn() {
  const el = $('[data-testid="table-live"]');
  const live = tb.live;
  if (!el || !live) return;
  el.dataset.conn = live.conn;
  const c = $('[data-testid="table-conn"]');
  c.textContent = live.conn === "open" ? "" : h.t(`tb.conn_${live.conn}`);
  c.hidden = live.conn === "open";
}

function secondsLeft(live) {
  return live.deadlineAt === null ? null : Math.max(0, Math.ceil((live.deadlineAt - Date.now()) / 1000));
}

function renderTimer() {
  const live = tb.live;
  const el = $('[data-testid="table-timer-left"]');
  if (!live || !el) return;
  const left = secondsLeft(live);
  el.hidden = left === null || !live.state || live.state.done;
  el.textContent = left === null ? "" : h.t("tb.timer_left", left);
  el.dataset.left = left === null ? "" : String(left);
}

function resultHTML(live) {
  const s = live.state;
  const r = s.result;
  if (!r) return "";
  const names = live.handPlayers[r.hand] || s.players || [];
  const who = (q) => (q === s.seat && live.handPlayers[r.hand] === s.players ? h.t("p.you") : names[q] || String(q + 1));
  const wins = (r.wins || []).map((w) => {
    let hand = null;
    try {
      hand = h.parseHandString(w.hand || "");
    } catch {
      hand = null;
    }
    const title = w.source === null || w.source === undefined ? h.t("p.wins_self", who(w.seat)) : h.t("p.wins_off", who(w.seat), who(w.source));
    return (
      `<div class="win-block" data-testid="table-win" data-seat="${w.seat}"><h4>${h.esc(title)} <span class="total-chip">${w.total} ${h.esc(h.t("result.fan"))}</span></h4>` +
      `<div class="win-hand">${h.handMiniHTML(w.hand || "")}</div>` +
      h.fanTableHTML(w.fans || [], hand, "table-fan-table", s.rules) +
      `</div>`
    );
  });
  if (!wins.length) wins.push(`<p class="drawn">${h.esc(h.t("p.drawn"))}</p>`);
  const scores = (r.scores || [])
    .map((v, q) => `<div class="pay ${v > 0 ? "plus" : v < 0 ? "minus" : ""}"><span class="who">${h.esc(who(q))}</span><span class="amount">${v > 0 ? "+" : ""}${v}</span></div>`)
    .join("");
  return (
    `<section class="card table-result" data-testid="table-result" data-hand="${r.hand}">` +
    `<h3>${h.esc(h.t("tb.result", r.hand))}</h3>${wins.join("")}<div class="final-scores">${scores}</div></section>`
  );
}

function totalsHTML(s) {
  const seating = s.seating || [];
  return (s.players || [])
    .map((name, q) => `<span class="total" data-testid="table-total" data-seat="${q}">${h.esc(q === s.seat ? h.t("p.you") : name)} <b>${(s.totals || [])[seating[q] ?? q] ?? 0}</b></span>`)
    .join("");
}

function renderTable() {
  const el = $('[data-testid="table-live"]');
  if (!el) return;
  const live = tb.live;
  $('[data-testid="tables-lobby"]').hidden = !!live;
  el.hidden = !live;
  if (!live) {
    el.innerHTML = "";
    return;
  }
  const s = live.state;
  el.dataset.id = live.id;
  el.dataset.role = live.token ? "seat" : "watch";
  if (!s) {
    el.innerHTML =
      `<div class="table-bar"><button type="button" class="btn small ghost" data-testid="table-leave">${h.esc(h.t("tb.leave"))}</button>` +
      `<span class="table-conn" data-testid="table-conn"></span></div>` +
      (live.refused ? `<p class="bad" data-testid="table-refused">${h.esc(live.refused)}</p>` : "");
    renderConn();
    return;
  }
  el.dataset.count = String(live.count);
  el.dataset.events = String(live.events.length);
  el.dataset.hand = String(s.hand);
  el.dataset.done = s.done ? "true" : "false";
  const p = boardState(live);
  const turn = s.to_act === null || s.to_act === undefined ? "" : board.seatName(p, s.to_act);
  const mineBot = s.player !== null && s.player !== undefined ? (s.bots || {})[String(s.player)] : undefined;
  const botControl =
    s.player === null || s.player === undefined || s.done
      ? ""
      : mineBot
        ? `<button type="button" class="btn small" data-testid="table-bot" data-bot="">${h.esc(h.t("tb.bot_off", mineBot))}</button>`
        : `<select data-testid="table-bot-kind">${BOTS.map((b) => `<option value="${b}">${h.esc(b)}</option>`).join("")}</select>` +
          `<button type="button" class="btn small" data-testid="table-bot" data-bot="1">${h.esc(h.t("tb.bot_on"))}</button>`;
  el.innerHTML =
    `<div class="table-bar">` +
    `<button type="button" class="btn small ghost" data-testid="table-leave">${h.esc(h.t("tb.leave"))}</button>` +
    `<span data-testid="table-hand">${h.esc(s.done ? h.t("tb.over") : h.t("tb.hand_of", s.hand, s.hands))}</span>` +
    (p.watcher ? `<span class="badge" data-testid="table-watching">${h.esc(h.t("tb.role_watch"))}</span>` : "") +
    `<span data-testid="table-turn">${turn && !s.done ? h.esc(h.t("tb.turn_of", turn)) : ""}</span>` +
    `<span class="table-timer" data-testid="table-timer-left"></span>` +
    `<span class="table-conn" data-testid="table-conn"></span>` +
    botControl +
    `</div>` +
    `<div class="table-totals" data-testid="table-totals">${h.esc(h.t("tb.totals"))} ${totalsHTML(s)}</div>` +
    `<div class="table-felt" data-testid="table-board"></div>` +
    resultHTML(live) +
    `<details class="log"><summary>${h.esc(h.t("p.log"))}</summary><ol data-testid="table-log">${board.renderLog(p)}</ol></details>`;
  board.drawBoard($('[data-testid="table-board"]', el), p);
  h.restoreFanTexts(el);
  renderConn();
  renderTimer();
}

/** Draw the lobby and the open table again (a change of language). */
export function renderTables() {
  if (!h || !$('[data-testid="table-rules"]')) return;
  renderRules();
  renderSeats();
  renderCreated();
  renderMine();
  renderTable();
}

/** Leave the open table for the lobby (the Tables tab opened without a link). */
export function showLobby() {
  closeTable();
  renderTable();
  refreshMine();
}

function bind() {
  $('[data-testid="table-rules"]').addEventListener("change", renderSeats);
  $('[data-testid="table-create"]').addEventListener("click", createTable);
  $('[data-testid="view-tables"]').addEventListener("click", async (e) => {
    const copy = e.target.closest("[data-copy]");
    if (copy) {
      const ok = await h.copyText(copy.dataset.copy);
      copy.textContent = h.t(ok ? "tb.copied" : "tb.copy_by_hand");
      return;
    }
    const gone = e.target.closest("[data-forget]");
    if (gone) {
      forget(gone.dataset.forget, gone.dataset.role);
      return;
    }
    if (e.target.closest('[data-testid="table-leave"]')) {
      location.hash = "#tables";
      return;
    }
    const bot = e.target.closest('[data-testid="table-bot"]');
    if (bot) {
      const kind = $('[data-testid="table-bot-kind"]');
      send({ bot: bot.dataset.bot ? (kind ? kind.value : BOTS[0]) : null });
      return;
    }
    const live = tb.live;
    if (!live || !e.target.closest('[data-testid="table-board"]')) return;
    if (e.target.closest("[data-ready-toggle]")) {
      live.readyMode = !live.readyMode;
      renderTable();
      return;
    }
    const b = e.target.closest("button[data-action]");
    if (b && !b.disabled) act(b.dataset.action);
  });
  // the decision timer counts down between the server's messages
  tb.tick = setInterval(renderTimer, 250);
  window.addEventListener("online", () => {
    const live = tb.live;
    if (live && !live.ws && !live.closed && live.conn === "closed") {
      clearTimeout(live.retryTimer);
      connect();
    }
  });
}
