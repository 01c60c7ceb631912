// The table board: the seats (names, badges, melds, the others' hands as backs, the
// rivers), the centre (wall, the tile on offer, wildcard, round), my hand with the tiles
// I may play, my melds and the legal actions as buttons, and the claim prompt.  Drawn
// from a game state `p` ({rules, seats, obs, done, scores, events, readyMode, players,
// names?, watcher?}) as the games API (the Play tab, app.js) and the live tables'
// WebSocket (tables.js) send it: one board for both.  A module of app.js, which hands
// it its helpers (texts, tiles) through initBoard.

let h = null; // the app's helpers (initBoard)

export const WINDS = ["E", "S", "W", "N"];

/** The app's helpers: t, tileName, esc, tileHTML, tilesHTML, sortTiles, parseMeld,
 * meldTiles, nextTile, wildBadge. */
export function initBoard(helpers) {
  h = helpers;
}

/** Seat q's name: "you" for my seat; the table's names when it has them (a live table),
 * else "bot 1", "bot 2" … (a game against bots). */
export function seatName(p, q) {
  if (!p) return "";
  if (p.obs && q === p.obs.seat) return h.t("p.you");
  if (p.names && p.names[q]) return p.names[q];
  const others = [...Array(p.seats).keys()].filter((s) => s !== p.obs.seat);
  return h.t("p.bot", others.indexOf(q) + 1);
}

/** The bot kind in a seat ("greedy", "fan" …), as the server names the players. */
function seatKind(p, q) {
  const name = (p.players || [])[q];
  return name && name !== "you" ? name : "";
}

export function windLetter(w) {
  if (typeof w === "string" && WINDS.includes(w)) return w;
  if (typeof w === "number") return WINDS[w] || "E";
  return "E";
}

export function seatWind(p, q) {
  if (p.seats !== 4 || p.rules !== "mcr") return null; // only MCR scores seat winds
  const v = (p.obs.seats || [])[q];
  if (v && v.seat_wind !== undefined) return windLetter(v.seat_wind);
  return WINDS[(q - (p.obs.dealer ?? 0) + 4) % 4];
}

export function voidSuit(v) {
  if (v === null || v === undefined) return null;
  return typeof v === "string" ? v : ["m", "s", "p"][v] || null;
}

function legalSet(p) {
  return new Set(p && p.obs && !p.done ? p.obs.legal_actions || [] : []);
}

function describeEvent(p, e) {
  const t = h.t;
  const who = (q) => (q === undefined || q === null ? "" : seatName(p, q));
  const tn = (c) => (c ? h.tileName(c) : "");
  switch (e.type) {
    case "discard":
      return e.seat === p.obs.seat && !e.auto ? null : t("p.ev.discard", who(e.seat), tn(e.tile));
    case "claim":
      return t("p.ev.claim", who(e.seat), t(`kind.${e.kind}`) || e.kind, tn(e.tile));
    case "kong":
      return t("p.ev.kong", who(e.seat), tn(e.tile));
    case "win":
      return t("p.ev.win", who(e.seat), e.total);
    case "ready":
      return t("p.ev.ready", who(e.seat));
    case "false_win":
      return t("p.ev.false_win", who(e.seat));
    case "void":
      return t("p.ev.void", (e.suits || []).map((s, i) => `${seatName(p, i)} ${t(`suit.${voidSuit(s)}`)}`).join(" · "));
    case "exchange":
      return t("p.ev.exchange");
    case "wildcard":
      return t("p.ev.wildcard", tn(e.tile));
    case "end":
      return t("p.ev.end");
    default:
      return null;
  }
}

/** The last `limit` events that say something, as list items. */
export function renderLog(p, limit = 40) {
  const lines = p.events
    .map((e) => [e, describeEvent(p, e)])
    .filter(([, s]) => s)
    .slice(-limit);
  return lines
    .map(([e, s]) => `<li class="ev-${e.type} ${e.seat === p.obs.seat ? "mine" : ""}">${h.esc(s)}</li>`)
    .join("");
}

function meldCodes(text) {
  if (!text) return ["back", "back", "back", "back"];
  try {
    const m = h.parseMeld(text.replace(/^\[|\]$/g, ""));
    return h.meldTiles(m);
  } catch {
    return [];
  }
}

function meldsHTML(melds, size) {
  return (melds || [])
    .map((m) => {
      const codes = meldCodes(m);
      const concealedKong = m && /^\[[^\]]*[mpsESWNCFP]\]$/.test(m) && codes.length === 4;
      const faces = concealedKong ? ["back", codes[1], codes[2], "back"] : codes;
      return `<span class="meld-shown" data-meld="${h.esc(m || "")}">${h.tilesHTML(faces, { size })}</span>`;
    })
    .join("");
}

