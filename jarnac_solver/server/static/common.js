// What every view of the page shares: the service, the page's state, small DOM helpers, trays drawn.
import { has, t } from "./i18n.js";
import { tilesOf } from "./tiles.js";

export const $ = (selector) => document.querySelector(selector);
export const $$ = (selector) => [...document.querySelectorAll(selector)];
export const store = window.localStorage;

// Timings a test or a benchmark reads: click to answer, ms.
window.jarnacTimings = { hint: [], move: [] };

export const state = {
  info: null,
  gameId: store.getItem("jarnac.game"),
  game: null,
  line: null, // the line (from 0) of the tray chosen to extend or to steal from
  steals: [],
  log: [], // [action number, played] of the game, oldest first
  alphabet: "latin",
  busy: false,
  lang: "fr", // the page's language (i18n.js renders in it)
  mode: "computer", // "computer", "invite" (one seat of two people's), "hotseat" (both seats here), "watch"
  seat: "A", // the seat this page acts for ("both" in a hot seat, null when watching)
  keys: {}, // each seat's key this browser holds (sent as X-Seat-Key)
  clock: null, // the time the person to act has left (between invited people)
  handover: false, // a hot seat between turns: the table hidden until the next player taps
  window: null, // the timed window against the computer: {key, until} (performance.now() ms)
  stealing: false, // "Jarnac!" tapped in that window: the steal being shown
};

export const people = () => state.mode !== "computer";

export function seatName(seat) {
  // A seat as the sentences name it: the name its person gave (shown as text, never markup), the computer by
  // its level, else the seat's letter (a name in every language's sentences: "À A de jouer").
  const game = state.game;
  const i = seat === "B" ? 1 : 0;
  if (game && game.players && game.players[i] !== "person") return t(`name_${game.players[i]}`);
  return (game && game.names && game.names[i]) || (seat === "B" ? "B" : "A");
}

export function mine() {
  // The tray shown as the page's own (0: A's, 1: B's): in a hot seat, the one of the player to act.
  const game = state.game;
  if (state.mode === "invite") return state.seat === "B" ? 1 : 0;
  if (state.mode === "hotseat" && game && !game.over && game.to_act) return game.to_act === "B" ? 1 : 0;
  return 0;
}

export const ownSeat = () => "AB"[mine()];
export const otherSeat = () => "AB"[1 - mine()];

export function acting() {
  // Whether the page may act now: its seat is to act (a spectator never).
  const game = state.game;
  if (!game || game.over || state.mode === "watch") return false;
  if (state.mode === "hotseat") return !state.handover;
  return game.to_act === ownSeat();
}

export function seatHeaders() {
  // The key of the seat acting, for the requests that act for it (an action, its advice).
  const game = state.game;
  const seat = state.mode === "hotseat" ? game && game.to_act : state.seat;
  const key = seat && state.keys[seat];
  return key ? { "X-Seat-Key": key } : {};
}

export function timeLeft(seconds) {
  // Days and hours, or hours and minutes: the time a seat of a game days a move has left.
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return t("time_dh", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  return t("time_hm", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}

export const tilesIn = (word) => tilesOf(word, state.alphabet);  // in the alphabet of the trays shown

// -- the service ------------------------------------------------------------------------------

export class ServiceError extends Error {
  constructor(type, message, status, faults = []) {
    super(message);
    this.type = type;
    this.status = status;
    this.faults = faults; // each {field, message}: the message without its field's name
  }
}

export async function api(path, body, method, extra = {}) {
  const headers = { Accept: "application/json", ...extra };
  const token = store.getItem("jarnac.token");
  if (token) headers.Authorization = `Bearer ${token}`;
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    // The answers' texts (reasons, refusals) in the page's language; their codes are the same in every one.
    response = await fetch(`/api/${path}${path.includes("?") ? "&" : "?"}lang=${state.lang}`, init);
  } catch (exc) {
    throw new ServiceError("Offline", t("offline"), 0);
  }
  const document = await response.json().catch(() => ({}));
  if (!response.ok || document.error) {
    const error = document.error || { type: "HTTPError", message: `${response.status}` };
    throw new ServiceError(error.type, error.message, response.status, error.faults || []);
  }
  return document.result ?? document;
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== undefined && value !== null) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

export function say(target, text, kind = "") {
  // ``text`` may be a function of the language: the message is then said again when the language changes.
  target.sayAgain = typeof text === "function" ? text : null;
  target.textContent = typeof text === "function" ? text() : text;
  target.className = `message ${kind}`;
}

export function showError(target, exc, asRefusal) {
  // A refusal by the rules says why (the engine's reason, in English); a server that is down or a token
  // missing or refused says what to do.
  const token = store.getItem("jarnac.token");
  if (exc.status === 0) say(target, () => t("offline"), "error");
  else if (has(`err_${exc.type}`)) say(target, () => t(`err_${exc.type}`), "error"); // a seat taken, a link used
  else if (exc.status === 401) say(target, () => t(token ? "token_wrong" : "token_refused"), "error");
  else if (exc.faults && exc.faults.length === 1 && exc.faults[0].field === "name") {
    // A name refused: the server says why in the page's language; the field is the reader's own box.
    say(target, () => t("err_name", { fault: exc.faults[0].message }), "error");
  }
  else {
    // A refusal of the one field the reader typed in says its fault alone ("action: ..." names a field of the
    // request, which the reader never saw).
    const said = asRefusal && exc.faults && exc.faults.length === 1 ? exc.faults[0].message : exc.message;
    say(target, asRefusal ? () => `${t("refused")}: ${said}` : said, "error");
  }
}

export function lineScore(word) {
  const n = tilesIn(word).length;
  return n * n;
}

export function lineCells(word) {
  // A line's nine cells: its tiles, then empty cells (both trays of a game, the referee's and the audit's).
  const tiles = tilesIn(word);
  return Array.from({ length: 9 }, (_, k) => el("span", { class: tiles[k] ? "tile" : "cell", "aria-hidden": "true" }, tiles[k] || ""));
}

export function drawTrayWithSteals(tray, steals, label) {
  const taken = new Set(steals.filter((m) => m.line !== null).map((m) => m.line - 1));
  const rows = tray.lines.map((word, i) =>
    el(
      "div",
      { class: `line${taken.has(i) ? " taken" : ""}` },
      el("span", { class: "n" }, `${i + 1}`),
      ...lineCells(word),
      el("span", { class: "pts" }, `${lineScore(word)}`),
    ),
  );
  return el("div", { class: "tray-box" }, el("h3", {}, label), el("div", { class: "tray" }, rows), el("div", { class: "rack" }, tilesIn(tray.rack).map((x) => el("span", { class: "tile" }, x))));
}
