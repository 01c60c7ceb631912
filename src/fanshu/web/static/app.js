// fanshu in the browser: calculator, analysis, score sheet and play against bots.
// Plain ES module, no build step; talks to the fanshu server's /v1 JSON API.

import { ALL_TILES, HONORS, SUITS, installSprite, tileName as drawnTileName, tileSVG } from "./tiles.js";
import * as board from "./board.js";
import { initReplay, renderReplay } from "./replay.js";
import { initTables, openTable, renderTables, showLobby, tableLinkOfHash } from "./tables.js";

// ---------------------------------------------------------------------------- i18n

// Every text the app shows is a message of the gettext catalog
// src/fanshu/locale/zh/LC_MESSAGES/web.po (msgctxt = the key, msgid = English, msgstr =
// Chinese); tools/web_messages.py writes it as i18n/en.json and i18n/zh.json, loaded here
// before anything is drawn.  t(key, a, b) fills {0}, {1} … of the message.
async function loadCatalog(l) {
  try {
    const res = await fetch(`i18n/${l}.json`);
    if (res.ok) return await res.json();
  } catch {
    /* no catalog: the keys show, the app still works */
  }
  return {};
}
const [TEXT_EN, TEXT_ZH] = await Promise.all([loadCatalog("en"), loadCatalog("zh")]);

let lang = localStorage.getItem("fanshu.lang") || ((navigator.language || "zh").startsWith("zh") ? "zh" : "en");

/** A tile's name for people (五万 / 5 Characters): the catalog's tile.<code>, else
 * tiles.js's own. */
function tileName(code, l = lang) {
  const table = l === "zh" ? TEXT_ZH : TEXT_EN;
  const key = `tile.${code}`;
  return Object.hasOwn(table, key) ? table[key] : drawnTileName(code, l);
}

/** Whether the catalog has the message ``key``. */
function hasText(key) {
  return Object.hasOwn(TEXT_EN, key);
}

function t(key, ...args) {
  const table = lang === "zh" ? TEXT_ZH : TEXT_EN;
  let s = Object.hasOwn(table, key) ? table[key] : Object.hasOwn(TEXT_EN, key) ? TEXT_EN[key] : key;
  args.forEach((a, i) => {
    s = s.replaceAll(`{${i}}`, a);
  });
  return s;
}

function applyI18n(root = document) {
  if (root === document && pickerEl && !pickerEl.isConnected) applyI18n(pickerEl);
  root.querySelectorAll("[data-i18n]").forEach((el) => {
    el.textContent = t(el.dataset.i18n);
  });
  root.querySelectorAll("[data-i18n-label]").forEach((el) => {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  });
  root.querySelectorAll(".seg[data-wind] button").forEach((b) => {
    b.textContent = lang === "zh" ? t(`wind.${b.dataset.value}`) : b.dataset.value;
    b.title = t(`wind.${b.dataset.value}`);
  });
}

function setLang(l) {
  lang = l;
  localStorage.setItem("fanshu.lang", l);
  document.documentElement.lang = l === "zh" ? "zh" : "en";
  document.body.dataset.lang = l;
  applyI18n();
  renderAll();
}

/** A fan's name in the current language (the other one as a subtitle). */
function fanNames(f) {
  const zh = f.name || f.name_zh || "";
  const en = f.name_en || fanEnglish(zh) || zh;
  return lang === "zh" ? [zh, en] : [en, zh];
}

const fanEnglishByName = new Map();
function fanEnglish(zh) {
  return fanEnglishByName.get(zh);
}

// ---------------------------------------------------------------------------- CJK font

// The CJK fonts of style.css's --cjk-fonts, best first.
const CJK_FONTS = [
  "Noto Sans CJK SC",
  "Source Han Sans SC",
  "Source Han Sans CN",
  "PingFang SC",
  "Hiragino Sans GB",
  "Microsoft YaHei",
  "Noto Sans SC",
  "WenQuanYi Micro Hei",
];
const FONT_NOTICE_KEY = "fanshu.font-notice";

/** Whether the browser has the font ``name``.  document.fonts.check answers false for a
 * font it knows is missing, but true for any system font name it has not loaded (Chromium
 * says true even for a made-up name); so a true is confirmed by a width test: a Latin
 * sample drawn in the font, falling back to monospace and to serif, is as wide as the
 * plain fallback in both only when the font is absent. */
function hasFont(name) {
  try {
    if (document.fonts && !document.fonts.check(`16px "${name}"`, "中")) return false;
  } catch {
    /* an old browser: the width test alone */
  }
  const ctx = document.createElement("canvas").getContext("2d");
  if (!ctx) return false;
  const sample = "mmmmmmmmmmwwwwwlli 0123456789";
  const width = (font) => {
    ctx.font = font;
    return ctx.measureText(sample).width;
  };
  return ["monospace", "serif"].some((base) => width(`16px "${name}", ${base}`) !== width(`16px ${base}`));
}

/** The first CJK font of CJK_FONTS the browser has, or "" when it has none. */
function detectCJKFont() {
  return CJK_FONTS.find(hasFont) || "";
}

/** Name the CJK font found (body[data-cjk-font]); with none, a notice in both languages
 * says what to install (closed for good by its button). */
function checkFonts() {
  const found = detectCJKFont();
  document.body.dataset.cjkFont = found;
  const note = $('[data-testid="font-notice"]');
  const dismissed = localStorage.getItem(FONT_NOTICE_KEY) === "closed";
  note.hidden = !!found || dismissed;
  if (found) return;
  // English first: without the font the Chinese may show as boxes
  const en = TEXT_EN["font.missing"] || "font.missing";
  const zh = TEXT_ZH["font.missing"] || "";
  $('[data-testid="font-notice-text"]').textContent = zh && zh !== en ? `${en} / ${zh}` : en;
  $('[data-testid="font-notice-close"]').onclick = () => {
    localStorage.setItem(FONT_NOTICE_KEY, "closed");
    note.hidden = true;
  };
}

// ---------------------------------------------------------------------------- helpers

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function tileHTML(code, { size = "", cls = "", testid = "", attrs = "", title = true } = {}) {
  const name = code === "back" ? "" : tileName(code, lang);
  const tid = testid ? ` data-testid="${testid}"` : "";
  const tt = title && name ? ` title="${esc(name)}"` : "";
  return `<span class="tile ${size} ${cls}" data-tile="${code}"${tid}${tt}${attrs} role="img" aria-label="${esc(name || "tile")}">${tileSVG(code)}</span>`;
}

function tilesHTML(codes, opts = {}) {
  return codes.map((c) => tileHTML(c, opts)).join("");
}

const SUIT_ORDER = { m: 0, p: 1, s: 2 };
function tileKey(code) {
  if (code.length === 2 && code[1] in SUIT_ORDER) return SUIT_ORDER[code[1]] * 10 + Number(code[0]);
  const h = HONORS.indexOf(code);
  if (h >= 0) return 40 + h;
  return 60 + Number(code[0]);
}
const sortTiles = (codes) => [...codes].sort((a, b) => tileKey(a) - tileKey(b));

/** An error of the hand string, in the interface's language, with its catalog key. */
function parseError(key, ...args) {
  const err = new Error(t(key, ...args));
  err.key = key;
  return err;
}

// The mistakes of fanshu's own syntax: the text may be another notation (mpsz's 11z or 0m,
// Botzone's W1, 一万, 🀇 …), which the server reads (POST /v1/convert).  The other parse
// errors (five copies, a chow that is none, too many tiles) are fanshu's word on it.
const OTHER_NOTATION_MAY_READ = new Set([
  "parse.suit_alone",
  "parse.zero",
  "parse.digits_before",
  "parse.unexpected",
  "parse.digits_after",
  "parse.not_meld",
  "parse.unclosed",
  "parse.melds_first",
]);

/** Tile codes of a plain run such as "123m55pEE" (no brackets). */
function parseRun(text) {
  const out = [];
  let digits = [];
  for (const ch of text) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else if (ch === "m" || ch === "p" || ch === "s") {
      if (!digits.length) throw parseError("parse.suit_alone", ch);
      for (const d of digits) {
        if (d === "0") throw parseError("parse.zero");
        out.push(d + ch);
      }
      digits = [];
    } else if (ch === "f") {
      throw parseError("parse.flowers");
    } else if (HONORS.includes(ch)) {
      if (digits.length) throw parseError("parse.digits_before", ch);
      out.push(ch);
    } else if (/\s/.test(ch)) continue;
    else throw parseError("parse.unexpected", ch);
  }
  if (digits.length) throw parseError("parse.digits_after");
  return out;
}

/** Compact codes: "1112345678999m", "123m456p", "EEE". */
function formatRun(codes) {
  let out = "";
  let digits = "";
  let suit = "";
  for (const c of codes) {
    if (c.length === 2 && c[1] in SUIT_ORDER) {
      if (digits && c[1] !== suit) {
        out += digits + suit;
        digits = "";
      }
      digits += c[0];
      suit = c[1];
    } else {
      if (digits) out += digits + suit;
      digits = "";
      out += c;
    }
  }
  if (digits) out += digits + suit;
  return out;
}

function nextTile(code, k) {
  return `${Number(code[0]) + k}${code[1]}`;
}

// ---------------------------------------------------------------------------- melds

function meldTiles(m) {
  if (m.kind === "chow") return [m.tile, nextTile(m.tile, 1), nextTile(m.tile, 2)];
  if (m.kind === "pung") return [m.tile, m.tile, m.tile];
  return [m.tile, m.tile, m.tile, m.tile];
}

function meldText(m) {
  const run = formatRun(meldTiles(m));
  if (m.kind === "ckong") return `[${run}]`;
  const src = m.src ?? (m.kind === "kong" ? 1 : null);
  return `[${run}${src && !(m.kind !== "kong" && src === 1) ? src : ""}]`;
}

function parseMeld(body) {
  let raw = body.trim();
  let src = null;
  if (raw.length >= 2 && /[0-9]/.test(raw.at(-1)) && /[mpsESWNCFP]/.test(raw.at(-2))) {
    src = Number(raw.at(-1));
    raw = raw.slice(0, -1);
  }
  const tiles = parseRun(raw);
  const shown = `[${body}]`;
  if (tiles.length === 3 && tiles[0] !== tiles[1]) {
    const s = sortTiles(tiles);
    const ok = s[0].length === 2 && s[0][1] === s[2][1] && s[1] === nextTile(s[0], 1) && s[2] === nextTile(s[0], 2);
    if (!ok) throw parseError("parse.chow", shown);
    return { kind: "chow", tile: s[0], src: src && src !== 1 ? src : null };
  }
  if ((tiles.length === 3 || tiles.length === 4) && tiles.every((x) => x === tiles[0])) {
    if (tiles.length === 3) return { kind: "pung", tile: tiles[0], src: src && src !== 1 ? src : null };
    if (!src) return { kind: "ckong", tile: tiles[0], src: null };
    if (src >= 5 && src <= 7) return { kind: "akong", tile: tiles[0], src };
    if (src >= 1 && src <= 3) return { kind: "kong", tile: tiles[0], src };
    throw parseError("parse.kong_digit", shown);
  }
  throw parseError("parse.not_meld", shown);
}

/** Parse a fanshu hand string into the picker's state; throws Error with a message. */
function parseHandString(text) {
  const melds = [];
  let rest = "";
  let i = 0;
  const s = text.trim();
  while (i < s.length) {
    if (s[i] === "[") {
      const j = s.indexOf("]", i + 1);
      if (j < 0) throw parseError("parse.unclosed");
      if (rest.trim()) throw parseError("parse.melds_first");
      melds.push(parseMeld(s.slice(i + 1, j)));
      i = j + 1;
    } else {
      rest += s[i];
      i += 1;
    }
  }
  const concealed = parseRun(rest);
  const copies = {};
  for (const c of [...melds.flatMap(meldTiles), ...concealed]) {
    copies[c] = (copies[c] || 0) + 1;
    if (copies[c] > 4) throw parseError("parse.copies", lang === "zh" ? tileName(c, "zh") : c);
  }
  if (melds.length > 4) throw parseError("picker.melds_max");
  const count = melds.length * 3 + concealed.length;
  if (count > 14) throw parseError("parse.too_many", count);
  let win = null;
  if (count === 14) win = concealed.pop();
  return { melds, concealed, win };
}

// ---------------------------------------------------------------------------- API

class ApiError extends Error {
  constructor(message, code, status, retryAfter = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** The match or tournament a /v1 path belongs to ({kind, id}), or null. */
function objectOfPath(path) {
  const m = /^\/v1\/(matches|tournaments)\/([^/?]+)/.exec(path);
  if (!m || m[2] === "import") return null;
  return { kind: m[1] === "matches" ? "match" : "tournament", id: decodeURIComponent(m[2]) };
}

/** The headers of a request: the interface's language (Accept-Language), the object's kept token (Bearer), and on every request
 * that changes something the JSON content type (the server refuses any other: 415) and,
 * logged in to a club, the session's CSRF token. */
function requestHeaders(method, path, token = null) {
  // the interface's language: the server writes its problems (a hand's error …) in it
  const headers = { "Accept-Language": lang === "zh" ? "zh-CN,zh;q=0.9,en;q=0.5" : "en" };
  const writes = method !== "GET" && method !== "HEAD";
  if (writes) headers["Content-Type"] = "application/json";
  const obj = objectOfPath(path);
  const bearer = token || (obj ? tokenFor(obj.kind, obj.id) : null);
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (writes && club.csrf) headers["X-CSRF-Token"] = club.csrf;
  return headers;
}

async function problemOf(res) {
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  let detail = data && (data.detail ?? data.title);
  if (Array.isArray(detail)) {
    detail = detail.map((d) => (d.loc ? `${d.loc.filter((x) => x !== "body").join(".")}: ${d.msg}` : d.msg || JSON.stringify(d))).join("; ");
  } else if (detail && typeof detail === "object") detail = JSON.stringify(detail);
  return new ApiError(detail || `HTTP ${res.status}`, (data && data.code) || "", res.status, res.headers.get("Retry-After"));
}

/** One request to the server; the answer's JSON (or, with raw, the Response). */
async function api(method, path, body, { token = null, raw = false } = {}) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: requestHeaders(method, path, token),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(t("err.network"), "network", 0);
  }
  if (!res.ok) throw await problemOf(res);
  if (raw) return res;
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

// What a problem's code means, in the interface's language (the server's English detail
// is shown under it in the Chinese interface).
// (the texts are the catalog's problem.<code> messages)

function problemText(err) {
  if (err.code && hasText(`problem.${err.code}`)) return t(`problem.${err.code}`);
  return lang === "zh" ? t("problem.http", err.status) : err.message;
}

/** An error as one line: in the Chinese interface a server problem's Chinese text, then
 * the server's own words. */
function errorText(err) {
  if (!(err instanceof ApiError) || lang !== "zh") return err.message;
  const zh = problemText(err);
  return err.message && err.message !== zh ? `${zh}${t("sep.colon")}${err.message}` : zh;
}

let toastTimer = 0;
const TOAST_MS = 8000;
/** Show an error: an ApiError (by its code; in the Chinese interface the Chinese text with
 * the server's words under it), an Error, or a message. */
function showError(err) {
  const box = $('[data-testid="toast"]');
  const msgEl = $('[data-testid="error"]');
  const detailEl = $('[data-testid="error-detail"]');
  let message = "";
  let detail = "";
  if (err instanceof ApiError) {
    if (lang === "zh") {
      message = problemText(err);
      detail = err.message && err.message !== message ? err.message : "";
    } else message = err.message || problemText(err);
    if (err.code === "rate_limited" && err.retryAfter) message += ` ${t("toast.retry_after", err.retryAfter)}`;
  } else message = err && err.message !== undefined ? err.message : String(err);
  msgEl.textContent = message;
  detailEl.textContent = detail;
  detailEl.hidden = !detail;
  box.dataset.code = err instanceof ApiError ? err.code : "";
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideError, TOAST_MS);
}

function hideError() {
  clearTimeout(toastTimer);
  $('[data-testid="toast"]').hidden = true;
}

// ---------------------------------------------------------------------------- access

