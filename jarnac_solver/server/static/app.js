// The page of `jarnac-solver serve`: play against the computer, check a pass, audit a record.
// Plain ES module, no build step, no request outside the server: every answer comes from /api/.
import { T, format } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
const $$ = (selector) => [...document.querySelectorAll(selector)];
const store = window.localStorage;

let lang = store.getItem("jarnac.lang") || (navigator.language || "fr").slice(0, 2);
if (!T[lang]) lang = "fr";
const t = (key, values) => format(T[lang][key] ?? T.en[key] ?? key, values);

// Timings a test or a benchmark reads: click to answer, ms.
window.jarnacTimings = { hint: [], move: [] };

// -- the service ------------------------------------------------------------------------------

class ServiceError extends Error {
  constructor(type, message, status) {
    super(message);
    this.type = type;
    this.status = status;
  }
}

async function api(path, body, method) {
  const headers = { Accept: "application/json" };
  const token = store.getItem("jarnac.token");
  if (token) headers.Authorization = `Bearer ${token}`;
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api/${path}`, init);
  } catch (exc) {
    throw new ServiceError("Offline", t("offline"), 0);
  }
  const document = await response.json().catch(() => ({}));
  if (!response.ok || document.error) {
    const error = document.error || { type: "HTTPError", message: `${response.status}` };
    throw new ServiceError(error.type, error.message, response.status);
  }
  return document.result ?? document;
}

// -- small helpers ------------------------------------------------------------------------------

function el(tag, attributes = {}, ...children) {
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

function say(target, text, kind = "") {
  target.textContent = text;
  target.className = `message ${kind}`;
}

function tilesOf(word) {
  // Tiles of a word as the server writes it: letters; "IJ" is one tile in Dutch lexicons.
  const tiles = [];
  for (let i = 0; i < word.length; i++) {
    if (state.alphabet === "dutch" && word[i] === "I" && word[i + 1] === "J") {
      tiles.push("IJ");
      i++;
    } else tiles.push(word[i]);
  }
  return tiles;
}

function minus(word, old) {
  // The tiles of `word` not in `old` (a multiset difference), or null when `old` is not inside `word`.
  const left = tilesOf(word);
  for (const tile of tilesOf(old)) {
    const at = left.indexOf(tile);
    if (at < 0) return null;
    left.splice(at, 1);
  }
  return left.join("");
}

function fold(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/Œ/gi, "OE").replace(/Æ/gi, "AE").toUpperCase().trim();
}

// -- the state of the page --------------------------------------------------------------------

const state = {
  info: null,
  gameId: store.getItem("jarnac.game"),
  game: null,
  line: null, // the line (from 0) of the tray chosen to extend or to steal from
  steals: [],
  alphabet: "latin",
  busy: false,
};

// -- language -------------------------------------------------------------------------------------

function applyLanguage() {
  document.documentElement.lang = lang;
  $("#lang").value = lang;
  for (const node of $$("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  if (state.game) renderGame();
  fillSelects();
}

// -- selects: lexicons, presets, players ------------------------------------------------------

function fillSelects() {
  if (!state.info) return;
  const fill = (select, values, label, chosen) => {
    const keep = select.value || chosen;
    select.replaceChildren(...values.map((v) => el("option", { value: v }, label(v))));
    if (values.includes(keep)) select.value = keep;
  };
  const lexicons = state.info.lexicons;
  for (const select of $$("select.lexicons")) fill(select, lexicons, (v) => `${v} — ${t("lex_" + v) || v}`, lexicons.includes("fr") ? "fr" : lexicons[0]);
  for (const select of $$("select.presets")) fill(select, state.info.presets, (v) => t("rules_" + v), "sheet");
  const players = state.info.players.filter((p) => p !== "person");
  for (const select of $$("select.players")) fill(select, players, (v) => t("player_" + v), "planner");
}

// -- the game --------------------------------------------------------------------------------

function lineScore(word) {
  const n = tilesOf(word).length;
  return n * n;
}

function renderTray(box, tray, who) {
  const game = state.game;
  const me = who === 0;
  const rows = [];
  const lines = tray.lines;
  const count = Math.max(8, lines.length);
  const phase = game.phase;
  const choosable = (me && phase === "play" && game.to_act === "A") || (!me && phase === "jarnac" && game.to_act === "A");
  for (let i = 0; i < count; i++) {
    const word = lines[i] || "";
    const cells = [];
    const tiles = tilesOf(word);
    for (let k = 0; k < 9; k++) cells.push(el("span", { class: tiles[k] ? "tile" : "cell", "aria-hidden": "true" }, tiles[k] || ""));
    const formed = me ? false : game.formed.includes(i + 1) && phase === "jarnac";
    const label = word ? t("line_label", { n: i + 1, word, points: lineScore(word) }) : t("line_empty", { n: i + 1 });
    const attributes = {
      class: `line${state.line === i && choosable && word ? " chosen" : ""}${formed ? " formed" : ""}`,
      "aria-label": label,
      "data-line": i,
    };
    if (choosable && word) {
      attributes.role = "button";
      attributes.tabindex = "0";
      attributes["aria-pressed"] = state.line === i ? "true" : "false";
      attributes.onclick = () => chooseLine(i);
      attributes.onkeydown = (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          chooseLine(i);
        }
      };
    }
    rows.push(el("div", attributes, el("span", { class: "n", "aria-hidden": "true" }, `${i + 1}`), ...cells, el("span", { class: "pts", "aria-hidden": "true" }, word ? `${lineScore(word)}` : "")));
  }
  box.replaceChildren(...rows);
}

function renderRack(box, rack, clickable) {
  const label = box.querySelector(".sr");
  const tiles = tilesOf(rack).map((tile) =>
    clickable
      ? el("button", { class: "tile", type: "button", "aria-label": t("add_letter", { letter: tile }), onclick: () => addLetter(tile) }, tile)
      : el("span", { class: "tile" }, tile),
  );
  box.replaceChildren(...(label ? [label] : []), ...(tiles.length ? tiles : [el("span", { class: "empty" }, t("no_letters"))]));
}

function chooseLine(i) {
  state.line = state.line === i ? null : i;
  const game = state.game;
  const tray = game.phase === "jarnac" ? game.trays[1] : game.trays[0];
  if (state.line !== null) $("#word").value = tray.lines[i];
  renderGame();
  $("#word").focus();
}

function addLetter(tile) {
  $("#word").value += tile;
  $("#word").focus();
}

function phaseText(game) {
  if (game.over) return t("over", { result: game.result, a: game.scores[0], b: game.scores[1] });
  const mine = game.to_act === "A";
  const key = `phase_${game.phase}_${mine ? "you" : "them"}`;
  return t(key);
}

function renderGame() {
  const game = state.game;
  if (!game) return;
  state.alphabet = game.trays[0].alphabet;
  $("#new-game").hidden = true;
  $("#game").hidden = false;
  const opponent = t("name_" + game.players[1]);
  $("#tray-title-0").textContent = t("your_tray", { points: game.scores[0] });
  $("#tray-title-1").textContent = t("their_tray", { name: opponent, points: game.scores[1] });
  renderTray($("#tray-0"), game.trays[0], 0);
  renderTray($("#tray-1"), game.trays[1], 1);
  const mine = !game.over && game.to_act === "A";
  renderRack($("#rack-0"), game.trays[0].rack, mine && ["play", "start"].includes(game.phase));
  renderRack($("#rack-1"), game.trays[1].rack, mine && game.phase === "jarnac");
  $("#status").textContent = `${t("turn", { n: game.turn })} · ${t("bag", { n: game.bag })} · ${phaseText(game)}`;
  const accepts = mine ? game.accepts : [];
  $("#word-controls").hidden = !(accepts.includes("play") || accepts.includes("jarnac") || accepts.includes("exchange"));
  $("#play-word").hidden = !accepts.includes("play");
  $("#draw").hidden = !accepts.includes("draw");
  $("#exchange").hidden = !accepts.includes("exchange");
  $("#pass").hidden = !accepts.includes("pass");
  $("#turn-controls").hidden = !(accepts.includes("draw") || accepts.includes("pass"));
  $("#jarnac-controls").hidden = !accepts.includes("jarnac");
  $("#dispute-controls").hidden = !accepts.includes("dispute");
  $("#steals").textContent = state.steals.length ? state.steals.join("  ") : t("no_steal");
  const tray = game.phase === "jarnac" ? game.trays[1] : game.trays[0];
  $("#selected-line").textContent =
    state.line !== null && tray.lines[state.line]
      ? t(game.phase === "jarnac" ? "stealing_line" : "extending_line", { n: state.line + 1, word: tray.lines[state.line] })
      : mine && game.phase === "play"
        ? t("how_to_play")
        : mine && game.phase === "jarnac"
          ? t("how_to_steal")
          : "";
  $("#record-link").href = `/api/games/${state.gameId}/record?format=text`;
  $("#record-link").setAttribute("download", `jarnac-${state.gameId}.txt`);
  for (const button of $$("#game button")) button.disabled = state.busy && button.id !== "leave";
}

function describePlayed(played) {
  const who = played.player === "A" ? t("you") : t("player_" + state.game.players[1]);
  let text = `${who}: ${played.action}`;
  if (played.drew && played.player === "A") text += ` ${t("drew", { tiles: played.drew })}`;
  if (played.action.startsWith("jarnac")) text += ` — ${t("jarnac_took", { gained: played.gained, lost: played.lost ?? 0 })}`;
  else if (played.gained > 0) text += ` (+${played.gained})`;
  return text;
}

function bestCallText(plan) {
  if (!plan || !plan.jarnac) return t("no_move_was_left");
  const steals = plan.steals.map((m) => m.notation).join("  ");
  return t("best_call_was", { steals, swing: plan.swing, gain: plan.gain });
}

function log(played) {
  const list = $("#log");
  for (const item of played) {
    const entry = el("li", {}, describePlayed(item));
    if (item.best_call !== undefined) entry.append(el("div", { class: "best" }, bestCallText(item.best_call)));
    list.prepend(entry);
  }
}

function announce(played) {
  // What the computer did that a player must notice: a Jarnac on a pass, its own pass with a move left.
  const stolen = played.find((p) => p.player === "B" && p.action.startsWith("jarnac"));
  const decided = played.find((p) => p.best_call !== undefined);
  const parts = [];
  if (decided) parts.push(bestCallText(decided.best_call));
  if (stolen) parts.push(t("they_called", { steals: stolen.action.slice(7), gained: stolen.gained, lost: stolen.lost }));
  const game = state.game;
  if (!game.over && game.phase === "jarnac" && game.to_act === "A") parts.push(t("they_passed"));
  say($("#message"), parts.join(" "), stolen ? "warn" : "");
}

async function act(action, kind = "move") {
  if (state.busy) return;
  state.busy = true;
  document.body.dataset.busy = "true";
  renderGame();
  const started = performance.now();
  try {
    const answer = await api(`games/${state.gameId}/actions`, { action });
    window.jarnacTimings[kind].push(performance.now() - started);
    state.game = answer.game;
    state.line = null;
    state.steals = [];
    $("#word").value = "";
    $("#raw-action").value = "";
    $("#hint-list").replaceChildren();
    log(answer.played);
    state.busy = false;
    renderGame();
    announce(answer.played);
  } catch (exc) {
    state.busy = false;
    renderGame();
    say($("#message"), `${t("refused")}: ${exc.message}`, "error");
  } finally {
    document.body.dataset.busy = "false";
  }
}

function wordAction() {
  const word = fold($("#word").value).replace(/\s+/g, "");
  if (!word) return null;
  const game = state.game;
  if (state.line !== null) {
    const old = game.trays[0].lines[state.line];
    const added = minus(word, old);
    if (added === null || !added) {
      say($("#message"), t("not_an_extension", { word, old }), "error");
      return null;
    }
    return `${state.line + 1}:${old}+${added}=${word}`;
  }
  return `+${word}`;
}

function stealAction() {
  const word = fold($("#word").value).replace(/\s+/g, "");
  if (!word) return null;
  const passer = state.game.trays[1];
  if (state.line !== null) {
    const old = passer.lines[state.line];
    const added = minus(word, old);
    if (added === null || !added) {
      say($("#message"), t("not_an_extension", { word, old }), "error");
      return null;
    }
    return `${state.line + 1}:${old}+${added}=${word}`;
  }
  return `+${word}`;
}

async function startGame(event) {
  event.preventDefault();
  const form = new FormData($("#new-game"));
  $("#log").replaceChildren();
  say($("#message"), "");
  try {
    const answer = await api("games", {
      lexicon: form.get("lexicon"),
      rules: form.get("rules"),
      players: ["person", form.get("opponent")],
    });
    state.gameId = answer.id;
    store.setItem("jarnac.game", answer.id);
    state.game = answer.game;
    log(answer.played);
    renderGame();
    $("#draw").focus();
  } catch (exc) {
    say($("#message"), exc.message, "error");
    $("#game").hidden = false;
  }
}

async function resumeGame() {
  if (!state.gameId) return;
  try {
    const answer = await api(`games/${state.gameId}`);
    state.game = answer.game;
    log(answer.played);
    renderGame();
    if (!state.game.over && state.game.phase === "jarnac" && state.game.to_act === "A") say($("#message"), t("they_passed"));
  } catch (exc) {
    if (exc.status === 404) store.removeItem("jarnac.game");
    state.gameId = null;
  }
}

function leaveGame() {
  store.removeItem("jarnac.game");
  state.gameId = null;
  state.game = null;
  state.steals = [];
  state.line = null;
  $("#game").hidden = true;
  $("#new-game").hidden = false;
  $("#log").replaceChildren();
  $("#hint-list").replaceChildren();
  say($("#message"), "");
  $("#start").focus();
}

// -- hints -----------------------------------------------------------------------------------

function hintLine(option) {
  const hint = option.hint;
  const parts = [];
  if (hint) {
    parts.push(t("hint_points", { points: hint.points }));
    parts.push(t("hint_draws", { draws: hint.draws.toLocaleString(lang, { maximumFractionDigits: 1 }) }));
    if (hint.ladder.length) parts.push(t("hint_ladder", { ladder: [hint.move.word, ...hint.ladder.map((m) => m.word)].join(" → ") }));
    if (hint.exposure) parts.push(t("hint_exposure", { points: hint.exposure }));
    if (hint.familiarity !== null && hint.familiarity !== undefined) parts.push(t("hint_familiar", { value: hint.familiarity.toFixed(1) }));
    return parts.join(" · ");
  }
  return option.reasons.join("; ");
}

async function askHint() {
  if (!state.gameId || state.busy) return;
  const budget = Math.max(10, Math.min(10000, Number($("#budget").value) || 200));
  const familiar = $("#familiar").checked ? "&familiarity=true" : "";
  const list = $("#hint-list");
  list.replaceChildren(el("li", {}, t("thinking")));
  document.body.dataset.hinting = "true";
  const started = performance.now();
  try {
    const answer = await api(`games/${state.gameId}/advice?budget=${budget}&top=5${familiar}`);
    window.jarnacTimings.hint.push(performance.now() - started);
    const options = answer.advice.options;
    if (!options.length) {
      list.replaceChildren(el("li", {}, t("nothing_to_advise")));
      return;
    }
    list.replaceChildren(
      ...options.map((option) =>
        el(
          "li",
          {},
          el("strong", {}, option.action),
          " ",
          el("span", { class: "why" }, hintLine(option)),
          " ",
          el("button", { type: "button", class: "small play-this", onclick: () => act(option.action) }, t("play_this")),
        ),
      ),
    );
    if (!answer.advice.exact) list.append(el("li", { class: "note" }, t("not_proven")));
  } catch (exc) {
    list.replaceChildren(el("li", { class: "error" }, exc.message));
  } finally {
    document.body.dataset.hinting = "false";
  }
}

// -- the referee ---------------------------------------------------------------------------------

function drawTrayWithSteals(tray, steals, label) {
  const taken = new Set(steals.filter((m) => m.line !== null).map((m) => m.line - 1));
  const rows = tray.lines.map((word, i) =>
    el(
      "div",
      { class: `line${taken.has(i) ? " taken" : ""}` },
      el("span", { class: "n" }, `${i + 1}`),
      ...Array.from({ length: 9 }, (_, k) => el("span", { class: tilesOf(word)[k] ? "tile" : "cell" }, tilesOf(word)[k] || "")),
      el("span", { class: "pts" }, `${lineScore(word)}`),
    ),
  );
  return el("div", { class: "tray-box" }, el("h3", {}, label), el("div", { class: "tray" }, rows), el("div", { class: "rack" }, tilesOf(tray.rack).map((x) => el("span", { class: "tile" }, x))));
}

async function checkPass(event) {
  event.preventDefault();
  const form = new FormData($("#referee-form"));
  const box = $("#referee-answer");
  box.hidden = false;
  box.replaceChildren(el("p", {}, t("thinking")));
  const body = { tray: form.get("passer"), lexicon: form.get("lexicon"), rules: form.get("rules"), budget: 3000 };
  if (form.get("thief").trim()) body.thief = form.get("thief");
  try {
    const [bySwing, byGain] = await Promise.all([api("jarnac", { ...body, objective: "swing" }), api("jarnac", { ...body, objective: "gain" })]);
    state.alphabet = bySwing.tray.alphabet;
    const left = bySwing.left_move;
    const out = [el("p", { class: left ? "verdict yes" : "verdict no" }, left ? t("left_a_move", { move: left.notation }) : t("left_no_move"))];
    for (const [name, result] of [["by_swing", bySwing], ["by_gain", byGain]]) {
      const plan = result.plan;
      if (!plan.jarnac) continue;
      out.push(el("h3", {}, t(name)));
      out.push(el("p", {}, t("best_call_is", { steals: plan.steals.map((m) => m.notation).join("  "), gain: plan.gain, swing: plan.swing })));
      if (!plan.exact) out.push(el("p", { class: "note" }, t("not_proven")));
    }
    out.push(el("div", { class: "board" }, drawTrayWithSteals(bySwing.tray, bySwing.plan.steals || [], t("passer"))));
    box.replaceChildren(...out);
  } catch (exc) {
    box.replaceChildren(el("p", { class: "error" }, exc.message));
  }
}

async function judge(event) {
  event.preventDefault();
  const form = new FormData($("#judge-form"));
  const words = String(form.get("words")).split(/[\s,]+/).filter(Boolean).slice(0, 64);
  const lexicon = $("#referee-form select.lexicons").value;
  const list = $("#judge-answer");
  try {
    const answer = await api("check", { words, lexicon });
    list.replaceChildren(
      ...answer.words.map((w) =>
        el("li", { class: w.valid ? "yes" : "no" }, `${w.word}${w.folded && w.folded !== w.word ? " → " + w.folded : ""}: ${w.valid ? t("valid") : t("invalid")}` + (w.reason ? ` (${w.reason})` : "")),
      ),
    );
  } catch (exc) {
    list.replaceChildren(el("li", { class: "error" }, exc.message));
  }
}

// -- the audit ---------------------------------------------------------------------------------------

function auditWindow(window) {
  const thief = window.passer === "A" ? "B" : "A";
  const title = t("window_title", { turn: window.turn, passer: window.passer, thief });
  const plan = window.best;
  const verdict = window.left_move
    ? t("window_missed", { best: plan.steals.map((m) => m.notation).join("  "), swing: plan.swing })
    : t("window_clean");
  const called = window.called ? `${t("window_called", { action: window.called })} (${window.optimal ? t("optimal") : t("missed_points", { n: window.missed })})` : t("window_declined");
  const details = el("details", { class: `window${window.missed ? " missed" : ""}` }, el("summary", {}, `${title}: ${verdict}; ${called}`));
  state.alphabet = window.passer_tray.alphabet;
  details.append(el("div", { class: "board" }, drawTrayWithSteals(window.passer_tray, plan.steals || [], t("passer_named", { who: window.passer })), drawTrayWithSteals(window.thief_tray, [], t("thief_named", { who: thief }))));
  return details;
}

async function audit(event) {
  event.preventDefault();
  const formNode = $("#audit-form");
  const form = new FormData(formNode);
  let text = String(form.get("text") || "");
  const file = form.get("file");
  if (file && file.size) text = await file.text();
  const box = $("#audit-answer");
  if (!text.trim()) {
    box.replaceChildren(el("p", { class: "error" }, t("audit_empty")));
    return;
  }
  box.replaceChildren(el("p", {}, t("thinking")));
  try {
    const answer = await api("audit", { text, lexicon: form.get("lexicon"), rules: form.get("rules"), deep: form.get("deep") === "on" });
    const out = [];
    for (const refused of answer.refused) out.push(el("p", { class: "error" }, t("line_refused", refused)));
    for (const error of answer.errors) out.push(el("p", { class: "error" }, error));
    answer.games.forEach((game, n) => {
      const card = el("div", { class: "card" }, el("h3", {}, t("audit_game", { n: n + 1, a: game.scores[0], b: game.scores[1], result: game.result })));
      const summary = el("ul", {});
      for (const who of ["A", "B"]) {
        const s = game.summary[who];
        summary.append(el("li", {}, t("audit_summary", { who: `${who} (${game.players["AB".indexOf(who)]})`, ...s })));
      }
      card.append(summary);
      if (!game.windows.length) card.append(el("p", {}, t("no_window")));
      for (const window of game.windows) card.append(auditWindow(window));
      if (answer.records[n]) card.append(el("details", {}, el("summary", {}, t("the_record")), el("pre", {}, answer.records[n])));
      out.push(card);
    });
    box.replaceChildren(...out);
  } catch (exc) {
    box.replaceChildren(el("p", { class: "error" }, exc.message));
  }
}

// -- tabs -----------------------------------------------------------------------------------------------

function showTab(id) {
  for (const tab of $$("[role=tab]")) {
    const selected = tab.getAttribute("aria-controls") === id;
    tab.setAttribute("aria-selected", selected ? "true" : "false");
    tab.tabIndex = selected ? 0 : -1;
    document.getElementById(tab.getAttribute("aria-controls")).hidden = !selected;
  }
  location.hash = id;
}

// -- start --------------------------------------------------------------------------------------------

async function main() {
  $("#lang").addEventListener("change", () => {
    lang = $("#lang").value;
    store.setItem("jarnac.lang", lang);
    applyLanguage();
  });
  $("#token").value = store.getItem("jarnac.token") || "";
  $("#token").addEventListener("change", () => {
    store.setItem("jarnac.token", $("#token").value);
    location.reload();
  });
  const tabs = $$("[role=tab]");
  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => showTab(tab.getAttribute("aria-controls")));
    tab.addEventListener("keydown", (event) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      next.focus();
      showTab(next.getAttribute("aria-controls"));
    });
  });
  $("#new-game").addEventListener("submit", startGame);
  $("#play-word").addEventListener("click", () => {
    const action = wordAction();
    if (action) act(action);
  });
  $("#word").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (state.game && state.game.phase === "jarnac") $("#add-steal").click();
    else $("#play-word").click();
  });
  $("#clear-word").addEventListener("click", () => {
    $("#word").value = "";
    state.line = null;
    renderGame();
  });
  $("#draw").addEventListener("click", () => act("draw"));
  $("#pass").addEventListener("click", () => act("pass"));
  $("#exchange").addEventListener("click", () => {
    const letters = fold($("#word").value).replace(/\s+/g, "");
    if (!letters) say($("#message"), t("exchange_how"), "error");
    else act(`exchange ${letters}`);
  });
  $("#add-steal").addEventListener("click", () => {
    const steal = stealAction();
    if (!steal) return;
    state.steals.push(steal);
    state.line = null;
    $("#word").value = "";
    renderGame();
  });
  $("#call-jarnac").addEventListener("click", () => {
    const pending = stealAction();
    const steals = [...state.steals, ...(pending ? [pending] : [])];
    if (!steals.length) say($("#message"), t("steal_how"), "error");
    else act(`jarnac ${steals.join(" ")}`);
  });
  $("#decline").addEventListener("click", () => act("decline"));
  $("#dispute").addEventListener("click", () => act("dispute"));
  $("#accept").addEventListener("click", () => act("accept"));
  $("#send-raw").addEventListener("click", () => {
    const text = $("#raw-action").value.trim();
    if (text) act(text);
  });
  $("#raw-action").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      $("#send-raw").click();
    }
  });
  $("#ask-hint").addEventListener("click", askHint);
  $("#leave").addEventListener("click", leaveGame);
  $("#referee-form").addEventListener("submit", checkPass);
  $("#judge-form").addEventListener("submit", judge);
  $("#audit-form").addEventListener("submit", audit);
  try {
    state.info = await api("health");
  } catch (exc) {
    say($("#offline"), exc.message, "error");
    $("#offline").hidden = false;
    return;
  }
  $("#familiar-box").hidden = !state.info.familiarity;
  applyLanguage();
  const wanted = location.hash.slice(1);
  showTab(["play", "referee", "audit"].includes(wanted) ? wanted : "play");
  await resumeGame();
  document.body.dataset.ready = "true";
}

main();