function seatPanelHTML(p, q, position) {
  const { t, esc, tileHTML, tilesHTML } = h;
  const v = (p.obs.seats || [])[q] || {};
  const w = seatWind(p, q);
  const isDealer = (p.obs.dealer ?? 0) === q;
  const lastD = p.obs.last_discarder;
  const discards = v.discards || [];
  const badges = [
    w ? `<span class="badge wind">${t(`wind.${w}`)}</span>` : "",
    isDealer ? `<span class="badge dealer">${t("p.dealer")}</span>` : "",
    v.declared_ready ? `<span class="badge ready">${t("p.ready")}</span>` : "",
    v.won ? `<span class="badge won">${t("p.won")}</span>` : "",
    voidSuit(v.void) ? `<span class="badge void">${t("p.act.void", t(`suit.${voidSuit(v.void)}`))}</span>` : "",
    p.turn === q ? `<span class="badge turn" data-testid="seat-turn">${t("tb.turn")}</span>` : "",
  ].join("");
  const nBacks = Math.max(0, v.concealed_count || 0);
  const mine = q === p.obs.seat;
  const backs = mine
    ? ""
    : `<div class="backs">${tilesHTML(Array(nBacks).fill("back"), { size: "xs", title: false })}</div>` +
      `<span class="backs-count">${tileHTML("back", { size: "xs", title: false })}×${nBacks}</span>`;
  const flowers = (v.flowers || []).length ? `<span class="flowers">${tilesHTML(v.flowers, { size: "xs" })}</span>` : "";
  return (
    `<div class="seat seat-${position} ${mine ? "me" : ""}" data-testid="seat-${q}" data-seat="${q}">` +
    `<div class="seat-head"><span class="seat-name" title="${esc(seatKind(p, q))}">${esc(seatName(p, q))}</span>${badges}<span class="seat-score" data-testid="seat-score-${q}">${v.score ?? (p.scores || [])[q] ?? 0}</span></div>` +
    (mine ? "" : `<div class="seat-melds">${backs}${meldsHTML(v.melds, "sm")}${flowers}</div>`) +
    `<div class="river" data-testid="discards-${q}">${discards
      .map((c, i) => tileHTML(c, { size: "xs", cls: i === discards.length - 1 && lastD === q ? "last" : "" }))
      .join("")}</div>` +
    `</div>`
  );
}

function promptText(p) {
  const t = h.t;
  const o = p.obs;
  const legal = o.legal_actions || [];
  if (p.done) return "";
  if (!legal.length) return t("p.wait");
  const from = o.last_discarder !== null && o.last_discarder !== undefined ? seatName(p, o.last_discarder) : "";
  switch (o.phase) {
    case "claim":
      return t("p.claim", from);
    case "rob":
      return t("p.rob", from);
    case "exchange":
      return t("p.exchange");
    case "give":
      return t("p.give");
    case "void":
      return t("p.void");
    case "pick":
      return t("p.pick");
    case "swap":
      return t("p.swap");
    case "last":
      return t("p.last");
    default:
      return p.readyMode ? t("p.ready_mode") : t("p.your_turn");
  }
}

/** Legal actions that are played by tapping a tile of the hand: action word per tile. */
function tileActions(p) {
  const map = new Map();
  for (const a of legalSet(p)) {
    const [word, tile] = a.split(" ");
    if (!tile) continue;
    if (word === "discard" && !p.readyMode) map.set(tile, a);
    else if (word === "ready" && p.readyMode) map.set(tile, a);
    else if (word === "exchange") map.set(tile, a);
  }
  return map;
}

function actionButtonsHTML(p) {
  const { t, esc, tilesHTML, nextTile } = h;
  const o = p.obs;
  const legal = [...legalSet(p)];
  const btns = [];
  const hasReady = legal.some((a) => a.startsWith("ready "));
  for (const a of legal) {
    const [word, tile] = a.split(" ");
    let label = "";
    let tiles = [];
    let cls = "";
    if (word === "discard" || word === "ready" || word === "exchange") continue;
    if (word === "win") {
      label = o.win_total !== null && o.win_total !== undefined ? t("p.act.win_total", o.win_total) : t("p.act.win");
      if (o.win_accepted === false) label += ` ${t("p.act.false_win")}`;
      cls = "win";
      const wt = o.last_discard || o.drawn;
      if (wt) tiles = [wt];
    } else if (word === "pass") {
      label = t("p.act.pass");
      cls = "pass";
    } else if (word === "pung") {
      label = t("p.act.pung");
      cls = "claim";
      if (o.last_discard) tiles = [o.last_discard, o.last_discard, o.last_discard];
    } else if (word === "chow") {
      label = t("p.act.chow");
      cls = "claim";
      tiles = [tile, nextTile(tile, 1), nextTile(tile, 2)];
    } else if (word === "kong") {
      label = t("p.act.kong");
      cls = "claim";
      tiles = [tile, tile, tile, tile];
    } else if (word === "void") {
      label = t("p.act.void", t(`suit.${tile[1]}`));
      cls = "claim";
      tiles = [tile];
    } else if (word === "pick") {
      label = t("p.act.pick");
      tiles = [tile];
    } else if (word === "swap") {
      label = t("p.act.swap");
      tiles = [tile, tile, tile];
    } else {
      label = a;
    }
    const testid = `act-${a.replace(" ", "-")}`;
    btns.push(
      `<button type="button" class="act ${cls}" data-action="${esc(a)}" data-testid="${testid}"><span class="act-label">${esc(label)}</span>${tiles.length ? `<span class="act-tiles">${tilesHTML(tiles, { size: "xs" })}</span>` : ""}</button>`,
    );
  }
  if (hasReady) {
    btns.unshift(
      `<button type="button" class="act ready ${p.readyMode ? "on" : ""}" data-ready-toggle="1" data-testid="act-ready-toggle">${esc(p.readyMode ? t("p.act.ready_cancel") : t("p.act.ready"))}</button>`,
    );
  }
  return btns.join("");
}