// The tokens this browser was given (creating a match or tournament, or opening a share
// link), by "match:ID" / "tournament:ID": {token, role "edit"|"view"|"", view_token}.
// A tournament's table match opened here borrows its tournament's token ("via").
const ACCESS_KEY = "fanshu.access";
function readKept() {
  try {
    const v = JSON.parse(localStorage.getItem(ACCESS_KEY) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}
const kept = readKept();

/** Write the roles a resolve learnt into what is kept now, not the copy it started from:
 * an entry removed meanwhile (another tab, the user clearing the site's data) stays gone. */
function saveRoles(keys) {
  const now = readKept();
  for (const key of keys) if (now[key] && kept[key]) now[key].role = kept[key].role;
  for (const key of Object.keys(kept)) if (!(key in now)) delete kept[key];
  localStorage.setItem(ACCESS_KEY, JSON.stringify(now));
}

function saveAccess() {
  localStorage.setItem(ACCESS_KEY, JSON.stringify(kept));
}

function keptFor(kind, id) {
  return kept[`${kind}:${id}`] || null;
}

function tokenFor(kind, id) {
  const k = keptFor(kind, id);
  return k ? k.token : null;
}

function keepAccess(kind, id, entry) {
  kept[`${kind}:${id}`] = { ...(kept[`${kind}:${id}`] || {}), ...entry };
  saveAccess();
}

/** Keep the `access` of a 201 answer (POST /v1/matches, /v1/tournaments, import). */
function keepCreated(kind, out) {
  const a = out && out.access;
  if (!a || !out.id) return;
  keepAccess(kind, out.id, { token: a.edit_token, role: "edit", view_token: a.view_token || null });
}

/** "edit", "view", or "" when nothing says (the server decides then). */
function roleFor(kind, id) {
  const k = keptFor(kind, id);
  if (k && k.role) return k.role;
  if (club.name) return "edit";
  return "";
}

const canEdit = (kind, id) => roleFor(kind, id) !== "view";

function shareLink(kind, id, token) {
  return `${location.origin}/#/${kind}/${encodeURIComponent(id)}?key=${encodeURIComponent(token)}`;
}

/** The view link of an object: the kept view token, a new one from the server (edit), or
 * the viewer's own. */
async function viewLinkOf(kind, id) {
  const k = keptFor(kind, id) || {};
  if (k.view_token) return shareLink(kind, id, k.view_token);
  if (k.role === "view" && k.token) return shareLink(kind, id, k.token);
  const plural = kind === "match" ? "matches" : "tournaments";
  const out = await api("POST", `/v1/${plural}/${encodeURIComponent(id)}/share`, { role: "view", label: "web" });
  if (out && out.token) keepAccess(kind, id, { view_token: out.token });
  return out && out.token ? shareLink(kind, id, out.token) : location.origin + out.link;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard (http, or no permission): the link stays in its field to copy by hand
  }
}

/** The share row of a match or tournament: its role mark, copy buttons and the link. */
function shareHTML(kind, id, prefix) {
  const role = roleFor(kind, id);
  const k = keptFor(kind, id) || {};
  // a table's sheet seen through a tournament's view link is shared by that link
  const btns =
    k.via && role === "view" ? [] : [`<button type="button" class="btn small" data-share="view" data-testid="${prefix}copy-view-link">${t("acc.copy_view")}</button>`];
  if (role !== "view" && k.token && !k.via)
    btns.push(`<button type="button" class="btn small" data-share="edit" data-testid="${prefix}copy-edit-link">${t("acc.copy_edit")}</button>`);
  if (!btns.length) return "";
  return (
    `<div class="row share-row">${btns.join("")}` +
    `<input type="text" class="share-link" readonly data-testid="${prefix}share-link" aria-label="${esc(t("acc.link"))}">` +
    `<span class="muted small" data-testid="${prefix}share-note"></span></div>`
  );
}

function bindShare(container, kindOf) {
  container.addEventListener("click", async (e) => {
    const b = e.target.closest("button[data-share]");
    if (!b) return;
    const obj = kindOf();
    if (!obj) return;
    const field = $(".share-link", container);
    const note = $(".share-row .muted", container);
    try {
      const link = b.dataset.share === "edit" ? shareLink(obj.kind, obj.id, tokenFor(obj.kind, obj.id)) : await viewLinkOf(obj.kind, obj.id);
      field.value = link;
      field.dataset.role = b.dataset.share;
      const copied = await copyText(link);
      note.textContent = copied ? t("acc.copied") : t("acc.copy_by_hand");
      field.select();
    } catch (err) {
      showError(err);
    }
  });
}

/** Ask the server what the kept tokens open (POST /v1/access/resolve), fix their roles and
 * return the list lines [{kind, id, role, summary}]. */
async function resolveKept() {
  const keys = Object.keys(kept).filter((k) => kept[k].token && !kept[k].via);
  if (!keys.length) return [];
  const tokens = keys.map((k) => kept[k].token).slice(0, 200);
  const out = await api("POST", "/v1/access/resolve", { tokens });
  const lines = [];
  for (const r of Array.isArray(out) ? out : []) {
    const key = keys[r.token_index];
    if (!key) continue;
    kept[key].role = r.role;
    lines.push({ kind: r.kind, id: r.id, role: r.role, summary: r.summary || {} });
  }
  saveRoles(keys);
  return lines.filter((l) => `${l.kind}:${l.id}` in kept);
}

// ---------------------------------------------------------------------------- club mode

// The log-in of a club server (fanshu serve --accounts). GET /v1/session: 200 logged in,
// 401 not logged in, 404 (or anything else) a server without accounts.
const CSRF_KEY = "fanshu.csrf";
const club = { on: false, name: "", role: "", csrf: localStorage.getItem(CSRF_KEY) || "" };

async function loadSession() {
  let res;
  try {
    res = await fetch("/v1/session", { headers: {} });
  } catch {
    return;
  }
  if (res.status === 200) {
    const who = await res.json().catch(() => ({}));
    Object.assign(club, { on: true, name: who.name || "", role: who.role || "" });
    if (who.csrf) club.csrf = who.csrf;
  } else if (res.status === 401) {
    Object.assign(club, { on: true, name: "", role: "", csrf: "" });
  } else {
    Object.assign(club, { on: false, name: "", role: "" });
  }
  renderClub();
}

function renderClub() {
  const card = $('[data-testid="club"]');
  card.hidden = !club.on;
  $('[data-testid="club-in"]').hidden = !club.name;
  $('[data-testid="login-form"]').hidden = !!club.name;
  $('[data-testid="club-who"]').textContent = club.name ? t("club.who", club.name, club.role ? t(`club.role_${club.role}`) : "") : "";
}

async function logIn(e) {
  e.preventDefault();
  const name = $('[data-testid="login-name"]').value.trim();
  const password = $('[data-testid="login-password"]').value;
  try {
    const who = await api("POST", "/v1/session", { name, password });
    Object.assign(club, { on: true, name: who.name, role: who.role, csrf: who.csrf || "" });
    localStorage.setItem(CSRF_KEY, club.csrf);
    $('[data-testid="login-password"]').value = "";
  } catch (err) {
    if (err.status === 401) err.code = "bad_login"; // the log-in's own refusal: not a missing key
    showError(err);
  }
  renderClub();
  refreshMine();
}

async function logOut() {
  try {
    await api("DELETE", "/v1/session");
  } catch (err) {
    if (err.status !== 401) showError(err);
  }
  Object.assign(club, { name: "", role: "", csrf: "" });
  localStorage.removeItem(CSRF_KEY);
  renderClub();
  refreshMine();
}

// ---------------------------------------------------------------------------- my list

let mine = [];

/** The matches and tournaments this browser can open again: its kept tokens, and in club
 * mode the account's own (GET /v1/matches, /v1/tournaments with the session cookie). */
async function refreshMine() {
  const byKey = new Map();
  try {
    for (const line of await resolveKept()) byKey.set(`${line.kind}:${line.id}`, line);
  } catch {
    /* the server could not say this time: the tokens stay kept for the next refresh */
  }
  // a kept token the server does not know (revoked, or another server's) is left out
  if (club.name) {
    for (const [kind, plural] of [["match", "matches"], ["tournament", "tournaments"]]) {
      try {
        const list = await api("GET", `/v1/${plural}`);
        for (const x of Array.isArray(list) ? list : []) {
          const key = `${kind}:${x.id}`;
          if (!byKey.has(key)) byKey.set(key, { kind, id: x.id, role: "edit", summary: x });
        }
      } catch {
        /* listed on the next refresh */
      }
    }
  }
  mine = [...byKey.values()];
  renderMine();
}

function summaryText(line) {
  const s = line.summary || {};
  const players = (s.players || []).map((p) => (typeof p === "string" ? p : p.name)).filter(Boolean);
  const parts = [];
  if (s.name) parts.push(s.name);
  if (players.length) parts.push(players.length > 4 ? `${players.slice(0, 4).join(" · ")} …(${players.length})` : players.join(" · "));
  if (line.kind === "match" && s.hands_played !== undefined) parts.push(t("mine.hands", s.hands_played));
  return parts.join(" — ");
}

function renderMine() {
  const el = $('[data-testid="mine-list"]');
  if (!el) return;
  if (!mine.length) {
    el.innerHTML = `<p class="muted small" data-testid="mine-empty">${t("mine.empty")}</p>`;
    return;
  }
  el.innerHTML =
    `<ul class="mine-items">` +
    mine
      .map(
        (x) =>
          `<li><button type="button" class="mine-item" data-testid="mine-item" data-kind="${esc(x.kind)}" data-id="${esc(x.id)}" data-role="${esc(x.role)}">` +
          `<span class="chip">${t(`mine.${x.kind}`)}</span> <code>${esc(x.id)}</code> <span class="mine-summary">${esc(summaryText(x))}</span>` +
          ` <span class="badge ${x.role === "view" ? "readonly" : "editable"}">${x.role ? t(`mine.role_${x.role}`) : ""}</span></button></li>`,
      )
      .join("") +
    `</ul>`;
}

// ---------------------------------------------------------------------------- state

const saved = (() => {
  try {
    return JSON.parse(localStorage.getItem("fanshu.state") || "{}");
  } catch {
    return {};
  }
})();

const state = {
  tab: "calc",
  rules: [], // [{name, title, title_en}]
  ruleInfo: {}, // name -> GET /v1/rules/{name}
  picker: { melds: [], concealed: [], win: null, mode: "tile" },
  ctx: {
    rules: "mcr",
    self_drawn: false,
    fourth_tile: false,
    kong: false,
    wall_last: false,
    dealer: false,
    first_turn: false,
    ready_at_start: false,
    kong_discard: false,
    seat_wind: "E",
    prevalent_wind: "E",
    flowers: 0,
    wildcard: "", // the kind wild this hand ("" none): sent for rule sets played with one
    options: {}, // rule set name -> {option: JSON value}, only those changed from the default
    ...(saved.ctx || {}),
  },
  optionErrors: {}, // option name -> message, for input that cannot be sent
  score: null, // {hand, result} | {hand, error}
  showExcluded: false,
  settleFrom: "",
  payments: null,
  analysis: null,
  visible: "",
  match: null,
  recBy: "fan",
  tournament: null,
  history: null, // the open match's audit trail (null: none shown)
  play: null,
  playNotice: null, // an i18n key: what became of the remembered game on load
  typed: null, // {text, from, hand}: the hand field in another notation, as the server read it
};

if (saved.hand) {
  try {
    Object.assign(state.picker, parseHandString(saved.hand));
  } catch {
    /* a stale saved hand: start empty */
  }
}

function save() {
  localStorage.setItem("fanshu.state", JSON.stringify({ hand: handString(), ctx: state.ctx }));
}

// ---------------------------------------------------------------------------- picker

function tileCount() {
  const p = state.picker;
  return p.melds.length * 3 + p.concealed.length + (p.win ? 1 : 0);
}

function copies(code) {
  const p = state.picker;
  let n = 0;
  for (const m of p.melds) n += meldTiles(m).filter((x) => x === code).length;
  n += p.concealed.filter((x) => x === code).length;
  if (p.win === code) n += 1;
  return n;
}

/** The hand field's text: as typed in another notation while the picker holds what the
 * server read it as, else the picker's hand in fanshu's notation. */
function shownHandString() {
  const typed = state.typed;
  return typed && typed.hand === handString() ? typed.text : handString();
}

/** Under the hand field: the notation the server read the typed hand in, and the hand in
 * fanshu's notation (the API's echo of it). */
function renderNotation() {
  if (!pickerEl) return;
  const el = $('[data-testid="hand-notation"]', pickerEl);
  const typed = state.typed;
  const on = !!(typed && typed.hand === handString() && typed.from && typed.from !== "fanshu");
  el.hidden = !on;
  el.dataset.notation = on ? typed.from : "";
  el.textContent = on ? t("picker.read_as", hasText(`notation.${typed.from}`) ? t(`notation.${typed.from}`) : typed.from, typed.hand) : "";
}

function handString() {
  const p = state.picker;
  return p.melds.map(meldText).join("") + formatRun(sortTiles(p.concealed)) + (p.win || "");
}

/** How a rule set uses a wildcard (GET /v1/rules: wildcards), null when it has none. */
function wildcardRule(rules = state.ctx.rules) {
  const info = state.ruleInfo[rules];
  if (info && info.wildcards !== undefined) return info.wildcards;
  const row = state.rules.find((r) => r.name === rules);
  return row && row.wildcards !== undefined ? row.wildcards : null;
}

/** The wild kind to send with a request: the chosen one, for a rule set with wildcards. */
function chosenWildcard(rules = state.ctx.rules) {
  return wildcardRule(rules) && state.ctx.wildcard ? state.ctx.wildcard : null;
}

/** What a result's wild tiles stood for, drawn ({kind, stood_for, winning}). */
function wildcardsHTML(w) {
  if (!w || !w.kind) return "";
  const kind = tileHTML(w.kind, { size: "xs" });
  const stood = Array.isArray(w.stood_for) ? w.stood_for : [];
  let text;
  if (!stood.length && !w.winning) text = t("result.wild_none", kind);
  else {
    const parts = [];
    if (stood.length) parts.push(t("result.wildcards", kind, tilesHTML(stood, { size: "xs" })));
    if (w.winning) parts.push(t("result.wild_winning", tileHTML(w.winning, { size: "xs" })));
    text = parts.join(t("sep.list"));
  }
  return `<span class="wild-note" data-testid="score-wildcards" data-kind="${esc(w.kind)}" data-stood-for="${esc(stood.join(" "))}" data-winning="${esc(w.winning || "")}">${text}</span>`;
}

function ruleTiles() {
  const info = state.ruleInfo[state.ctx.rules];
  if (info && Array.isArray(info.tiles) && info.tiles.length) return new Set(info.tiles);
  if (state.ctx.rules === "sichuan") return new Set(ALL_TILES.filter((c) => c.length === 2));
  return new Set(ALL_TILES);
}

function canPlace(mode, code) {
  const p = state.picker;
  const count = tileCount();
  if (mode === "tile") return count < 14 && copies(code) < 4;
  if (p.melds.length >= 4 || count + 3 > 14) return false;
  if (mode === "chow") {
    if (code.length !== 2 || Number(code[0]) > 7 || state.ctx.rules === "sichuan") return false;
    return [0, 1, 2].every((k) => copies(nextTile(code, k)) < 4);
  }
  if (mode === "pung") return copies(code) <= 1;
  return copies(code) === 0; // kongs
}

function normalizePicker() {
  const p = state.picker;
  if (tileCount() === 14 && !p.win && p.concealed.length) p.win = p.concealed.pop();
}

function place(code) {
  const p = state.picker;
  const mode = p.mode;
  if (!canPlace(mode, code)) {
    if (tileCount() >= 14) showError(t("picker.full"));
    return;
  }
  if (mode === "tile") {
    if (tileCount() === 13) p.win = code;
    else p.concealed.push(code);
  } else {
    p.melds.push({ kind: mode, tile: code, src: null });
  }
  normalizePicker();
  pickerChanged();
}

function tapHandTile(index) {
  const p = state.picker;
  if (p.win) {
    const old = p.win;
    p.win = p.concealed[index];
    p.concealed[index] = old;
  } else {
    p.concealed.splice(index, 1);
  }
  pickerChanged();
}

function backspace() {
  const p = state.picker;
  if (p.win) p.win = null;
  else if (p.concealed.length) p.concealed.pop();
  else p.melds.pop();
  pickerChanged();
}

let pickerEl = null;

function buildPicker() {
  const tpl = $("#picker-template");
  pickerEl = tpl.content.firstElementChild.cloneNode(true);
  // the palette: one row per suit, then honours
  const rows = [
    ...SUITS.map((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}${s}`)),
    HONORS,
  ];
  $(".palette", pickerEl).innerHTML = rows
    .map(
      (row, i) =>
        `<div class="palette-row" data-row="${i < 3 ? SUITS[i] : "z"}">` +
        row
          .map(
            (c) =>
              `<button type="button" class="tile-btn" data-tile="${c}" data-testid="palette-${c}">${tileHTML(c, { title: false })}</button>`,
          )
          .join("") +
        `</div>`,
    )
    .join("");
  $(".palette", pickerEl).addEventListener("click", (e) => {
    const b = e.target.closest("button[data-tile]");
    if (b && !b.disabled) place(b.dataset.tile);
  });
  $(".modes", pickerEl).addEventListener("click", (e) => {
    const b = e.target.closest("button[data-mode]");
    if (!b) return;
    state.picker.mode = b.dataset.mode;
    renderPicker();
  });
  $(".hand", pickerEl).addEventListener("click", (e) => {
    const el = e.target.closest("[data-act]");
    if (!el) return;
    const p = state.picker;
    if (el.dataset.act === "meld") p.melds.splice(Number(el.dataset.index), 1);
    else if (el.dataset.act === "win") p.win = null;
    else if (el.dataset.act === "tile") return tapHandTile(Number(el.dataset.index));
    pickerChanged();
  });
  $('[data-testid="backspace"]', pickerEl).addEventListener("click", backspace);
  $('[data-testid="clear"]', pickerEl).addEventListener("click", () => {
    Object.assign(state.picker, { melds: [], concealed: [], win: null });
    pickerChanged();
  });
  const input = $(".hand-string", pickerEl);
  let convertSeq = 0;
  let convertTimer = 0;
  const fromString = () => {
    const errEl = $('[data-testid="hand-string-error"]', pickerEl);
    const text = input.value.trim();
    const seq = ++convertSeq;
    clearTimeout(convertTimer);
    try {
      const parsed = parseHandString(text);
      Object.assign(state.picker, parsed);
      state.typed = null;
      errEl.hidden = true;
      pickerChanged({ fromInput: true });
    } catch (err) {
      if (!OTHER_NOTATION_MAY_READ.has(err.key)) {
        errEl.textContent = err.message;
        errEl.hidden = false;
        renderNotation();
        return;
      }
      // perhaps another notation: the server reads it (typing pauses first)
      errEl.hidden = true;
      convertTimer = setTimeout(() => readOtherNotation(text, err, seq), 250);
    }
  };
  const readOtherNotation = async (text, ownError, seq) => {
    convertTimer = 0;
    const errEl = $('[data-testid="hand-string-error"]', pickerEl);
    let answer = null;
    let problem = ownError;
    try {
      answer = await api("POST", "/v1/convert", { hand: text, to: "fanshu" });
    } catch (e) {
      // no convert endpoint (an older server): fanshu's own message
      if (e instanceof ApiError && e.status !== 404 && e.status !== 405 && e.code !== "network") problem = e;
    }
    if (seq !== convertSeq) return;
    if (answer && typeof answer.hand === "string") {
      try {
        Object.assign(state.picker, parseHandString(answer.hand));
        state.typed = { text, from: answer.from || "", hand: handString() };
        errEl.hidden = true;
        pickerChanged({ fromInput: true });
        return;
      } catch (e) {
        problem = e;
      }
    }
    state.typed = null;
    errEl.textContent = problem instanceof ApiError ? errorText(problem) : problem.message;
    errEl.hidden = false;
    renderNotation();
  };
  input.addEventListener("input", fromString);
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      fromString();
      input.blur();
    }
  });
  input.addEventListener("blur", () => {
    if ($('[data-testid="hand-string-error"]', pickerEl).hidden && !convertTimer) input.value = shownHandString();
  });
  $('[data-testid="wildcard"]', pickerEl).addEventListener("change", (e) => {
    state.ctx.wildcard = e.target.value;
    pickerChanged();
  });
  $(".rules-select", pickerEl).addEventListener("change", (e) => {
    state.ctx.rules = e.target.value;
    state.optionErrors = {};
    loadRuleInfo(state.ctx.rules);
    renderOptions();
    renderContext();
    pickerChanged();
  });
}

function renderPicker() {
  if (!pickerEl) return;
  const p = state.picker;
  const input = $(".hand-string", pickerEl);
  if (document.activeElement !== input) input.value = shownHandString();
  renderNotation();
  // the hand
  const parts = [];
  p.melds.forEach((m, i) => {
    const tiles = meldTiles(m);
    const faces =
      m.kind === "ckong"
        ? tileHTML("back", { size: "md" }) + tilesHTML([m.tile, m.tile], { size: "md" }) + tileHTML("back", { size: "md" })
        : tilesHTML(tiles, { size: "md" });
    parts.push(
      `<button type="button" class="meld ${m.kind}" data-act="meld" data-index="${i}" data-testid="hand-meld" data-meld="${meldText(m)}" title="${esc(meldText(m))}">${faces}</button>`,
    );
  });
  const wild = chosenWildcard();
  const sorted = p.concealed.map((c, i) => [c, i]).sort((a, b) => tileKey(a[0]) - tileKey(b[0]));
  const conc = sorted
    .map(
      ([c, i]) =>
        `<button type="button" class="tile-btn in-hand${c === wild ? " wild" : ""}" data-act="tile" data-index="${i}" data-testid="hand-tile" data-tile="${c}">${tileHTML(c, { size: "md" })}${c === wild ? wildBadge() : ""}</button>`,
    )
    .join("");
  if (conc) parts.push(`<span class="concealed">${conc}</span>`);
  if (p.win) {
    parts.push(
      `<span class="win-slot"><span class="win-label">${t("picker.win")}</span><button type="button" class="tile-btn win${p.win === wild ? " wild" : ""}" data-act="win" data-testid="win-tile" data-tile="${p.win}">${tileHTML(p.win, { size: "md" })}${p.win === wild ? wildBadge() : ""}</button></span>`,
    );
  }
  $(".hand", pickerEl).innerHTML = parts.length ? parts.join("") : `<span class="hand-empty">${t("picker.empty")}</span>`;
  $('[data-testid="tile-count"]', pickerEl).textContent = `${tileCount()}/14`;
  // the modes and the palette
  $$(".mode", pickerEl).forEach((b) => b.classList.toggle("active", b.dataset.mode === p.mode));
  const allowed = ruleTiles();
  $$(".palette button[data-tile]", pickerEl).forEach((b) => {
    const c = b.dataset.tile;
    b.hidden = !allowed.has(c);
    b.disabled = !canPlace(p.mode, c);
    const n = copies(c);
    b.dataset.used = n;
    b.classList.toggle("used4", n >= 4);
  });
  $$(".palette-row", pickerEl).forEach((row) => {
    row.hidden = $$("button", row).every((b) => b.hidden);
  });
  // the rules
  const sel = $(".rules-select", pickerEl);
  const names = state.rules.length ? state.rules : [{ name: "mcr" }, { name: "sichuan" }, { name: "two-player" }, { name: "beijing" }];
  sel.innerHTML = names
    .map((r) => `<option value="${esc(r.name)}">${esc(ruleTitle(r))}</option>`)
    .join("");
  sel.value = state.ctx.rules;
  // the wild tile: offered for rule sets played with one
  const rule = wildcardRule();
  const field = $('[data-testid="wildcard-field"]', pickerEl);
  field.hidden = !rule;
  const wsel = $('[data-testid="wildcard"]', pickerEl);
  if (wsel.dataset.lang !== lang) {
    wsel.dataset.lang = lang;
    wsel.innerHTML =
      `<option value="">${esc(t("picker.wildcard_none"))}</option>` +
      ALL_TILES.filter((c) => c.length === 2 || HONORS.includes(c))
        .filter((c) => !c.endsWith("f"))
        .map((c) => `<option value="${c}">${esc(`${c} ${tileName(c, lang)}`)}</option>`)
        .join("");
  }
  wsel.value = state.ctx.wildcard || "";
  field.title = rule ? t("picker.wildcard_title", (lang === "zh" ? rule.how_zh : rule.how_en) || "") : "";
}

function wildBadge() {
  return `<span class="wild-badge" data-testid="wild-badge">${esc(t("picker.wild_badge"))}</span>`;
}

function ruleTitle(r) {
  if (hasText(`rules.${r.name}`)) return t(`rules.${r.name}`);
  return (lang === "zh" ? r.title || r.title_zh : r.title_en) || r.name;
}

function pickerChanged({ fromInput = false } = {}) {
  if (!fromInput) $('[data-testid="hand-string-error"]', pickerEl).hidden = true;
  save();
  renderPicker();
  scheduleScore();
  scheduleAnalysis();
}

function placePicker() {
  const slot = $(`#view-${state.tab} .picker-slot`);
  if (slot && pickerEl.parentElement !== slot) slot.appendChild(pickerEl);
}

// ---------------------------------------------------------------------------- rules

async function loadRules() {
  try {
    const data = await api("GET", "/v1/rules");
    const list = Array.isArray(data) ? data : data.rules || data.items || [];
    state.rules = list.map((r) => (typeof r === "string" ? { name: r } : r));
  } catch {
    state.rules = [];
  }
  renderPicker();
  renderPlayRules();
}

/** The Play tab's rule sets: every one the engine plays (GET /v1/rules: playable), in
 * the server's order; the page's own list when the server did not answer. */
function renderPlayRules() {
  const sel = $('[data-testid="play-rules"]');
  if (!sel) return;
  const playable = state.rules.filter((r) => r.playable);
  if (!playable.length) return;
  const chosen = sel.value;
  sel.innerHTML = playable
    .map((r) => `<option value="${esc(r.name)}" data-wild="${r.wildcards ? "1" : ""}">${esc(ruleTitle(r))}${r.wildcards && r.wildcards.shapes && r.wildcards.shapes.length ? ` · ${esc(t("picker.wildcard"))}` : ""}</option>`)
    .join("");
  if (playable.some((r) => r.name === chosen)) sel.value = chosen;
}

const ruleInfoPending = {};
async function loadRuleInfo(name) {
  if (state.ruleInfo[name] || ruleInfoPending[name]) return ruleInfoPending[name];
  ruleInfoPending[name] = (async () => {
    try {
      const info = await api("GET", `/v1/rules/${encodeURIComponent(name)}`);
      state.ruleInfo[name] = info || {};
      // options kept from an older server that it no longer has: they would be refused
      const known = new Set((info.options || []).map((o) => o.name));
      const kept = state.ctx.options[name] || {};
      if (Object.keys(kept).some((k) => !known.has(k))) {
        state.ctx.options = { ...state.ctx.options, [name]: Object.fromEntries(Object.entries(kept).filter(([k]) => known.has(k))) };
        save();
        if (name === state.ctx.rules) scheduleScore();
      }
      for (const f of info.fans || []) {
        const zh = f.name || f.name_zh;
        if (zh && f.name_en) fanEnglishByName.set(zh, f.name_en);
      }
    } catch (err) {
      state.ruleInfo[name] = { error: errorText(err) };
    }
    renderPicker();
    if (name === state.ctx.rules) {
      renderOptions();
      renderContext();
    }
  })();
  return ruleInfoPending[name];
}

// ---------------------------------------------------------------------------- rule options

// Each rule set's options are read from GET /v1/rules/{name} (name, default, note), and
// the kind of control from the default: true/false, a number (or none), else text.  The
// server says nothing of labels or of the values a text option takes, so those few are
// kept here; an option the server adds later still gets a row (labelled by its name,
// with a text field) and a `choices` list from the server wins over this one.
// (their labels are the catalog's option.<name> messages)
const OPTION_CHOICES = {
  concealed_and_melded_kong: [5, 6],
  two_concealed_kongs: [6, 8],
  chicken_hand: [8, 1],
  blessings: ["off", "lianzhong", "two_player"],
  preset: ["seed000", "seed002"],
  ready_payment: ["max", "min"],
  robbed_kong_pays: ["discard", "self-drawn"],
  burn_total: ["sum", "last"],
};
// (their labels are the catalog's choice.<name>=<value> messages)

/** A default as /v1/rules writes it ("true", "5", "none", "off") as a JSON value. */
function optionValue(text) {
  const s = String(text).trim();
  if (s === "true" || s === "false") return s === "true";
  if (s === "none" || s === "null") return null;
  if (/^-?\d+$/.test(s)) return Number(s);
  return s;
}

/** The defaults of an option: {"": value}, or one per value of another option when the
 * server writes "seed000: none, seed002: 4" (the default follows Sichuan's preset). */
function optionDefaults(opt) {
  const text = String(opt.default ?? "");
  const parts = text.split(/,\s*/).map((x) => x.match(/^([\w-]+):\s*(.+)$/));
  if (parts.every(Boolean)) return Object.fromEntries(parts.map((m) => [m[1], optionValue(m[2])]));
  return { "": optionValue(text) };
}

function optionKind(opt) {
  if (Array.isArray(opt.choices) && opt.choices.length) return "choice";
  if (OPTION_CHOICES[opt.name]) return "choice";
  const values = Object.values(optionDefaults(opt));
  if (values.every((v) => typeof v === "boolean")) return "bool";
  if (values.every((v) => v === null || Number.isInteger(v))) return "int";
  return "text";
}

/** Whether a number option also takes none (no cap …): its default or its note says so. */
function optionTakesNone(opt) {
  return Object.values(optionDefaults(opt)).includes(null) || /\b(none|null)\b/.test(opt.note || "");
}

function intPlaceholder(opt) {
  return t(optionTakesNone(opt) ? "opt.int_none_placeholder" : "opt.int_placeholder", valueText(opt, defaultOption(opt)));
}

function optionChoices(opt) {
  return Array.isArray(opt.choices) && opt.choices.length ? opt.choices : OPTION_CHOICES[opt.name] || [];
}

function ruleOptions(rules = state.ctx.rules) {
  const info = state.ruleInfo[rules];
  return info && Array.isArray(info.options) ? info.options : [];
}

function chosenOptions(rules = state.ctx.rules) {
  return state.ctx.options[rules] || {};
}

/** The value an option has now: the one chosen, else its default. */
function effectiveOption(opt, rules = state.ctx.rules, seen = new Set()) {
  const chosen = chosenOptions(rules);
  return Object.hasOwn(chosen, opt.name) ? chosen[opt.name] : defaultOption(opt, rules, seen);
}

/** An option's default, following the option it depends on (the preset) when it does. */
function defaultOption(opt, rules = state.ctx.rules, seen = new Set()) {
  const defaults = optionDefaults(opt);
  if (Object.hasOwn(defaults, "")) return defaults[""];
  seen.add(opt.name);
  for (const other of ruleOptions(rules)) {
    if (seen.has(other.name)) continue;
    const v = String(effectiveOption(other, rules, seen));
    if (Object.hasOwn(defaults, v)) return defaults[v];
  }
  return Object.values(defaults)[0];
}

function optionLabel(name) {
  return hasText(`option.${name}`) ? t(`option.${name}`) : name;
}

function valueText(opt, v) {
  if (v === true) return t("opt.yes");
  if (v === false) return t("opt.no");
  if (v === null) return t("opt.none");
  const key = `choice.${opt.name}=${v}`;
  return hasText(key) ? t(key) : String(v);
}

/** The options to send with a request: the changed ones, or undefined for none. */
function optionsBody(rules = state.ctx.rules) {
  const chosen = chosenOptions(rules);
  return Object.keys(chosen).length ? { ...chosen } : undefined;
}

function setOption(name, value, isDefault) {
  const rules = state.ctx.rules;
  const chosen = { ...chosenOptions(rules) };
  if (isDefault) delete chosen[name];
  else chosen[name] = value;
  state.ctx.options = { ...state.ctx.options, [rules]: chosen };
  save();
}

function optionControlHTML(opt) {
  const kind = optionKind(opt);
  const id = `opt-${opt.name}`;
  const chosen = chosenOptions();
  const has = Object.hasOwn(chosen, opt.name);
  if (kind === "int" || kind === "text") {
    const v = has ? (chosen[opt.name] === null ? "none" : String(chosen[opt.name])) : "";
    const hint = kind === "int" ? intPlaceholder(opt) : valueText(opt, defaultOption(opt));
    return `<input type="text" data-testid="${id}" data-option="${esc(opt.name)}" data-kind="${kind}" value="${esc(v)}" autocomplete="off" spellcheck="false"${kind === "int" ? ' inputmode="numeric"' : ""} placeholder="${esc(hint)}">`;
  }
  const values = kind === "bool" ? [true, false] : optionChoices(opt);
  const options = values
    .map((v) => `<option value="${esc(JSON.stringify(v))}"${has && chosen[opt.name] === v ? " selected" : ""}>${esc(valueText(opt, v))}</option>`)
    .join("");
  return `<select data-testid="${id}" data-option="${esc(opt.name)}" data-kind="${kind}"><option value=""${has ? "" : " selected"} data-default="1"></option>${options}</select>`;
}

/** The option rows of the current rule set (built again when the rule set, the language
 * or the server's answer changes; typing only updates them). */
function renderOptions() {
  const card = $('[data-testid="rule-options"]');
  if (!card) return;
  const rules = state.ctx.rules;
  const info = state.ruleInfo[rules];
  const list = $('[data-testid="opt-list"]');
  $('[data-testid="opt-hint"]').textContent = t("opt.hint", rules);
  list.dataset.rules = rules;
  if (!info) {
    list.innerHTML = `<p class="muted">${t("opt.loading")}</p>`;
  } else if (info.error) {
    list.innerHTML = `<p class="bad">${esc(t("opt.unavailable", info.error))}</p>`;
  } else if (!ruleOptions(rules).length) {
    list.innerHTML = `<p class="muted">${t("opt.empty")}</p>`;
  } else {
    list.innerHTML = ruleOptions(rules)
      .map(
        (opt) =>
          `<div class="opt-row" data-testid="opt-row" data-option="${esc(opt.name)}">` +
          `<label class="opt-label" for="opt-input-${esc(opt.name)}"><span class="primary">${esc(optionLabel(opt.name))}</span> <code class="muted small">${esc(opt.name)}</code></label>` +
          `<div class="opt-control">${optionControlHTML(opt)}</div>` +
          `<div class="opt-note muted small">${esc(opt.note || "")}</div>` +
          `<div class="opt-error bad small" data-testid="opt-error-${esc(opt.name)}" hidden></div>` +
          `</div>`,
      )
      .join("");
    $$(".opt-control > *", list).forEach((el) => {
      el.id = `opt-input-${el.dataset.option}`;
    });
  }
  refreshOptions();
}

/** What follows a change without rebuilding the rows: the defaults shown (some follow
 * another option), the changed marks, the count, the errors. */
function refreshOptions() {
  const rules = state.ctx.rules;
  const byName = new Map(ruleOptions(rules).map((o) => [o.name, o]));
  const chosen = chosenOptions(rules);
  const serverError = state.score && state.score.optionError ? state.score.error : "";
  $$('[data-testid="opt-row"]').forEach((row) => {
    const opt = byName.get(row.dataset.option);
    if (!opt) return;
    const def = valueText(opt, defaultOption(opt));
    const control = $("[data-option]", row.querySelector(".opt-control"));
    if (control.tagName === "SELECT") control.querySelector("option[data-default]").textContent = t("opt.default", def);
    else if (control.dataset.kind === "int") control.placeholder = intPlaceholder(opt);
    else control.placeholder = def;
    const local = state.optionErrors[opt.name] || "";
    const named = serverError && new RegExp(`\\b${opt.name}\\b`).test(serverError) ? serverError : "";
    const err = $(".opt-error", row);
    err.textContent = local || named;
    err.hidden = !(local || named);
    row.classList.toggle("changed", Object.hasOwn(chosen, opt.name));
    row.classList.toggle("invalid", !!(local || named));
  });
  const n = Object.keys(chosen).length;
  $('[data-testid="opt-count"]').textContent = n ? t("opt.changed", n) : t("opt.all_default");
  $('[data-testid="rule-options"]').classList.toggle("has-changes", n > 0);
}

function bindOptions() {
  const list = $('[data-testid="opt-list"]');
  const changed = (el) => {
    const name = el.dataset.option;
    delete state.optionErrors[name];
    const raw = el.value.trim();
    if (el.tagName === "SELECT") setOption(name, raw ? JSON.parse(raw) : undefined, !raw);
    else if (!raw) setOption(name, undefined, true);
    else if (el.dataset.kind === "int") {
      const v = optionValue(raw);
      const opt = ruleOptions().find((o) => o.name === name) || { name };
      if ((v === null && optionTakesNone(opt)) || Number.isInteger(v)) setOption(name, v, false);
      else {
        state.optionErrors[name] = t(optionTakesNone(opt) ? "opt.bad_int_none" : "opt.bad_int", optionLabel(name), raw);
        setOption(name, undefined, true);
      }
    } else setOption(name, optionValue(raw), false);
    refreshOptions();
    scheduleScore();
  };
  list.addEventListener("change", (e) => {
    if (e.target.dataset.option) changed(e.target);
  });
  list.addEventListener("input", (e) => {
    if (e.target.dataset.option && e.target.tagName === "INPUT") changed(e.target);
  });
  $('[data-testid="opt-reset"]').addEventListener("click", () => {
    state.ctx.options = { ...state.ctx.options, [state.ctx.rules]: {} };
    state.optionErrors = {};
    save();
    renderOptions();
    scheduleScore();
  });
}

// ---------------------------------------------------------------------------- calculator

let scoreSeq = 0;
let scoreTimer = 0;
function scheduleScore() {
  clearTimeout(scoreTimer);
  scoreTimer = setTimeout(runScore, 120);
}

function scoreBody(hand) {
  const c = state.ctx;
  return {
    hand,
    rules: c.rules,
    self_drawn: c.self_drawn,
    fourth_tile: c.fourth_tile,
    kong: c.kong,
    wall_last: c.wall_last,
    seat_wind: c.seat_wind,
    prevalent_wind: c.prevalent_wind,
    flowers: c.flowers,
    dealer: c.dealer,
    first_turn: c.first_turn,
    ready_at_start: c.ready_at_start,
    kong_discard: c.kong_discard,
    options: optionsBody(),
    ...(chosenWildcard(c.rules) ? { wildcard: chosenWildcard(c.rules) } : {}),
  };
}

async function runScore() {
  const seq = ++scoreSeq;
  const hand = handString();
  if (tileCount() !== 14) {
    state.score = null;
    state.payments = null;
    renderScore();
    return;
  }
  const box = $('[data-testid="score-result"]');
  // an option typed wrong is not sent as its default: the score would mislead
  const options = JSON.stringify(optionsBody() || {}); // what this score was asked with
  const bad = Object.values(state.optionErrors);
  if (bad.length) {
    state.score = { hand, options, error: t("opt.bad", bad[0]) };
    state.payments = null;
    renderScore();
    return;
  }
  box.dataset.state = "loading";
  try {
    const result = await api("POST", "/v1/score", scoreBody(hand));
    if (seq !== scoreSeq) return;
    state.score = { hand, options, result };
  } catch (err) {
    if (seq !== scoreSeq) return;
    // bad_option: the server refused an option value (its message names the option)
    const optionError = err.code === "bad_option" && !!optionsBody();
    state.score = { hand, options, error: optionError ? t("opt.bad", err.message) : errorText(err), optionError };
  }
  state.payments = null;
  renderScore();
  refreshOptions();
  runSettle(seq);
}

function isWin(result) {
  return result && !result.error && Array.isArray(result.fans) && result.fans.length > 0;
}

const WIN_TILE_FANS = new Set([
  "单钓将", "边张", "嵌张", "自摸", "和绝张", "妙手回春", "海底捞月", "杠上开花", "抢杠和",
  "杠上炮", "杠上花", "抢杠胡", "金钩钓", "大钓", "捉五魁",
]);
// Fans of the whole hand's pattern: shown with the whole hand when the server gives no sets.
const HAND_FANS = new Set([
  "断幺", "无字", "缺一门", "平和", "全带幺", "五门齐", "混一色", "清一色", "碰碰和", "七对",
  "无番和", "平胡", "对对胡", "带幺九", "清对", "将对", "龙七对", "清七对", "清幺九", "清龙七对",
  "推倒和", "对对和", "一条龙", "豪华七对",
]);

/** The tiles shown beside a fan: its sets, else the winning tile or the whole hand. */
function fanTilesHTML(f, hand) {
  const sets = Array.isArray(f.sets) ? f.sets : Array.isArray(f.tiles) ? [f.tiles] : [];
  const groups = [];
  for (const s of sets) {
    try {
      const codes = Array.isArray(s) ? s : parseRun(String(s));
      if (codes.length) groups.push(codes);
    } catch {
      /* unknown set format: skip */
    }
  }
  const zh = f.name || f.name_zh || "";
  if (!groups.length && hand) {
    if (f.name_en === "Flower Tiles" || zh === "花牌") {
      const n = Math.min(8, f.count || 1);
      groups.push(hand.flowers && hand.flowers.length ? hand.flowers : Array.from({ length: n }, (_, i) => `${i + 1}f`));
    } else if (WIN_TILE_FANS.has(zh)) {
      if (hand.win) groups.push([hand.win]);
    } else if (HAND_FANS.has(zh) || ((f.value ?? 0) >= 6 && state.ctx.rules !== "sichuan")) {
      groups.push(...hand.melds.map(meldTiles), [...sortTiles(hand.concealed), ...(hand.win ? [hand.win] : [])]);
    }
  }
  if (!groups.length) return `<span class="muted">—</span>`;
  return groups.map((g) => `<span class="set">${tilesHTML(g, { size: "xs" })}</span>`).join("");
}

/** A fan's names as the button that shows its rule text (fanTextToggle). */
function fanNameButton(f, rules, primary, secondary) {
  const name = f.name || f.name_zh || "";
  return (
    `<button type="button" class="fan-info" data-fan-info="${esc(name)}" data-rules="${esc(rules)}" data-testid="fan-info" aria-expanded="false" title="${esc(t("fan.info_title"))}">` +
    `<span class="primary">${esc(primary)}</span>${secondary !== undefined ? `<span class="secondary">${esc(secondary)}</span>` : ""}</button>`
  );
}

function fanTableHTML(fans, hand, testid = "fan-table", rules = state.ctx.rules) {
  const rows = fans
    .map((f) => {
      const [primary, secondary] = fanNames(f);
      const value = f.value ?? f.unit ?? 0;
      const count = f.count ?? 1;
      const points = f.points ?? value * count;
      return (
        `<tr data-testid="fan-row" data-fan="${esc(f.name || f.name_zh || "")}" data-fan-en="${esc(f.name_en || "")}">` +
        `<td class="fan-name">${fanNameButton(f, rules, primary, secondary)}</td>` +
        `<td class="fan-tiles">${fanTilesHTML(f, hand)}</td>` +
        `<td class="fan-value" data-testid="fan-value">${value}${count > 1 ? `<span class="times">×${count}</span>` : ""}</td>` +
        `<td class="fan-points" data-testid="fan-points">${points}</td>` +
        `</tr>`
      );
    })
    .join("");
  return (
    `<table class="fan-table" data-testid="${testid}"><thead><tr>` +
    `<th>${t("th.fan")}</th><th>${t("th.tiles")}</th><th class="num">${t("th.value")}</th><th class="num">${t("th.points")}</th>` +
    `</tr></thead><tbody>${rows}</tbody></table>`
  );
}

function renderScore() {
  const box = $('[data-testid="score-result"]');
  if (!box) return;
  box.dataset.state = "idle";
  const totalEl = $('[data-testid="score-total"]');
  const note = $('[data-testid="score-message"]');
  const wrap = $('[data-testid="fan-table-wrap"]');
  const exc = $('[data-testid="excluded"]');
  const settle = $('[data-testid="settlement"]');
  const s = state.score;
  box.dataset.hand = s ? s.hand : "";
  box.dataset.options = s ? s.options : "";
  box.classList.remove("win", "nowin", "under");
  settle.hidden = true;
  exc.hidden = true;
  if (!s) {
    totalEl.textContent = "–";
    note.innerHTML = `${t("result.need14")} ${t("result.have", tileCount())}`;
    wrap.innerHTML = "";
    box.dataset.state = "empty";
    return;
  }
  if (s.error) {
    totalEl.textContent = "–";
    note.innerHTML = `<span class="bad">${esc(s.error)}</span>`;
    wrap.innerHTML = "";
    box.classList.add("nowin");
    box.dataset.state = "error";
    return;
  }
  const r = s.result;
  if (!isWin(r)) {
    totalEl.textContent = "0";
    const msg = r && r.error ? r.error.message || r.error.code : "";
    note.innerHTML = `<span class="bad">${t("result.not_win")}${esc(msg)}</span>`;
    wrap.innerHTML = "";
    box.classList.add("nowin");
    box.dataset.state = "nowin";
    return;
  }
  let hand = null;
  try {
    hand = parseHandString(s.hand);
  } catch {
    hand = null;
  }
  totalEl.textContent = String(r.total);
  const notes = [];
  if (r.shape && hasText(`shape.${r.shape}`)) notes.push(t("result.shape", t(`shape.${r.shape}`)));
  if (r.multiplier) notes.push(t("result.multiplier", r.multiplier));
  // capped is the fan paid after the cap (null: no cap); say so only when it bites
  if (Number.isInteger(r.capped) && r.capped < r.total) notes.push(`<span data-testid="score-capped">${t("result.capped_at", r.capped)}</span>`);
  const wildNote = wildcardsHTML(r.wildcards || (r.details && r.details.wildcards));
  if (wildNote) notes.push(wildNote);
  const payment = r.details && r.details.payment;
  if (Number.isInteger(payment)) notes.push(`<span data-testid="score-payment">${t("result.payment", payment)}</span>`);
  const d = r.details || {};
  if (Number.isInteger(d.tai) && Number.isInteger(d.di_tai) && Number.isInteger(d.fan)) notes.push(`<span data-testid="score-tai">${t("result.tai", d.tai, d.di_tai, d.fan)}</span>`);
  if (Number.isInteger(d.points)) notes.push(`<span data-testid="score-points">${t("result.points", d.points)}</span>`);
  const minimum = (state.ruleInfo[state.ctx.rules] || {}).minimum ?? (state.ctx.rules === "mcr" ? 8 : 0);
  const withoutFlowers = r.total_without_flowers ?? r.total - (state.ctx.rules === "mcr" ? state.ctx.flowers : 0);
  const under = r.meets_minimum === false || (minimum && withoutFlowers < minimum);
  if (under) notes.push(`<span class="bad">${t("result.under_min", minimum)}</span>`);
  note.innerHTML = notes.join(" · ");
  box.classList.add(under ? "under" : "win");
  wrap.innerHTML = fanTableHTML(r.fans, hand);
  // excluded fans
  if (state.showExcluded) {
    exc.hidden = false;
    const list = r.excluded || [];
    exc.innerHTML = list.length
      ? `<ul data-testid="excluded-list">${list
          .map((x) => excludedHTML(x))
          .join("")}</ul>`
      : `<p class="muted">${t("result.no_excluded")}</p>`;
  }
  restoreFanTexts(box);
  renderSettlement();
  box.dataset.state = "win";
}

/** One fan of the excluded list: its name (the rule text's button), the fans that stop
 * it, why (reason: 不重复 implied, or a combination principle 不拆移 / 不得相同 / 套算一次)
 * and the sets that form it, when the server says (older servers give name and by only). */
function excludedHTML(x) {
  const [name] = fanNames(x);
  const by = lang === "zh" ? x.by : x.by_en || x.by;
  const also = (lang === "zh" ? x.also_by : x.also_by_en || x.also_by) || [];
  const byText = [by || "?", ...also].join(t("sep.list"));
  let reason = "";
  if (x.reason) {
    reason = (lang === "zh" ? x.reason_zh : x.reason_en) || (hasText(`reason.${x.reason}`) ? t(`reason.${x.reason}`) : x.reason);
  }
  const sets = (Array.isArray(x.sets) ? x.sets : [])
    .map((set) => {
      try {
        return `<span class="set" data-set="${esc(set)}">${tilesHTML(Array.isArray(set) ? set : parseRun(String(set)), { size: "xs" })}</span>`;
      } catch {
        return `<code>${esc(set)}</code>`;
      }
    })
    .join("");
  return (
    `<li data-testid="excluded-fan" data-fan="${esc(x.name || "")}" data-reason="${esc(x.reason || "")}">` +
    fanNameButton(x, state.ctx.rules, name) +
    ` <span class="muted">${esc(t("result.excluded_by", byText))}</span>` +
    (reason ? ` <span class="reason" data-testid="excluded-reason">${esc(reason)}</span>` : "") +
    (sets ? ` <span class="excluded-sets" data-testid="excluded-sets">${sets}</span>` : "") +
    `</li>`
  );
}

// ---------------------------------------------------------------------------- fan rule texts

// A fan's rule text from GET /v1/fans/{name}: {name, name_en, value, excludes, text: {zh, en},
// examples}, kept by "rules|name".  A fan the server has no text for (404, an older server,
// a rule set without texts) is kept as null: its button then shows nothing and says nothing.
const fanTexts = new Map();
const fanTextsLoaded = new Map(); // the same, once answered
// the texts open now, by "rules|name|where" (where: "row" or "excluded"): drawn again
// when the result is (a changed hand, the excluded list switched on …)
const openFanTexts = new Set();

async function fanText(name, rules) {
  const key = `${rules}|${name}`;
  if (fanTexts.has(key)) return fanTexts.get(key);
  const pending = (async () => {
    try {
      const q = rules && rules !== "mcr" ? `?rules=${encodeURIComponent(rules)}` : "";
      const d = await api("GET", `/v1/fans/${encodeURIComponent(name)}${q}`);
      if (!d || typeof d !== "object" || !d.text || !(d.text.zh || d.text.en)) return null;
      // the text of this rule set's fan, not of MCR's fan of the same name
      if (rules !== "mcr" && d.rules !== rules) return null;
      return d;
    } catch {
      return null;
    }
  })();
  fanTexts.set(key, pending);
  pending.then((d) => fanTextsLoaded.set(key, d));
  return pending;
}

function fanTextKey(btn) {
  const where = btn.closest("li") ? "excluded" : "row";
  return `${btn.dataset.rules || state.ctx.rules}|${btn.dataset.fanInfo}|${where}`;
}

function showFanText(btn, d) {
  const holder = btn.closest("tr, li");
  if (!holder || btn.getAttribute("aria-expanded") === "true") return;
  if (holder.tagName === "TR") holder.insertAdjacentHTML("afterend", `<tr class="fan-text-row"><td colspan="${holder.cells.length}">${fanTextHTML(d)}</td></tr>`);
  else holder.insertAdjacentHTML("beforeend", fanTextHTML(d));
  btn.setAttribute("aria-expanded", "true");
}

/** Draw again the texts that were open before ``root`` was drawn anew. */
function restoreFanTexts(root) {
  if (!root || !openFanTexts.size) return;
  $$("[data-fan-info]", root).forEach((btn) => {
    if (!openFanTexts.has(fanTextKey(btn))) return;
    const d = fanTextsLoaded.get(`${btn.dataset.rules || state.ctx.rules}|${btn.dataset.fanInfo}`);
    if (d) showFanText(btn, d);
  });
}

function fanTextHTML(d) {
  const names = lang === "zh" ? [d.name, d.name_en] : [d.name_en || d.name, d.name];
  const nameOf = (x) => (typeof x === "string" ? x : x && (lang === "zh" ? x.name : x.name_en || x.name));
  const excludes = (Array.isArray(d.excludes) ? d.excludes : []).map(nameOf).filter(Boolean);
  const examples = (Array.isArray(d.examples) ? d.examples : []).map((x) => (typeof x === "string" ? { hand: x } : x)).filter((x) => x && x.hand);
  const texts = [
    ["zh", d.text.zh],
    ["en", d.text.en],
  ];
  if (lang !== "zh") texts.reverse();
  return (
    `<div class="fan-text" data-testid="fan-text" data-fan="${esc(d.name || "")}">` +
    `<div class="fan-text-head"><b>${esc(names[0] || "")}</b> <span class="muted">${esc(names[1] || "")}</span>` +
    (d.value !== undefined && d.value !== null ? ` · <span data-testid="fan-text-value">${esc(d.value)}</span> ${t("result.fan")}` : "") +
    `</div>` +
    texts.map(([l, text]) => (text ? `<p lang="${l}" data-testid="fan-text-${l}">${esc(text)}</p>` : "")).join("") +
    (excludes.length ? `<p class="muted" data-testid="fan-text-excludes">${esc(t("fan.excludes", excludes.join(t("sep.list"))))}</p>` : "") +
    (examples.length
      ? `<div class="fan-text-examples" data-testid="fan-text-examples"><span class="muted">${t("fan.examples")}</span>` +
        examples
          .map((x) => {
            const note = lang === "zh" ? x.note_zh || x.zh : x.note_en || x.en;
            return `<div class="example" data-hand="${esc(x.hand)}">${handMiniHTML(x.hand)}${note ? ` <span class="muted">${esc(note)}</span>` : ""}</div>`;
          })
          .join("") +
        `</div>`
      : "") +
    `</div>`
  );
}

/** Show or hide the rule text under a fan's row (a table row) or item (the excluded list). */
async function fanTextToggle(btn) {
  const holder = btn.closest("tr, li");
  if (!holder) return;
  const shown = holder.tagName === "TR" ? holder.nextElementSibling : $(".fan-text", holder);
  if (shown && (shown.classList.contains("fan-text-row") || shown.classList.contains("fan-text"))) {
    shown.remove();
    btn.setAttribute("aria-expanded", "false");
    openFanTexts.delete(fanTextKey(btn));
    return;
  }
  const d = await fanText(btn.dataset.fanInfo, btn.dataset.rules || state.ctx.rules);
  if (!d) {
    btn.dataset.noText = "true";
    return;
  }
  if (!holder.isConnected) return;
  openFanTexts.add(fanTextKey(btn));
  showFanText(btn, d);
}

function bindFanTexts() {
  document.addEventListener("click", (e) => {
    const btn = e.target.closest("[data-fan-info]");
    if (btn) fanTextToggle(btn);
  });
  // hovering fetches the text ahead, and puts it in the tooltip in the interface's language
  document.addEventListener("pointerover", (e) => {
    const btn = e.target.closest && e.target.closest("[data-fan-info]");
    if (!btn || btn.dataset.hovered) return;
    btn.dataset.hovered = "true";
    fanText(btn.dataset.fanInfo, btn.dataset.rules || state.ctx.rules).then((d) => {
      if (d) btn.title = (lang === "zh" ? d.text.zh || d.text.en : d.text.en || d.text.zh) || btn.title;
    });
  });
}

function seatsOf(rules) {
  return rules === "two-player" ? ["E", "S"] : ["E", "S", "W", "N"];
}

function renderSettlement() {
  const settle = $('[data-testid="settlement"]');
  const s = state.score;
  if (!s || !isWin(s.result)) {
    settle.hidden = true;
    return;
  }
  settle.hidden = false;
  const seats = seatsOf(state.ctx.rules);
  const winner = seats.includes(state.ctx.seat_wind) ? state.ctx.seat_wind : "E";
  const from = $('[data-testid="settle-from"]');
  const others = seats.filter((x) => x !== winner);
  if (!others.includes(state.settleFrom)) state.settleFrom = others[others.length - 1];
  from.disabled = state.ctx.self_drawn;
  from.innerHTML = state.ctx.self_drawn
    ? `<option value="">${t("settle.self")}</option>`
    : others.map((w) => `<option value="${w}">${t(`wind.${w}`)}</option>`).join("");
  if (!state.ctx.self_drawn) from.value = state.settleFrom;
  const pay = $('[data-testid="payments"]');
  const p = state.payments;
  if (!p) {
    pay.innerHTML = `<span class="muted">…</span>`;
    return;
  }
  if (p.error) {
    pay.innerHTML = `<span class="bad">${esc(p.error)}</span>`;
    return;
  }
  pay.innerHTML = seats
    .map((w) => {
      const v = p.payments[w] ?? 0;
      const cls = v > 0 ? "plus" : v < 0 ? "minus" : "";
      return `<div class="pay ${cls} ${w === winner ? "winner" : ""}" data-testid="payment-${w}"><span class="who">${t(`wind.${w}`)}</span><span class="amount">${v > 0 ? "+" : ""}${v}</span></div>`;
    })
    .join("");
}

async function runSettle(seq) {
  const s = state.score;
  if (!s || !isWin(s.result)) return;
  const seats = seatsOf(state.ctx.rules);
  const winner = seats.includes(state.ctx.seat_wind) ? state.ctx.seat_wind : "E";
  renderSettlement();
  const discarder = state.ctx.self_drawn ? null : state.settleFrom;
  const body = {
    rules: state.ctx.rules,
    players: seats,
    winner,
    discarder,
    flowers: state.ctx.rules === "mcr" ? state.ctx.flowers : 0,
    options: optionsBody(),
  };
  if (state.ctx.rules === "mcr") body.fan = s.result.total;
  else {
    const c = state.ctx;
    Object.assign(body, {
      hand: s.hand,
      fourth_tile: c.fourth_tile,
      kong: c.kong,
      wall_last: c.wall_last,
      dealer: c.dealer,
      first_turn: c.first_turn,
      ready_at_start: c.ready_at_start,
      kong_discard: c.kong_discard,
      seat_wind: c.seat_wind,
      prevalent_wind: c.prevalent_wind,
    });
    const wild = chosenWildcard(c.rules);
    if (wild) body.wildcard = wild;
  }
  try {
    const out = await api("POST", "/v1/settle", body);
    if (seq !== scoreSeq) return;
    state.payments = { payments: out.payments || out };
  } catch (err) {
    if (seq !== scoreSeq) return;
    state.payments = { error: errorText(err) };
  }
  renderSettlement();
}

// The four buttons of each wind row (门风, 圈风), East first: data-value the wind,
// data-testid "seat-wind-E" …; applyI18n gives them their labels.
function buildWindButtons() {
  $$(".seg[data-wind]").forEach((seg) => {
    const testid = seg.dataset.wind.replace("_", "-");
    for (const w of WINDS) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.value = w;
      b.dataset.testid = `${testid}-${w}`;
      seg.append(b);
    }
  });
}

function bindCalculator() {
  $$("[data-ctx]").forEach((box) => {
    box.addEventListener("change", () => {
      state.ctx[box.dataset.ctx] = box.checked;
      save();
      scheduleScore();
    });
  });
  $$(".seg[data-wind]").forEach((seg) => {
    seg.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-value]");
      if (!b) return;
      state.ctx[seg.dataset.wind] = b.dataset.value;
      save();
      renderContext();
      scheduleScore();
    });
  });
  const step = (d) => {
    state.ctx.flowers = Math.max(0, Math.min(8, state.ctx.flowers + d));
    save();
    renderContext();
    scheduleScore();
  };
  $('[data-testid="flowers-minus"]').addEventListener("click", () => step(-1));
  $('[data-testid="flowers-plus"]').addEventListener("click", () => step(1));
  $('[data-testid="toggle-excluded"]').addEventListener("change", (e) => {
    state.showExcluded = e.target.checked;
    renderScore();
  });
  $('[data-testid="settle-from"]').addEventListener("change", (e) => {
    state.settleFrom = e.target.value;
    state.payments = null;
    runSettle(scoreSeq);
  });
}