/** Set el's data attributes and draw the board of `p` into it: the felt and, for a
 * seat (not a watcher), my area (hand, melds, actions); the ticker and the prompt. */
export function drawBoard(el, p) {
  const { t, esc, tileHTML, tilesHTML, sortTiles, wildBadge } = h;
  const o = p.obs;
  const watcher = !!p.watcher;
  const me = o.seat ?? 0;
  const n = p.seats;
  const order = n === 2 ? { top: (me + 1) % 2 } : { right: (me + 1) % 4, top: (me + 2) % 4, left: (me + 3) % 4 };
  const tap = tileActions(p);
  // my hand: the drawn tile set apart at the right
  const hand = [...(o.hand || [])];
  let drawn = o.drawn && !p.done ? o.drawn : null;
  if (drawn) {
    const i = hand.lastIndexOf(drawn);
    if (i >= 0) hand.splice(i, 1);
    else drawn = null;
  }
  const sortedHand = sortTiles(hand);
  // only some tiles may be played now (报听, a void suit …): the others are dimmed
  const partial = tap.size > 0 && [...hand, ...(drawn ? [drawn] : [])].some((c) => !tap.has(c));
  const myTile = (c, extra) => {
    const a = tap.get(c);
    const wild = o.wildcard && c === o.wildcard;
    return `<button type="button" class="tile-btn my-tile ${a ? "playable" : ""} ${extra}${wild ? " wild" : ""}" data-tile="${c}" ${a ? `data-action="${esc(a)}"` : "disabled"} data-testid="${extra === "drawn" ? "my-drawn" : "my-tile"}">${tileHTML(c, { size: "lg" })}${wild ? wildBadge() : ""}</button>`;
  };
  const myV = (o.seats || [])[me] || {};
  const myFlowers = (myV.flowers || []).length ? `<span class="flowers">${tilesHTML(myV.flowers, { size: "xs" })}</span>` : "";
  const center =
    `<div class="center" data-testid="play-center">` +
    `<div class="wall">${esc(t("p.wall", o.wall_remaining ?? "?"))}</div>` +
    (o.last_discard && !p.done ? `<div class="on-offer">${tileHTML(o.last_discard, { size: "md", cls: "offer" })}</div>` : "") +
    (o.wildcard ? `<div class="play-wild" data-testid="play-wildcard" data-tile="${esc(o.wildcard)}">${t("p.wild", tileHTML(o.wildcard, { size: "sm" }))}</div>` : "") +
    `<div class="prevalent">${n === 4 && p.rules === "mcr" ? t("m.round", t(`wind.${windLetter(o.prevalent_wind)}`)) : t(`rules.${p.rules}`)}</div>` +
    `</div>`;
  el.dataset.rules = p.rules;
  el.dataset.wildcard = o.wildcard || "";
  el.dataset.phase = o.phase || "";
  el.dataset.done = p.done ? "true" : "false";
  el.dataset.busy = p.busy ? "true" : "false";
  el.dataset.seats = String(n);
  const felt =
    `<div class="felt seats-${n}">` +
    Object.entries(order)
      .map(([pos, q]) => seatPanelHTML(p, q, pos))
      .join("") +
    center +
    seatPanelHTML(p, me, "bottom") +
    `</div>`;
  const ticker = `<ol class="ticker" data-testid="play-ticker">${p.done ? "" : renderLog(p, 2)}</ol>`;
  if (watcher) {
    el.innerHTML = felt + `<div class="my-area">${ticker}</div>`;
    return;
  }
  el.innerHTML =
    felt +
    `<div class="my-area">` +
    ticker +
    `<div class="prompt" data-testid="play-status">${esc(promptText(p))}${
      o.last_discard && !p.done && (o.legal_actions || []).length ? ` ${tileHTML(o.last_discard, { size: "sm" })}` : ""
    }</div>` +
    `<div class="my-melds" data-testid="my-melds">${meldsHTML(o.melds, "md")}${myFlowers}</div>` +
    `<div class="my-hand ${partial ? "partial" : ""}" data-testid="my-hand">${sortedHand.map((c) => myTile(c, "")).join("")}${drawn ? `<span class="gap"></span>${myTile(drawn, "drawn")}` : ""}</div>` +
    `<div class="actions" data-testid="actions">${p.done ? "" : actionButtonsHTML(p)}</div>` +
    `</div>`;
}