function renderContext() {
  $$("[data-ctx]").forEach((box) => {
    box.checked = !!state.ctx[box.dataset.ctx];
  });
  $$(".seg[data-wind]").forEach((seg) => {
    $$("button", seg).forEach((b) => b.classList.toggle("active", b.dataset.value === state.ctx[seg.dataset.wind]));
  });
  $('[data-testid="flowers"]').textContent = String(state.ctx.flowers);
  const info = state.ruleInfo[state.ctx.rules];
  const flowers = info && typeof info.flowers === "boolean" ? info.flowers : state.ctx.rules === "mcr";
  $(".flowers-row").hidden = !flowers;
}

// ---------------------------------------------------------------------------- analysis

// The inputs of the value advice besides the hand and the calculator's context (winds,
// flowers, dealer, rule set and its options): kept for this page only.
const an = { by: "value", wall: "", offered: "", offeredBy: 3, opponents: { 1: "", 2: "", 3: "" } };

let analysisSeq = 0;
let analysisTimer = 0;
function scheduleAnalysis() {
  clearTimeout(analysisTimer);
  analysisTimer = setTimeout(runAnalysis, 150);
}

/** The other seats at a table of the chosen rule set, in turn order after mine. */
function otherSeats() {
  return state.ctx.rules === "two-player" ? [1] : [1, 2, 3];
}

function relativeSeatName(relative) {
  return state.ctx.rules === "two-player" ? t("an.seat_other") : t(`an.seat${relative}`);
}

/** A whole number typed in a field as a number, other text as typed (the server then
 * says what is wrong with it), "" as absent. */
function typedNumber(text) {
  const s = text.trim();
  if (!s) return undefined;
  return /^\d+$/.test(s) ? Number(s) : s;
}

/** The POST /v1/analyze body of the hand in the picker (13 or 14 tiles). */
function analysisRequest(hand, n) {
  const body = {
    hand,
    visible: state.visible,
    rules: state.ctx.rules,
    by: an.by,
    seat_wind: state.ctx.seat_wind,
    prevalent_wind: state.ctx.prevalent_wind,
    dealer: !!state.ctx.dealer,
  };
  const info = state.ruleInfo[state.ctx.rules];
  const flowers = info && typeof info.flowers === "boolean" ? info.flowers : state.ctx.rules === "mcr";
  if (flowers) body.flowers = state.ctx.flowers;
  const options = optionsBody(state.ctx.rules);
  if (options && Object.keys(options).length) body.options = options;
  const wild = chosenWildcard(state.ctx.rules);
  if (wild) body.wildcard = wild;
  const wall = typedNumber(an.wall);
  if (wall !== undefined) body.wall = wall;
  const seats = otherSeats();
  const opponents = seats
    .filter((r) => (an.opponents[r] || "").trim())
    .map((r) => ({ discards: an.opponents[r].trim(), relative: r }));
  if (opponents.length) body.opponents = opponents;
  if (n === 13 && an.offered.trim()) {
    body.offered = an.offered.trim();
    body.offered_by = seats.includes(an.offeredBy) ? an.offeredBy : seats[seats.length - 1];
  }
  return body;
}

/** The code of the tile on offer as typed ("5m", "e" → "E"), "" when it is not one tile. */
function offeredCode(text) {
  try {
    const tiles = parseRun(text || "");
    return tiles.length === 1 ? tiles[0] : "";
  } catch {
    return "";
  }
}

async function runAnalysis() {
  const seq = ++analysisSeq;
  const n = tileCount();
  if (state.tab !== "analysis") return;
  if (n !== 13 && n !== 14) {
    state.analysis = null;
    renderAnalysis();
    return;
  }
  const hand = handString();
  const el = $('[data-testid="analysis-body"]');
  el.dataset.state = "loading";
  const computing = $('[data-testid="analysis-computing"]', el);
  if (computing) computing.hidden = false;
  try {
    const request = analysisRequest(hand, n);
    const out = await api("POST", "/v1/analyze", request);
    if (seq !== analysisSeq) return;
    state.analysis = { hand, seq, result: out, offered: offeredCode(request.offered) };
  } catch (err) {
    if (seq !== analysisSeq) return;
    state.analysis = { hand, seq, error: errorText(err) };
  }
  renderAnalysis();
}

function shantenText(n) {
  if (n < 0) return t("an.complete");
  if (n === 0) return t("an.ready");
  return t("an.n_away", n);
}

/** A probability as the tables show it: 38.2%. */
function pct(p) {
  if (typeof p !== "number") return "—";
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  return `${(100 * p).toFixed(1)}%`;
}

/** Expected points, signed: +12.3. */
function pts(x) {
  if (typeof x !== "number") return "—";
  if (Math.abs(x) < 0.05) return "0.0";
  return `${x > 0 ? "+" : ""}${x.toFixed(1)}`;
}

/** The target fans in the current language: the likeliest (the table's cell), or all
 * of them with their share of the wins (its tooltip, the hand's value). */
function targetNames(c, { all = false } = {}) {
  const targets = c.targets || [];
  const shown = (all ? targets : targets.slice(0, 1)).map(
    (g) => `${lang === "zh" ? g.name : g.name_en || g.name} ${g.value}` + (all ? ` (${pct(g.share)})` : ""),
  );
  return shown.length ? shown.join(", ") : "—";
}

function targetsText(c, opts) {
  return esc(targetNames(c, opts));
}

function whyText(c) {
  return esc((lang === "zh" ? c.why_zh || c.why : c.why || c.why_zh) || "");
}

function minimumHeader() {
  const minimum = (state.ruleInfo[state.ctx.rules] || {}).minimum ?? (state.ctx.rules === "mcr" ? 8 : 0);
  return minimum ? t("an.th_p_min", minimum) : t("an.th_p_ready");
}

/** The value columns' headers and cells (P(win), expected points, P(≥ minimum), targets,
 * danger), each cell with the testid its e2e test reads. */
function valueHeads() {
  return (
    `<th class="num">${t("an.th_p_win")}</th><th class="num">${t("an.th_points")}</th>` +
    `<th class="num">${minimumHeader()}</th><th>${t("an.th_targets")}</th><th class="num">${t("an.th_danger")}</th>`
  );
}

function valueCells(c) {
  const danger = c.danger || {};
  const loss = typeof danger.expected_loss === "number" ? danger.expected_loss.toFixed(1) : "—";
  return (
    `<td class="num" data-testid="c-p-win">${pct(c.p_win)}</td>` +
    `<td class="num strong" data-testid="c-points">${pts(c.expected_points)}</td>` +
    `<td class="num" data-testid="c-p-min">${pct(c.p_minimum)}</td>` +
    `<td class="targets" data-testid="c-targets" title="${targetsText(c, { all: true })}">${targetsText(c)}</td>` +
    `<td class="num" data-testid="c-danger" title="${esc(t("an.danger_title", loss))}">${pct(danger.p_deal_in)}</td>`
  );
}

const VALUE_COLUMNS = 5;

function whyRow(c, columns) {
  const why = whyText(c);
  return why ? `<tr class="why-row" data-testid="why-row"><td colspan="${columns}" class="why">${why}</td></tr>` : "";
}

function usefulTitle(text) {
  try {
    return parseRun(text || "").join(" ");
  } catch {
    return "";
  }
}

function discardsHTML(r) {
  const best = r.discards[0];
  const byValue = r.by !== "efficiency";
  const columns = byValue ? 3 + VALUE_COLUMNS : 4;
  let html =
    `<h3>${t("an.discards")}</h3><div class="choices-wrap"><table class="data discards" data-testid="discards-table" data-by="${byValue ? "value" : "efficiency"}"><thead><tr>` +
    `<th>${t("an.th_discard_tile")}</th><th class="num">${t("an.th_after")}</th>` +
    (byValue ? `<th class="num">${t("an.th_useful_n")}</th>${valueHeads()}` : `<th>${t("an.th_useful")}</th><th class="num">${t("an.th_count")}</th>`) +
    `</tr></thead><tbody>`;
  html += r.discards
    .map((d, i) => {
      // by value the first is the best; by efficiency every discard tied with it is
      const good = byValue ? i === 0 : d.shanten === best.shanten && d.useful_count === best.useful_count;
      const button = `<button type="button" class="tile-btn" data-discard="${d.tile}" title="${esc(t("an.apply"))}">${tileHTML(d.tile, { size: "sm" })}</button>`;
      let cells;
      if (byValue) {
        cells =
          `<td class="num" data-testid="c-shanten">${d.shanten}</td>` +
          `<td class="num" data-testid="c-useful" title="${esc(usefulTitle(d.useful))}">${d.useful_count}</td>` +
          valueCells(d);
      } else {
        let useful = [];
        try {
          useful = parseRun(d.useful || "");
        } catch {
          useful = [];
        }
        cells =
          `<td class="num" data-testid="c-shanten">${d.shanten}</td><td class="useful-tiles">${tilesHTML(useful, { size: "xs" })}</td>` +
          `<td class="num" data-testid="c-useful">${d.useful_count}</td>`;
      }
      return (
        `<tr data-testid="discard-row" data-tile="${d.tile}" class="${good ? "best" : ""}"><td>${button}</td>${cells}</tr>` +
        (byValue ? whyRow(d, columns) : "")
      );
    })
    .join("");
  return html + `</tbody></table></div>`;
}

/** A claim's label with its tiles: 碰 [E E E] 打 [9p] … ("pung", "chow 3m", "kong",
 * "win", "pass"; ``offered``: the tile on offer, for the pung, kong and win). */
function claimHTML(c, offered = "") {
  const [verb, low] = String(c.action || "").split(" ");
  let html = `<span class="claim-act">${esc(hasText(`act.${verb}`) ? t(`act.${verb}`) : verb)}</span>`;
  if (verb === "chow" && low) {
    const k = Number(low[0]);
    html += tilesHTML([0, 1, 2].map((i) => `${k + i}${low[1]}`), { size: "xs" });
  }
  const copies = { win: 1, pung: 3, kong: 4 }[verb];
  if (copies && offered) html += tilesHTML(Array(copies).fill(offered), { size: "xs" });
  if (c.then_discard) html += ` <span class="claim-act">${t("act.discard")}</span>${tileHTML(c.then_discard, { size: "xs" })}`;
  return html;
}

function claimsHTML(r, offered) {
  const columns = 3 + VALUE_COLUMNS;
  return (
    `<h3>${t("an.claims")}</h3><div class="choices-wrap"><table class="data claims" data-testid="claims-table"><thead><tr>` +
    `<th>${t("an.th_choice")}</th><th class="num">${t("an.th_after")}</th><th class="num">${t("an.th_useful_n")}</th>${valueHeads()}</tr></thead><tbody>` +
    r.claims
      .map((c, i) => {
        const win = c.action === "win";
        return (
          `<tr data-testid="claim-row" data-action="${esc(c.action)}" data-then="${esc(c.then_discard || "")}" class="${i === 0 ? "best" : ""}">` +
          `<td class="claim">${claimHTML(c, offered)}</td><td class="num" data-testid="c-shanten">${win ? "—" : c.shanten}</td>` +
          `<td class="num" data-testid="c-useful">${win ? "—" : c.useful_count}</td>${valueCells(c)}</tr>` +
          whyRow(c, columns)
        );
      })
      .join("") +
    `</tbody></table></div>`
  );
}

function handValueHTML(v) {
  return (
    `<div class="hand-value" data-testid="hand-value"><h3>${t("an.value")}</h3>` +
    `<div class="value-chips"><span class="chip">${t("an.th_p_win")} <b data-testid="v-p-win">${pct(v.p_win)}</b></span>` +
    `<span class="chip">${t("an.th_points")} <b data-testid="v-points">${pts(v.expected_points)}</b></span>` +
    `<span class="chip">${minimumHeader()} <b>${pct(v.p_minimum)}</b></span>` +
    `<span class="chip">${t("an.th_targets")} <b>${targetsText(v, { all: true })}</b></span></div>` +
    (whyText(v) ? `<p class="why" data-testid="v-why">${whyText(v)}</p>` : "") +
    `</div>`
  );
}

function bestHTML(r) {
  if (!r.best) return "";
  const [verb, ...rest] = String(r.best).split(" ");
  let what;
  if (verb === "discard" && rest.length) what = `${t("act.discard")} ${tileHTML(rest[0], { size: "xs" })}`;
  else what = claimHTML({ action: r.best });
  return `<p class="best-line" data-testid="best" data-best="${esc(r.best)}">${t("an.best")}: ${what}</p>`;
}

function renderAnalysis() {
  const body = $('[data-testid="analysis-body"]');
  if (!body) return;
  renderAnalysisInputs();
  const a = state.analysis;
  body.dataset.hand = a ? a.hand : "";
  body.dataset.seq = a ? String(a.seq) : "0"; // which request the view answers (e2e tests)
  if (!a) {
    body.innerHTML = `<p class="muted">${t("an.need")} ${t("result.have", tileCount())}</p>`;
    body.dataset.state = "empty";
    return;
  }
  if (a.error) {
    body.innerHTML = `<p class="bad">${esc(a.error)}</p>`;
    body.dataset.state = "error";
    return;
  }
  const r = a.result;
  const shapes = r.shanten_by_shape || {};
  let html = `<p class="muted small" data-testid="analysis-computing" hidden>${t("an.computing")}</p>`;
  html +=
    `<div class="shanten-box"><div class="big" data-testid="shanten" data-value="${r.shanten}">${r.shanten}</div>` +
    `<div><div class="label">${t("an.shanten")}</div><div class="state">${shantenText(r.shanten)}</div></div></div>`;
  html +=
    `<div class="shapes" data-testid="shanten-by-shape">` +
    Object.entries(shapes)
      .map(([k, v]) => `<span class="chip ${v === r.shanten ? "best" : ""}">${esc(hasText(`shape.${k}`) ? t(`shape.${k}`) : k)} <b>${v}</b></span>`)
      .join("") +
    `</div>`;
  html += bestHTML(r);
  if (Array.isArray(r.waits) && r.waits.length) {
    const live = r.waits.reduce((n, w) => n + (w.remaining || 0), 0);
    html +=
      `<h3>${t("an.waits")} <span class="muted small">${t("an.useful_n", live)}</span></h3><div class="waits-grid" data-testid="waits">` +
      r.waits
        .map((w) => {
          const flags = [];
          if (w.remaining === 0) flags.push(t("an.dead"));
          if (w.under_minimum_discard || w.under_minimum_self_drawn) flags.push(t("an.under"));
          if (w.last_tile) flags.push(t("an.last"));
          const fan =
            w.fan_discard === null || w.fan_discard === undefined
              ? ""
              : `${t("an.th_discard")} <b>${w.fan_discard}</b> · ${t("an.th_self")} <b>${w.fan_self_drawn ?? "—"}</b>`;
          return (
            `<div class="wait-card ${w.remaining === 0 ? "dead" : ""}" data-testid="wait-row" data-tile="${w.tile}">` +
            tileHTML(w.tile, { size: "sm" }) +
            `<div><div class="left"><span data-testid="wait-left">${w.remaining}</span> <span class="muted small">${t("an.th_left")}</span></div>` +
            `<div class="fan" data-testid="wait-fan">${fan}</div>${flags.length ? `<div class="flags">${flags.join(" · ")}</div>` : ""}</div></div>`
          );
        })
        .join("") +
      `</div>`;
  }
  if (r.useful !== undefined && r.shanten > 0) {
    let useful = [];
    try {
      useful = parseRun(r.useful || "");
    } catch {
      useful = [];
    }
    html +=
      `<h3>${t("an.useful")} <span class="muted small">${t("an.useful_n", r.useful_count ?? "")}</span></h3>` +
      `<div class="tile-row" data-testid="useful">${tilesHTML(useful, { size: "sm" })}</div>`;
  }
  if (r.value) html += handValueHTML(r.value);
  if (Array.isArray(r.claims) && r.claims.length) html += claimsHTML(r, a.offered);
  if (Array.isArray(r.discards) && r.discards.length) html += discardsHTML(r);
  body.innerHTML = html;
  body.dataset.state = "done";
}

/** The inputs that follow the rule set: the seats one may name (two-player: one). */
function renderAnalysisInputs() {
  const seats = otherSeats();
  const by = $('[data-testid="an-offered-by"]');
  if (by) {
    const want = seats.map(String).join(",");
    if (by.dataset.seats !== want || by.dataset.lang !== lang) {
      by.innerHTML = seats.map((r) => `<option value="${r}">${esc(relativeSeatName(r))}</option>`).join("");
      by.dataset.seats = want;
      by.dataset.lang = lang;
    }
    by.value = String(seats.includes(an.offeredBy) ? an.offeredBy : seats[seats.length - 1]);
  }
  const list = $('[data-testid="an-opponents"]');
  if (list) {
    const want = `${seats.join(",")}|${lang}`;
    if (list.dataset.seats !== want) {
      list.innerHTML = seats
        .map(
          (r) =>
            `<label class="field inline"><span>${esc(relativeSeatName(r))}</span>` +
            `<input type="text" data-testid="an-opponent-${r}" data-relative="${r}" spellcheck="false" autocomplete="off" placeholder="19m5pE"></label>`,
        )
        .join("");
      list.dataset.seats = want;
    }
    $$("input[data-relative]", list).forEach((input) => {
      if (input.value !== an.opponents[input.dataset.relative]) input.value = an.opponents[input.dataset.relative];
    });
  }
}

function bindAnalysis() {
  const vis = $('[data-testid="visible"]');
  vis.addEventListener("input", () => {
    state.visible = vis.value.trim();
    scheduleAnalysis();
  });
  $('[data-testid="an-by"]').addEventListener("change", (e) => {
    an.by = e.target.value;
    scheduleAnalysis();
  });
  $('[data-testid="an-wall"]').addEventListener("input", (e) => {
    an.wall = e.target.value;
    scheduleAnalysis();
  });
  // the checkbox is the calculator's dealer too (data-ctx): bindCalculator keeps state.ctx
  $('[data-testid="an-dealer"]').addEventListener("change", () => scheduleAnalysis());
  $('[data-testid="an-offered"]').addEventListener("input", (e) => {
    an.offered = e.target.value;
    scheduleAnalysis();
  });
  $('[data-testid="an-offered-by"]').addEventListener("change", (e) => {
    an.offeredBy = Number(e.target.value);
    scheduleAnalysis();
  });
  $('[data-testid="an-opponents"]').addEventListener("input", (e) => {
    const input = e.target.closest("input[data-relative]");
    if (!input) return;
    an.opponents[input.dataset.relative] = input.value;
    scheduleAnalysis();
  });
  $('[data-testid="analysis-body"]').addEventListener("click", (e) => {
    const b = e.target.closest("button[data-discard]");
    if (!b) return;
    // play the advice: take the tile out of the picker's hand
    const code = b.dataset.discard;
    const p = state.picker;
    if (p.win === code) p.win = null;
    else {
      const i = p.concealed.indexOf(code);
      if (i < 0) return;
      p.concealed.splice(i, 1);
      if (p.win) {
        p.concealed.push(p.win);
        p.win = null;
      }
    }
    pickerChanged();
  });
}

// ---------------------------------------------------------------------------- score sheet

// Seats taken at the start of each round (players by their round-1 order), sheet.py.
const SEAT_ROTATION = [
  [0, 1, 2, 3],
  [1, 0, 3, 2],
  [2, 3, 1, 0],
  [3, 2, 0, 1],
];
const WINDS = ["E", "S", "W", "N"];

function matchPlayers(m) {
  return (m.players || []).map((p) => (typeof p === "string" ? p : p.name));
}

function handsPlayed(m) {
  return (m.hands || []).filter((h) => h.kind === "win" || h.kind === "draw").length;
}

/** Winds and dealer of hand n (1-16) for the match's players. */
function handInfo(m, n) {
  const players = matchPlayers(m);
  const round = Math.floor((n - 1) / 4);
  const k = (n - 1) % 4;
  const seats = SEAT_ROTATION[round].map((i) => players[i]); // E S W N at the round start
  const dealer = seats[k];
  const winds = {};
  seats.forEach((p, i) => {
    winds[p] = WINDS[(i - k + 4) % 4];
  });
  return { prevalent: WINDS[round], dealer, winds };
}

async function openMatch(id) {
  try {
    const m = await api("GET", `/v1/matches/${encodeURIComponent(id)}`);
    setMatch(m);
  } catch (err) {
    showError(err);
  }
}

function setMatch(m) {
  state.match = m;
  if (m && m.id) localStorage.setItem("fanshu.match", m.id);
  renderMatch();
  if (m && m.id) {
    loadHistory(m.id);
    checkHands(m);
    // the list line of this match follows the sheet (no request)
    const line = mine.find((x) => x.kind === "match" && x.id === m.id);
    if (line) {
      line.summary = { ...line.summary, hands_played: m.hands_played ?? handsPlayed(m) };
      renderMine();
    }
  }
}

// The audit trail of the open match (GET /v1/matches/{id}/events), newest last.
let historySeq = 0;
async function loadHistory(id) {
  const seq = ++historySeq;
  let events = [];
  try {
    const out = await api("GET", `/v1/matches/${encodeURIComponent(id)}/events`);
    events = Array.isArray(out) ? out : out.events || [];
  } catch {
    events = null; // a server without the trail, or no right to it: say nothing
  }
  if (seq !== historySeq || !state.match || state.match.id !== id) return;
  state.history = events;
  renderHistory();
}

/** A value of an event's detail: a sheet row in words, else compact JSON. */
function detailValue(v) {
  if (v && typeof v === "object" && !Array.isArray(v) && typeof v.kind === "string" && "number" in v) return `#${v.number} ${rowWhat(v)}`;
  if (v === null || v === undefined) return "—";
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

function eventDetailText(d) {
  if (d === null || d === undefined || d === "") return "";
  if (typeof d !== "object") return String(d);
  if (d.row && typeof d.row === "object" && !("before" in d)) return detailValue(d.row);
  const parts = [];
  for (const [k, v] of Object.entries(d)) {
    if (k === "before" || k === "after" || k === "row") continue;
    if (v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    parts.push(`${k}: ${detailValue(v)}`);
  }
  if ("before" in d || "after" in d) parts.push(`${t("hist.before")} ${detailValue(d.before)} → ${t("hist.after")} ${detailValue(d.after)}`);
  return parts.join(" · ");
}

function renderHistory() {
  renderTrail($('[data-testid="match-history"]'), $('[data-testid="history-list"]'), state.history);
  renderTrail($('[data-testid="tour-history"]'), $('[data-testid="tour-history-list"]'), state.tournament ? state.tournament.history ?? null : null);
}

async function loadTournamentHistory(id) {
  let events;
  try {
    const out = await api("GET", `/v1/tournaments/${encodeURIComponent(id)}/events`);
    events = Array.isArray(out) ? out : out.events || [];
  } catch {
    events = null;
  }
  if (!state.tournament || state.tournament.info.id !== id) return;
  state.tournament.history = events;
  renderHistory();
}

function renderTrail(box, list, events) {
  box.hidden = events === null;
  if (!events) {
    list.innerHTML = "";
    return;
  }
  list.innerHTML = events.length
    ? events
        .map((e) => {
          const when = e.at ? new Date(e.at).toLocaleString(lang === "zh" ? "zh-CN" : "en-GB") : "";
          const action = hasText(`hist.a.${e.action}`) ? t(`hist.a.${e.action}`) : e.action;
          return (
            `<li data-testid="history-item" data-action="${esc(e.action || "")}"><span class="muted small">${esc(when)}</span> ` +
            `<b>${esc(action || "")}</b> <span class="actor">${esc(e.actor || "")}</span>` +
            `<div class="small muted">${esc(eventDetailText(e.detail))}</div></li>`
          );
        })
        .join("")
    : `<li class="muted small">${t("hist.empty")}</li>`;
}

// Whether each recorded hand string still validates (POST /v1/score; one answer a hand
// kept): a row whose hand no longer scores gets a mark.
const handChecks = new Map(); // "rules|hand" -> "" (fine) | message
async function checkHands(m) {
  const rules = m.rules || m.rule_set || "mcr";
  const todo = [...new Set((m.hands || []).map((h) => h.hand).filter(Boolean))].filter((h) => !handChecks.has(`${rules}|${h}`));
  if (!todo.length) return;
  await Promise.all(
    todo.map(async (hand) => {
      try {
        const out = await api("POST", "/v1/score", { hand, rules });
        // a hand that is no win is answered 200 with its error
        const e = out && out.error;
        handChecks.set(`${rules}|${hand}`, e ? new ApiError(e.message || e.code, e.code || "not_a_win", 200) : "");
      } catch (err) {
        if (err.status === 422 || err.status === 400) handChecks.set(`${rules}|${hand}`, err);
      }
    }),
  );
  if (state.match === m) renderMatch();
}

/** Why a recorded hand no longer validates ("" when it does, or unknown yet). */
function handProblem(m, h) {
  if (!h.hand) return "";
  if (h.hand_error) return String(h.hand_error);
  try {
    parseHandString(h.hand);
  } catch (err) {
    return err.message;
  }
  const c = handChecks.get(`${m.rules || m.rule_set || "mcr"}|${h.hand}`);
  if (!c) return "";
  return lang === "zh" ? `${problemText(c)}${t("sep.colon")}${c.message}` : c.message;
}

/** A row of the sheet in words: "Ann wins 12 fan off Bo", "荒庄", a penalty … */
function rowWhat(h) {
  let what = "";
  if (h.kind === "draw") what = t("m.row_draw");
  else if (h.kind === "win")
    what = h.discarder ? t("m.row_win", h.winner, h.fan, h.discarder) : t("m.row_win_self", h.winner, h.fan);
  else if (h.kind === "false_win") {
    const key = `m.row_false_${h.false_win}`;
    what = t(hasText(key) ? key : "m.row_false", h.offender || "");
  } else if (h.kind === "penalty") {
    const pen = (h.penalties && h.penalties[0]) || {};
    what = t("m.row_penalty", pen.player || h.offender || "", Math.abs(pen.points || 0));
    if (pen.reason) what += t("sep.colon") + pen.reason;
  }
  return what;
}

function renderMatch() {
  const m = state.match;
  const sheetCard = $('[data-testid="match-sheet-card"]');
  const rec = $('[data-testid="match-record"]');
  if (!m) {
    sheetCard.hidden = true;
    rec.hidden = true;
    return;
  }
  const players = matchPlayers(m);
  sheetCard.hidden = false;
  $('[data-testid="match-id"]').textContent = m.id || "";
  const played = m.hands_played ?? handsPlayed(m);
  const complete = m.complete ?? played >= 16;
  // a view link shows the sheet only: nothing that changes it
  const readOnly = !canEdit("match", m.id);
  sheetCard.dataset.role = roleFor("match", m.id) || "unknown";
  $('[data-testid="view-only"]').hidden = !readOnly;
  const share = $('[data-testid="match-share"]');
  const shareKey = `${m.id}|${roleFor("match", m.id)}|${lang}|${!!tokenFor("match", m.id)}`;
  if (share.dataset.key !== shareKey) {
    share.innerHTML = shareHTML("match", m.id, "");
    share.dataset.key = shareKey;
  }
  rec.hidden = readOnly;
  // the record form
  let nextNo = complete ? null : played + 1;
  let info = nextNo ? handInfo(m, nextNo) : null;
  if (m.next !== undefined) {
    nextNo = m.next ? m.next.number : null;
    info = m.next ? { prevalent: m.next.prevalent_wind, dealer: m.next.dealer, winds: m.next.seat_winds || {} } : null;
  }
  $('[data-testid="record-hand-no"]').textContent = nextNo ?? "—";
  // "记录第 {0} 盘" / "Record hand {0}": the number is a span of its own (tests read it)
  const [before, after = ""] = t("m.record_title").split("{0}");
  $('[data-testid="record-title-before"]').textContent = before.trim();
  $('[data-testid="record-title-after"]').textContent = after.trim();
  $('[data-testid="record-info"]').innerHTML = complete
    ? `<b>${t("m.complete")}</b>`
    : info
      ? `${esc(t("m.info", nextNo, t("m.round", t(`wind.${info.prevalent}`)), info.dealer))}<br><span class="muted">${esc(
          t("m.seat_winds", players.map((p) => `${p} ${t(`wind.${info.winds[p]}`)}`).join(" · ")),
        )}</span>`
      : "";
  const winSel = $('[data-testid="rec-winner"]');
  const disSel = $('[data-testid="rec-discarder"]');
  const keepW = winSel.value;
  const keepD = disSel.value;
  winSel.innerHTML = players.map((p) => `<option value="${esc(p)}">${esc(p)}</option>`).join("");
  if (players.includes(keepW)) winSel.value = keepW;
  const fillDis = () => {
    const w = winSel.value;
    const cur = disSel.value;
    disSel.innerHTML =
      `<option value="">${t("m.self_drawn")}</option>` +
      players
        .filter((p) => p !== w)
        .map((p) => `<option value="${esc(p)}">${esc(p)}</option>`)
        .join("");
    disSel.value = players.includes(cur) && cur !== w ? cur : "";
  };
  disSel.value = keepD;
  fillDis();
  if (players.includes(keepD) && keepD !== winSel.value) disSel.value = keepD;
  winSel.onchange = () => {
    fillDis();
    renderRecContext();
  };
  disSel.onchange = renderRecContext;
  renderRecContext();
  $$('[data-testid="match-record"] button').forEach((b) => {
    if (["rec-submit", "rec-draw"].includes(b.dataset.testid)) b.disabled = complete;
  });
  // false wins and penalties: the player, and the hand they are recorded in
  const penSel = $('[data-testid="pen-player"]');
  const keepP = penSel.value;
  penSel.innerHTML = players.map((p) => `<option value="${esc(p)}">${esc(p)}</option>`).join("");
  if (players.includes(keepP)) penSel.value = keepP;
  $('[data-testid="pen-hint"]').textContent = t("m.extra_hint", nextNo ?? 16);
  $$(".rec-extra .pen-only").forEach((el) => {
    el.hidden = $('[data-testid="pen-kind"]').value !== "penalty";
  });
  $$(".rec-by button").forEach((b) => b.classList.toggle("active", b.dataset.by === state.recBy));
  $(".rec-fan").hidden = state.recBy !== "fan";
  $(".rec-hand").hidden = state.recBy !== "hand";
  // the sheet
  const totals = {};
  players.forEach((p) => {
    totals[p] = 0;
  });
  const rows = (m.hands || [])
    .map((h) => {
      const payments = h.payments || {};
      const deltas = {};
      players.forEach((p) => {
        let d = payments[p] || 0;
        for (const pen of h.penalties || []) if (pen.player === p) d -= Math.abs(pen.points || 0);
        deltas[p] = d;
        totals[p] += d;
      });
      let what = rowWhat(h);
      const hi = h.kind === "win" || h.kind === "draw" ? handInfo(m, h.number) : null;
      const problem = handProblem(m, h);
      const handCell = h.hand
        ? `<div class="row-hand">${handMiniHTML(h.hand)}</div>` +
          (problem
            ? `<div class="row-invalid" data-testid="row-invalid" title="${esc(problem)}">⚠ ${esc(t("m.hand_invalid"))} <span class="muted small">${esc(problem)}</span></div>`
            : "")
        : "";
      const ctx = ["fourth_tile", "kong", "wall_last"].filter((k) => h[k]).map((k) => winContextLabel(k, !h.discarder));
      if (ctx.length) what += ` (${ctx.join("、")})`;
      return (
        `<tr data-testid="sheet-row" data-kind="${h.kind}"${problem ? ' data-invalid="true"' : ""}>` +
        `<td class="num">${h.number}${hi ? `<span class="muted small"> ${t(`wind.${hi.prevalent}`)}</span>` : ""}</td>` +
        `<td class="what">${esc(what)}${handCell}</td>` +
        players
          .map((p) => {
            const d = deltas[p];
            return `<td class="num ${d > 0 ? "plus" : d < 0 ? "minus" : ""}">${d > 0 ? "+" : ""}${d}<span class="running">${totals[p]}</span></td>`;
          })
          .join("") +
        `</tr>`
      );
    })
    .join("");
  const serverTotals = {};
  (m.players || []).forEach((p) => {
    if (typeof p === "object") serverTotals[p.name] = p;
  });
  const totalCells = players
    .map((p, i) => {
      let v = totals[p];
      if (m.totals && m.totals[p] !== undefined) v = m.totals[p];
      else if (serverTotals[p] && serverTotals[p].total !== undefined) v = serverTotals[p].total;
      return `<td class="num sum" data-testid="total-${i}">${v}</td>`;
    })
    .join("");
  const tp = players.map((p) =>
    m.table_points ? m.table_points[p] ?? null : serverTotals[p] ? serverTotals[p].table_points : null,
  );
  const tpRow = tp.some((x) => x !== null && x !== undefined)
    ? `<tr class="tp"><th colspan="2">${t("m.table_points")}</th>${tp.map((x, i) => `<td class="num" data-testid="table-points-${i}">${x ?? ""}</td>`).join("")}</tr>`
    : "";
  $('[data-testid="match-sheet"]').innerHTML =
    `<table class="data sheet"><thead><tr><th class="num">${t("m.hand_no")}</th><th>${t("m.result")}</th>` +
    players.map((p, i) => `<th class="num player" data-testid="sheet-player-${i}">${esc(p)}</th>`).join("") +
    `</tr></thead><tbody>${rows}</tbody><tfoot><tr><th colspan="2">${t("m.total")}</th>${totalCells}</tr>${tpRow}</tfoot></table>`;
}

function handMiniHTML(text) {
  try {
    const h = parseHandString(text);
    return (
      h.melds.map((m) => `<span class="set">${tilesHTML(meldTiles(m), { size: "xs" })}</span>`).join("") +
      `<span class="set">${tilesHTML(sortTiles(h.concealed), { size: "xs" })}</span>` +
      (h.win ? `<span class="set win">${tileHTML(h.win, { size: "xs" })}</span>` : "")
    );
  } catch {
    return `<code>${esc(text)}</code>`;
  }
}

// The win context of a hand recorded by its tiles: 和绝张, and the flags whose name
// depends on how it was won (杠上开花 self-drawn / 抢杠和 off a kong; 妙手回春 / 海底捞月).
const recCtx = { fourth_tile: false, kong: false, wall_last: false };

function winContextLabel(flag, selfDrawn) {
  if (flag === "fourth_tile") return t("ctx.fourth_tile");
  if (flag === "kong") return t(selfDrawn ? "rec.kong_self" : "rec.kong_rob");
  return t(selfDrawn ? "rec.wall_self" : "rec.wall_discard");
}

function renderRecContext() {
  const selfDrawn = !$('[data-testid="rec-discarder"]').value;
  $('[data-testid="rec-kong-label"]').textContent = winContextLabel("kong", selfDrawn);
  $('[data-testid="rec-wall_last-label"]').textContent = winContextLabel("wall_last", selfDrawn);
  $$("[data-rec-ctx]").forEach((box) => {
    box.checked = recCtx[box.dataset.recCtx];
  });
}

async function exportMatch(format) {
  const m = state.match;
  if (!m) return;
  try {
    const res = await api("GET", `/v1/matches/${encodeURIComponent(m.id)}/export?format=${format}`, undefined, { raw: true });
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `${m.id}.${format}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (err) {
    showError(err);
  }
}

/** Import a match file (POST /v1/matches/import {format, text}): the new match, with
 * its tokens kept like a created one. */
async function importMatch() {
  const input = $('[data-testid="import-file"]');
  const file = input.files && input.files[0];
  if (!file) {
    showError(t("m.import_none"));
    return;
  }
  const text = await file.text();
  const format = /\.csv$/i.test(file.name) || !text.trimStart().startsWith("{") ? "csv" : "json";
  try {
    const out = await api("POST", "/v1/matches/import", { format, text });
    keepCreated("match", out);
    input.value = "";
    setMatch(out);
    refreshMine();
  } catch (err) {
    if (err.status === 404 || err.status === 405) showError(t("m.import_missing"));
    else showError(err);
  }
}

function bindMatch() {
  $('[data-testid="toast-close"]').addEventListener("click", (e) => {
    e.stopPropagation();
    hideError();
  });
  $('[data-testid="login-form"]').addEventListener("submit", logIn);
  $('[data-testid="logout"]').addEventListener("click", logOut);
  $('[data-testid="mine-list"]').addEventListener("click", (e) => {
    const b = e.target.closest("[data-testid=mine-item]");
    if (!b) return;
    if (b.dataset.kind === "match") openMatch(b.dataset.id);
    else {
      $('[data-testid="tour-id"]').value = b.dataset.id;
      loadTournament(b.dataset.id);
    }
  });
  bindShare($('[data-testid="match-share"]'), () => (state.match ? { kind: "match", id: state.match.id } : null));
  bindShare($('[data-testid="tour-share"]'), () => (state.tournament ? { kind: "tournament", id: state.tournament.info.id } : null));
  $$("[data-rec-ctx]").forEach((box) =>
    box.addEventListener("change", () => {
      recCtx[box.dataset.recCtx] = box.checked;
    }),
  );
  $('[data-testid="export-json"]').addEventListener("click", () => exportMatch("json"));
  $('[data-testid="export-csv"]').addEventListener("click", () => exportMatch("csv"));
  $('[data-testid="import-submit"]').addEventListener("click", importMatch);
  $('[data-testid="match-create"]').addEventListener("click", async () => {
    // the rule set whose settlement the sheet follows; the two-player game takes the
    // first two names (East, South)
    const rules = $('[data-testid="match-rules"]').value;
    const count = rules === "two-player" ? 2 : 4;
    const names = [0, 1, 2, 3].slice(0, count).map((i) => $(`[data-testid="player-${i}"]`).value.trim());
    if (names.some((n) => !n) || new Set(names).size !== count) {
      showError(t("m.need_names"));
      return;
    }
    try {
      const body = rules === "mcr" ? { players: names } : { players: names, rules };
      const out = await api("POST", "/v1/matches", body);
      keepCreated("match", out);
      setMatch(out);
      refreshMine();
    } catch (err) {
      showError(err);
    }
  });
  $('[data-testid="match-open"]').addEventListener("click", () => {
    const id = $('[data-testid="match-id-input"]').value.trim();
    if (id) openMatch(id);
  });
  $$(".rec-by button").forEach((b) =>
    b.addEventListener("click", () => {
      state.recBy = b.dataset.by;
      renderMatch();
    }),
  );
  // POST a row to the match (a hand, a false win or a penalty); the answer is the match
  const record = async (body, what = "hands") => {
    const m = state.match;
    if (!m) return;
    const btns = $$('[data-testid="match-record"] button');
    btns.forEach((b) => (b.disabled = true));
    try {
      const out = await api("POST", `/v1/matches/${encodeURIComponent(m.id)}/${what}`, body);
      // the server answers with the match (or the new row): read the match back if needed
      if (out && out.hands && out.players) setMatch({ ...out, id: out.id || m.id });
      else setMatch(await api("GET", `/v1/matches/${encodeURIComponent(m.id)}`));
      return true;
    } catch (err) {
      showError(err);
      renderMatch();
      return false;
    } finally {
      btns.forEach((b) => (b.disabled = false));
      renderMatch();
    }
  };
  $('[data-testid="rec-submit"]').addEventListener("click", () => {
    const winner = $('[data-testid="rec-winner"]').value;
    const discarder = $('[data-testid="rec-discarder"]').value || null;
    const body = { winner, discarder };
    if (state.recBy === "hand") {
      if (tileCount() !== 14) {
        showError(t("m.no_hand"));
        return;
      }
      body.hand = handString();
      for (const [flag, on] of Object.entries(recCtx)) if (on) body[flag] = true;
      // the picker's wild tile, when the sheet's rule set is played with one
      const sheetRules = (state.match && (state.match.rules || state.match.rule_set)) || "mcr";
      const wild = wildcardRule(sheetRules) && state.ctx.wildcard;
      if (wild) body.wildcard = wild;
    } else {
      body.fan = Number($('[data-testid="rec-fan"]').value);
    }
    const flowers = Number($('[data-testid="rec-flowers"]').value) || 0;
    if (flowers) body.flowers = flowers;
    record(body).then((ok) => {
      // the flags are of one hand: cleared once it is in
      if (ok) {
        Object.keys(recCtx).forEach((k) => (recCtx[k] = false));
        renderRecContext();
      }
    });
  });
  $('[data-testid="rec-draw"]').addEventListener("click", () => record({ draw: true }));
  $('[data-testid="pen-kind"]').addEventListener("change", () => renderMatch());
  $('[data-testid="pen-submit"]').addEventListener("click", () => {
    const player = $('[data-testid="pen-player"]').value;
    const kind = $('[data-testid="pen-kind"]').value;
    if (!player) {
      showError(t("m.pen_no_player"));
      return;
    }
    if (kind !== "penalty") {
      record({ player, kind }, "false-wins");
      return;
    }
    const raw = $('[data-testid="pen-points"]').value.trim();
    const points = Number(raw);
    if (!/^\d+$/.test(raw) || points < 1) {
      showError(t("m.pen_bad_points", raw));
      return;
    }
    const reason = $('[data-testid="pen-reason"]').value.trim();
    record({ player, points, reason }, "penalties");
  });
  $('[data-testid="rec-undo"]').addEventListener("click", async () => {
    const m = state.match;
    if (!m) return;
    try {
      const out = await api("POST", `/v1/matches/${encodeURIComponent(m.id)}/undo`, {});
      if (out && out.hands && out.players) setMatch({ ...out, id: out.id || m.id });
      else setMatch(await api("GET", `/v1/matches/${encodeURIComponent(m.id)}`));
    } catch (err) {
      showError(err);
    }
  });
  // tournaments
  $('[data-testid="tour-create"]').addEventListener("click", async () => {
    const players = $('[data-testid="tour-players"]')
      .value.split(/[\n,，、]+/)
      .map((x) => x.trim())
      .filter(Boolean);
    const sessions = Number($('[data-testid="tour-sessions"]').value) || null;
    try {
      const info = await api("POST", "/v1/tournaments", { players, sessions });
      keepCreated("tournament", info);
      $('[data-testid="tour-id"]').value = info.id;
      await loadTournament(info.id, info);
      refreshMine();
    } catch (err) {
      showError(err);
    }
  });
  $('[data-testid="tour-show"]').addEventListener("click", () => {
    const id = $('[data-testid="tour-id"]').value.trim();
    if (id) loadTournament(id);
  });
  $('[data-testid="tour-body"]').addEventListener("change", (e) => {
    if (e.target.matches('[data-testid="tr-table"]') && state.tournament) {
      state.tournament.resultTable = e.target.value;
      renderTournament();
    }
  });
  $('[data-testid="tour-body"]').addEventListener("click", async (e) => {
    const tour = state.tournament;
    if (!tour) return;
    if (e.target.closest('[data-testid="tr-submit"]')) {
      submitTableResult();
      return;
    }
    const tl = e.target.closest("[data-table-link]");
    if (tl) {
      const id = tour.info.id;
      const [session, table] = tl.dataset.tableLink.split("-");
      try {
        const out = await api("POST", `/v1/tournaments/${encodeURIComponent(id)}/tables/${session}/${table}/share`, { role: "edit", label: `table ${session}-${table}` });
        const field = $('[data-testid="tour-share-link"]');
        field.value = location.origin + out.link;
        field.dataset.role = `table-${session}-${table}`;
        const copied = await copyText(field.value);
        $('[data-testid="tour-share-note"]').textContent = (copied ? t("acc.copied") : t("acc.copy_by_hand")) + " · " + t("t.table_link_note", session, table);
        field.select();
        loadTournament(id);
      } catch (err) {
        showError(err);
      }
      return;
    }
    const id = tour.info.id;
    try {
      if (e.target.closest("[data-tour-seat]")) {
        await api("POST", `/v1/tournaments/${encodeURIComponent(id)}/seating`, {});
        await loadTournament(id);
        return;
      }
      const tb = e.target.closest("[data-table]");
      if (tb) {
        const [session, table] = tb.dataset.table.split("-");
        // the table's sheet is opened with the tournament's token: a viewer reads the
        // sheet there is, an editor opens it (made on first use)
        const k = keptFor("tournament", id);
        const known = tb.dataset.match;
        let m;
        if (!canEdit("tournament", id) && known) {
          m = await api("GET", `/v1/matches/${encodeURIComponent(known)}`, undefined, { token: k && k.token });
        } else {
          m = await api("POST", `/v1/tournaments/${encodeURIComponent(id)}/tables/${session}/${table}/match`, {});
        }
        const own = keptFor("match", m.id);
        if (k && k.token && !(own && own.token && !own.via)) keepAccess("match", m.id, { token: k.token, role: k.role || "", via: id });
        setMatch(m);
        $('[data-testid="match-sheet-card"]').scrollIntoView({ behavior: "smooth", block: "start" });
      }
    } catch (err) {
      showError(err);
    }
  });
}

async function loadTournament(id, info = null) {
  try {
    const [full, standings] = await Promise.all([
      info ? Promise.resolve(info) : api("GET", `/v1/tournaments/${encodeURIComponent(id)}`),
      api("GET", `/v1/tournaments/${encodeURIComponent(id)}/standings`),
    ]);
    const same = state.tournament && state.tournament.info.id === full.id;
    state.tournament = {
      info: full,
      standings: Array.isArray(standings) ? standings : standings.standings || [],
      resultTable: same ? state.tournament.resultTable : "",
    };
    localStorage.setItem("fanshu.tournament", id);
    loadTournamentHistory(full.id);
  } catch (err) {
    showError(err);
  }
  renderTournament();
}

/** A table's source ("sheet:<id>", "typed", "corrected") in words. */
function sourceText(source) {
  if (!source) return "";
  if (source.startsWith("sheet:")) return t("t.src_sheet", source.slice(6));
  return hasText(`t.src_${source}`) ? t(`t.src_${source}`) : source;
}

function sourceChip(source, testid = "table-source") {
  if (!source) return "";
  const kind = source.startsWith("sheet:") ? "sheet" : source;
  return `<span class="chip src-${esc(kind)}" data-testid="${testid}" data-source="${esc(source)}">${esc(sourceText(source))}</span>`;
}

/** The seated tables: [{key "s-t", session, table, players}]. */
function seatedTables(info) {
  return (info.seatings || []).flatMap((se) => (se.tables || []).map((players, j) => ({ key: `${se.session}-${j + 1}`, session: se.session, table: j + 1, players })));
}

function resultFormHTML(info, tour, results) {
  const tables = seatedTables(info).filter((x) => {
    const r = results.get(x.key);
    return !(r && (r.match || (r.source || "").startsWith("sheet:")));
  });
  if (!tables.length) return "";
  const chosen = tables.find((x) => x.key === tour.resultTable) || tables[0];
  tour.resultTable = chosen.key;
  const r = results.get(chosen.key);
  const typed = r && r.totals ? r.totals : null;
  return (
    `<h3>${t("t.result_title")}</h3><div class="tour-result" data-testid="tour-result">` +
    `<div class="row"><label class="field"><span>${t("t.result_table")}</span><select data-testid="tr-table">` +
    tables.map((x) => `<option value="${x.key}"${x.key === chosen.key ? " selected" : ""}>${esc(t("t.session", x.session))} · ${esc(t("t.table", x.table))}</option>`).join("") +
    `</select></label></div><div class="players-grid">` +
    chosen.players
      .map(
        (p, i) =>
          `<label class="field"><span data-testid="tr-name-${i}">${esc(p)}</span><input type="text" inputmode="numeric" autocomplete="off" data-testid="tr-score-${i}" data-player="${esc(p)}" value="${typed && typed[p] !== undefined ? esc(typed[p]) : ""}"></label>`,
      )
      .join("") +
    `</div><p class="hint">${t("t.result_hint")}</p><div class="row">` +
    (typed ? `<label class="toggle"><input type="checkbox" data-testid="tr-correction"><span>${t("t.correction")}</span></label>` : "") +
    `<button type="button" class="btn" data-testid="tr-submit">${t("t.result_submit")}</button></div></div>`
  );
}

function renderTournament() {
  const el = $('[data-testid="tour-body"]');
  const tour = state.tournament;
  if (!el || !tour) return;
  const info = tour.info || {};
  const readOnly = !canEdit("tournament", info.id);
  $('[data-testid="tour-view-only"]').hidden = !readOnly;
  const share = $('[data-testid="tour-share"]');
  const shareKey = `${info.id}|${roleFor("tournament", info.id)}|${lang}|${!!tokenFor("tournament", info.id)}`;
  if (share.dataset.key !== shareKey) {
    share.innerHTML = shareHTML("tournament", info.id, "tour-");
    share.dataset.key = shareKey;
  }
  let html = `<p class="muted small">${esc(t("t.created", info.name ? `${info.name} (${info.id})` : info.id))}</p>`;
  const seatings = info.seatings || [];
  const results = new Map((info.results || []).map((r) => [`${r.session}-${r.table}`, r]));
  if (seatings.length) {
    html +=
      `<h3>${t("t.seating")}</h3>` +
      seatings
        .map(
          (se) =>
            `<div class="seating" data-testid="tour-session"><b>${t("t.session", se.session)}</b>` +
            (se.tables || [])
              .map((table, j) => {
                const key = `${se.session}-${j + 1}`;
                const r = results.get(key);
                const played = r && r.match ? (r.match.hands || []).filter((h) => h.kind === "win" || h.kind === "draw").length : 0;
                const done = r && (r.totals || played >= 16);
                const source = r ? r.source || (r.match ? `sheet:${r.match.id}` : r.totals ? "typed" : "") : "";
                const matchId = r && r.match ? r.match.id : source.startsWith("sheet:") ? source.slice(6) : "";
                // a viewer can read a sheet there is; an editor opens one (made on first use)
                const sheetBtn =
                  !readOnly || matchId
                    ? `<button type="button" class="btn small" data-table="${key}"${matchId ? ` data-match="${esc(matchId)}"` : ""} data-testid="tour-table-${key}">${t("t.sheet")}</button>`
                    : "";
                // an organiser hands each table a link of its own (edit on that table's sheet)
                const linkBtn = readOnly ? "" : `<button type="button" class="btn small ghost" data-table-link="${key}" data-testid="tour-table-link-${key}">${t("t.table_link")}</button>`;
                return (
                  `<div class="tour-table" data-testid="tour-table" data-key="${key}"><span class="chip ${done ? "best" : ""}">${t("t.table", j + 1)}</span> ${esc(table.join(" · "))} ` +
                  `${sourceChip(source)} ${sheetBtn} ${linkBtn}</div>`
                );
              })
              .join("") +
            `</div>`,
        )
        .join("");
  }
  if (!readOnly && (!info.sessions || seatings.length < info.sessions)) {
    html += `<div class="row"><button type="button" class="btn" data-tour-seat="1" data-testid="tour-seat">${t("t.seat")}</button></div>`;
  }
  if (!readOnly) html += resultFormHTML(info, tour, results);
  const st = tour.standings;
  if (st && st.length) {
    html +=
      `<h3>${t("t.standings")}</h3><div class="sheet-wrap"><table class="data standings" data-testid="tour-standings"><thead><tr><th class="num">${t("t.rank")}</th><th>${t("t.player")}</th>` +
      `<th class="num">${t("t.points")}</th><th class="num">${t("t.score")}</th><th class="num">${t("t.matches")}</th><th class="num">${t("t.firsts")}</th><th>${t("t.source")}</th></tr></thead><tbody>` +
      st
        .map(
          (x) =>
            `<tr data-testid="standing-row" data-player="${esc(x.player ?? x.name ?? "")}"><td class="num">${x.rank ?? ""}</td><td>${esc(x.player ?? x.name ?? "")}</td><td class="num">${x.table_points ?? ""}</td>` +
            `<td class="num">${x.score ?? ""}</td><td class="num">${x.matches ?? ""}</td><td class="num">${x.firsts ?? ""}</td>` +
            `<td class="sources">${(x.tables || [])
              .map(
                (tl) =>
                  `<span class="src-line" data-testid="standing-source" data-source="${esc(tl.source || "")}" data-state="${esc(tl.state || "")}">` +
                  `${esc(t("t.session", tl.session))}·${esc(t("t.table", tl.table))} ${tl.score ?? ""}${tl.table_points !== null && tl.table_points !== undefined ? ` → ${tl.table_points}` : ` (${esc(t("t.in_progress"))})`} ` +
                  `${sourceChip(tl.source, "standing-source-chip")}</span>`,
              )
              .join("")}</td></tr>`,
        )
        .join("") +
      `</tbody></table></div>`;
  }
  el.innerHTML = html;
}

async function submitTableResult() {
  const tour = state.tournament;
  if (!tour) return;
  const id = tour.info.id;
  const [session, table] = tour.resultTable.split("-");
  const scores = {};
  for (const box of $$('[data-testid^="tr-score-"]')) {
    const raw = box.value.trim();
    if (!/^-?\d+$/.test(raw)) {
      showError(t("t.result_bad", box.dataset.player, raw));
      return;
    }
    scores[box.dataset.player] = Number(raw);
  }
  const body = { scores };
  const corr = $('[data-testid="tr-correction"]');
  if (corr && corr.checked) body.correction = true;
  try {
    const info = await api("PUT", `/v1/tournaments/${encodeURIComponent(id)}/tables/${session}/${table}/result`, body);
    await loadTournament(id, info && info.id ? info : null);
  } catch (err) {
    showError(err);
  }
}

// ---------------------------------------------------------------------------- play

const PLAY_SEATS = { mcr: 4, sichuan: 4, "two-player": 2, beijing: 4 };

// The board (seats, centre, my hand, the actions) is board.js's, shared with the live
// tables (tables.js); these read the Play tab's game.
const seatName = (q) => board.seatName(state.play, q);
const seatWind = (q) => board.seatWind(state.play, q);
const renderLog = (limit) => board.renderLog(state.play, limit);

// The id of the game being played, kept over a reload (a finished one until the next game).
const GAME_KEY = "fanshu.game";

/** The page's game from a game state answer (POST /v1/games or GET /v1/games/{id}). */
function playFrom(out, rules) {
  const r = out.rules || rules;
  state.play = {
    id: out.id,
    rules: r,
    players: out.players || [],
    seats: PLAY_SEATS[r] || (out.observation && out.observation.seats ? out.observation.seats.length : 4),
    obs: out.observation,
    done: !!out.done,
    scores: out.scores,
    result: out.result,
    events: [],
    log: [],
    readyMode: false,
    busy: false,
  };
  ingestEvents(out.events_new || []);
  loadRuleInfo(r);
  renderPlay();
  if (state.play.done) finishGame();
}

async function startGame() {
  const rules = $('[data-testid="play-rules"]').value;
  const seedText = $('[data-testid="play-seed"]').value.trim();
  const body = { rules };
  if (seedText !== "") body.seed = Number(seedText);
  const btn = $('[data-testid="play-start"]');
  btn.disabled = true;
  try {
    const out = await api("POST", "/v1/games", body);
    state.playNotice = null;
    localStorage.setItem(GAME_KEY, out.id);
    playFrom(out, rules);
  } catch (err) {
    showError(err);
  } finally {
    btn.disabled = false;
  }
}

/** A game the server no longer has (deleted, past the bound) or cannot rebuild. */
function isGoneGame(err) {
  return err && (err.status === 404 || err.status === 410);
}

/** Forget the page's game: no table, no remembered id. */
function dropGame(notice = null) {
  state.play = null;
  state.playNotice = notice;
  localStorage.removeItem(GAME_KEY);
  renderPlay();
}

/** On load: show the remembered game again where it was; a finished one once, with its
 * result; one the server no longer has is forgotten with a short notice. */
async function resumeGame(id) {
  try {
    const out = await api("GET", `/v1/games/${encodeURIComponent(id)}`);
    if (state.play) return; // a new game was started meanwhile
    state.playNotice = out.done ? "p.resumed_done" : "p.resumed";
    if (out.done) localStorage.removeItem(GAME_KEY);
    const sel = $('[data-testid="play-rules"]');
    if ([...sel.options].some((o) => o.value === out.rules)) sel.value = out.rules;
    playFrom(out, out.rules);
  } catch (err) {
    if (state.play || localStorage.getItem(GAME_KEY) !== id) return;
    if (isGoneGame(err)) dropGame("p.gone");
    else showError(err); // the server is unreachable: keep the id for the next load
  }
}

async function abandonGame() {
  const p = state.play;
  dropGame();
  if (p && !p.done) {
    try {
      await api("DELETE", `/v1/games/${encodeURIComponent(p.id)}`);
    } catch {
      /* already gone: nothing to abandon */
    }
  }
}

async function act(action) {
  const p = state.play;
  if (!p || p.busy || p.done) return;
  p.busy = true;
  renderPlayBusy();
  try {
    const out = await api("POST", `/v1/games/${encodeURIComponent(p.id)}/actions`, { action });
    p.obs = out.observation || p.obs;
    p.done = !!out.done;
    p.scores = out.scores || p.scores;
    p.result = out.result || p.result;
    if (out.players) p.players = out.players;
    p.readyMode = false;
    ingestEvents(out.events_new || []);
  } catch (err) {
    if (isGoneGame(err) && state.play === p) {
      dropGame("p.gone");
      return;
    }
    showError(err);
  } finally {
    p.busy = false;
  }
  if (state.play !== p) return; // abandoned meanwhile
  renderPlay();
  if (p.done) finishGame();
}

function ingestEvents(events) {
  const p = state.play;
  for (const e of events) {
    p.events.push(e);
  }
}

function renderPlayNotice() {
  const note = $('[data-testid="play-notice"]');
  note.hidden = !state.playNotice;
  note.textContent = state.playNotice ? t(state.playNotice) : "";
  note.dataset.notice = state.playNotice || "";
  $('[data-testid="play-abandon"]').hidden = !(state.play && !state.play.done);
}

function renderPlay() {
  const el = $('[data-testid="play-table"]');
  const p = state.play;
  renderPlayNotice();
  if (!p) {
    el.hidden = true;
    el.innerHTML = "";
    delete el.dataset.game;
    return;
  }
  el.hidden = false;
  el.dataset.game = p.id;
  board.drawBoard(el, p);
  el.insertAdjacentHTML(
    "beforeend",
    `<div class="play-result-slot"></div>` +
    `<details class="log"><summary>${t("p.log")}</summary><ol data-testid="play-log">${renderLog()}</ol></details>`,
  );
  if (p.done && p.resultHTML) {
    $(".play-result-slot", el).innerHTML = p.resultHTML;
    restoreFanTexts($(".play-result-slot", el));
  }
}

function renderPlayBusy() {
  const el = $('[data-testid="play-table"]');
  el.dataset.busy = state.play && state.play.busy ? "true" : "false";
  $$("button", el).forEach((b) => {
    if (state.play.busy) b.disabled = true;
  });
}

async function finishGame() {
  const p = state.play;
  if (!p) return;
  const res = p.result || {};
  const wins = Array.isArray(res.wins) ? res.wins : p.events.filter((e) => e.type === "win");
  const falseWins = Array.isArray(res.false_wins) ? res.false_wins : p.events.filter((e) => e.type === "false_win");
  const end = p.events.filter((e) => e.type === "end").pop() || {};
  const finalScores = res.scores || end.scores || p.scores || [];
  await loadRuleInfo(p.rules);
  const blocks = [];
  for (const w of wins) {
    let fans = (w.fans || []).map((f) =>
      Array.isArray(f) ? { name: f[0], value: f[1], count: f[2] ?? 1 } : f,
    );
    let hand = null;
    try {
      hand = parseHandString(w.hand || "");
      hand.flowers = ((p.obs.seats || [])[w.seat] || {}).flowers || [];
    } catch {
      hand = null;
    }
    // the fan table with the tiles of each fan: score the hand again, keep it if it agrees
    try {
      const q = w.seat;
      const body = {
        hand: w.hand,
        rules: p.rules,
        self_drawn: w.source === null || w.source === undefined,
        kong: !!w.robbed,
      };
      if (p.seats === 4) {
        body.seat_wind = seatWind(q);
        body.prevalent_wind = board.windLetter(p.obs.prevalent_wind);
      }
      if (p.rules === "mcr") body.flowers = ((p.obs.seats || [])[q] || {}).flowers?.length || 0;
      const r = await api("POST", "/v1/score", body);
      if (isWin(r) && r.total === w.total) fans = r.fans;
    } catch {
      /* keep the event's fans */
    }
    const title =
      w.source === null || w.source === undefined
        ? t("p.wins_self", seatName(w.seat))
        : t("p.wins_off", seatName(w.seat), seatName(w.source));
    blocks.push(
      `<div class="win-block" data-testid="play-win" data-seat="${w.seat}">` +
        `<h3>${esc(title)} <span class="total-chip" data-testid="play-win-total">${w.total} ${t("result.fan")}</span></h3>` +
        `<div class="win-hand">${handMiniHTML(w.hand || "")}</div>` +
        fanTableHTML(fans, hand, "play-fan-table", p.rules) +
        `</div>`,
    );
  }
  for (const f of falseWins) blocks.push(`<p class="bad">${esc(t("p.false_win", seatName(f.seat)))}</p>`);
  if (!wins.length) blocks.push(`<p class="drawn" data-testid="play-drawn">${t("p.drawn")}</p>`);
  const scores =
    `<div class="final-scores" data-testid="play-scores">` +
    finalScores
      .map((s, q) => `<div class="pay ${s > 0 ? "plus" : s < 0 ? "minus" : ""}"><span class="who">${esc(seatName(q))}</span><span class="amount">${s > 0 ? "+" : ""}${s}</span></div>`)
      .join("") +
    `</div>`;
  if (state.play !== p) return; // abandoned or replaced meanwhile
  p.resultHTML =
    `<section class="card play-result" data-testid="play-result">` +
    `<h2>${t("p.result")}</h2>${blocks.join("")}<h3>${t("p.final")}</h3>${scores}` +
    `<button type="button" class="btn primary" data-testid="play-again">${t("p.again")}</button></section>`;
  renderPlay();
}

function bindPlay() {
  $('[data-testid="play-start"]').addEventListener("click", startGame);
  $('[data-testid="play-abandon"]').addEventListener("click", abandonGame);
  $('[data-testid="play-table"]').addEventListener("click", (e) => {
    const again = e.target.closest('[data-testid="play-again"]');
    if (again) {
      startGame();
      return;
    }
    const toggle = e.target.closest("[data-ready-toggle]");
    if (toggle && state.play) {
      state.play.readyMode = !state.play.readyMode;
      renderPlay();
      return;
    }
    const b = e.target.closest("button[data-action]");
    if (b && !b.disabled) act(b.dataset.action);
  });
}

// ---------------------------------------------------------------------------- shell

function showTab(tab) {
  if (!["calc", "analysis", "match", "play", "replay", "tables"].includes(tab)) tab = "calc";
  state.tab = tab;
  $$(".view").forEach((v) => {
    v.hidden = v.dataset.view !== tab;
  });
  $$(".tab").forEach((a) => {
    a.classList.toggle("active", a.dataset.tab === tab);
    a.setAttribute("aria-selected", a.dataset.tab === tab ? "true" : "false");
  });
  placePicker();
  if (tab === "analysis") scheduleAnalysis();
  if (tab === "match") renderMatch();
  document.body.dataset.tab = tab;
}

function renderAll() {
  renderPicker();
  renderContext();
  renderOptions();
  renderScore();
  renderAnalysis();
  renderMatch();
  renderHistory();
  renderTournament();
  renderClub();
  renderMine();
  renderPlayRules();
  renderReplay();
  renderTables();
  if (state.play) {
    if (state.play.done) finishGame();
    else renderPlay();
  } else renderPlayNotice();
}

function init() {
  installSprite();
  checkFonts();
  document.body.dataset.lang = lang;
  document.documentElement.lang = lang;
  // the board (board.js) of the Play tab and of the live tables
  board.initBoard({ t, tileName, esc, tileHTML, tilesHTML, sortTiles, parseMeld, meldTiles, nextTile, wildBadge });
  buildPicker();
  buildWindButtons();
  bindCalculator();
  bindOptions();
  bindAnalysis();
  bindMatch();
  bindPlay();
  bindFanTexts();
  // the replay viewer (replay.js) draws with the app's own texts, tiles and fan tables
  initReplay({
    t,
    tileName,
    esc,
    tileHTML,
    tilesHTML,
    sortTiles,
    parseMeld,
    meldTiles,
    parseHandString,
    handMiniHTML,
    fanTableHTML,
    restoreFanTexts,
    loadRuleInfo,
    api,
    showError,
  });
  // the live tables (tables.js): the lobby and a seat's or a watcher's table, on board.js
  initTables({
    t,
    esc,
    api,
    showError,
    copyText,
    parseHandString,
    handMiniHTML,
    fanTableHTML,
    restoreFanTexts,
  });
  $('[data-testid="lang-toggle"]').addEventListener("click", () => setLang(lang === "zh" ? "en" : "zh"));
  $('[data-testid="toast"]').addEventListener("click", hideError);
  window.addEventListener("hashchange", routeHash);
  const link = linkOfHash();
  const tableLink = tableLinkOfHash();
  showTab(link ? "match" : tableLink ? "tables" : location.hash.slice(1) || "calc");
  applyI18n();
  renderAll();
  scheduleScore();
  loadRules();
  loadRuleInfo(state.ctx.rules);
  const mid = localStorage.getItem("fanshu.match");
  if (mid) {
    $('[data-testid="match-id-input"]').value = mid;
  }
  const tid = localStorage.getItem("fanshu.tournament");
  if (tid) $('[data-testid="tour-id"]').value = tid;
  const gid = localStorage.getItem(GAME_KEY);
  if (gid) resumeGame(gid);
  if (tableLink) openTable(tableLink);
  // ready once the session, the link of the address and the list are known (tests wait on it)
  loadSession()
    .then(() => (link ? openLink(link) : mid && !state.match && (tokenFor("match", mid) || club.name) ? openMatch(mid) : null))
    .then(() => refreshMine())
    .finally(() => {
      document.body.dataset.ready = "true";
    });
}

/** A share link in the address: {kind, id, key} of "#/match/ID?key=T" (or a tournament). */
function linkOfHash() {
  const m = /^#\/(match|tournament)\/([^?]+)(?:\?(.*))?$/.exec(location.hash);
  if (!m) return null;
  return { kind: m[1], id: decodeURIComponent(m[2]), key: new URLSearchParams(m[3] || "").get("key") };
}

function routeHash() {
  const tableLink = tableLinkOfHash();
  if (tableLink) {
    showTab("tables");
    openTable(tableLink);
    return;
  }
  const link = linkOfHash();
  if (!link) {
    if (location.hash === "#tables") showLobby();
    showTab(location.hash.slice(1));
    return;
  }
  showTab("match");
  openLink(link).then(() => refreshMine());
}

/** Open a share link: keep its key (an edit key already kept is not replaced by a view
 * key), take the key out of the address, show the match or tournament. */
async function openLink({ kind, id, key }) {
  if (key) {
    const had = keptFor(kind, id);
    let role = "";
    try {
      const out = await api("POST", "/v1/access/resolve", { tokens: [key] });
      role = Array.isArray(out) && out.length ? out[0].role : "";
    } catch {
      role = "";
    }
    if (!(had && had.token && had.role === "edit" && role === "view" && !had.via)) keepAccess(kind, id, { token: key, role, via: undefined });
    else if (!had.view_token) keepAccess(kind, id, { view_token: key });
    history.replaceState(null, "", `#/${kind}/${encodeURIComponent(id)}`);
  }
  if (kind === "match") {
    $('[data-testid="match-id-input"]').value = id;
    await openMatch(id);
  } else {
    $('[data-testid="tour-id"]').value = id;
    await loadTournament(id);
  }
}

init();
