// The page of `jarnac-solver serve`: play against the computer, check a pass, audit a record.
// Plain ES module, no build step, no request outside the server: every answer comes from /api/.
import { language, loadLanguage, pickLanguage, reason, t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
const $$ = (selector) => [...document.querySelectorAll(selector)];
const store = window.localStorage;

let lang = pickLanguage(store.getItem("jarnac.lang"), navigator.languages || [navigator.language]);

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
    // The answers' texts (reasons, refusals) in the page's language; their codes are the same in every one.
    response = await fetch(`/api/${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, init);
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
  // ``text`` may be a function of the language: the message is then said again when the language changes.
  target.sayAgain = typeof text === "function" ? text : null;
  target.textContent = typeof text === "function" ? text() : text;
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

function showError(target, exc, asRefusal) {
  // A refusal by the rules says why (the engine's reason, in English); a server that is down or a token
  // missing or refused says what to do.
  const token = store.getItem("jarnac.token");
  if (exc.status === 0) say(target, () => t("offline"), "error");
  else if (exc.status === 401) say(target, () => t(token ? "token_wrong" : "token_refused"), "error");
  else say(target, asRefusal ? () => `${t("refused")}: ${exc.message}` : exc.message, "error");
}

function focusNext() {
  // Keyboard play: after an answer, the focus goes where the next decision is made (not back to <body>).
  const game = state.game;
  if (!game || game.over) return $("#record-link").focus();
  if (game.to_act !== "A") return;
  const first = { opening: "#draw", start: "#draw", play: "#word", jarnac: "#word", dispute: "#accept" }[game.phase];
  if (first) $(first).focus();
}

// -- the state of the page --------------------------------------------------------------------

const state = {
  info: null,
  gameId: store.getItem("jarnac.game"),
  game: null,
  line: null, // the line (from 0) of the tray chosen to extend or to steal from
  steals: [],
  log: [], // [action number, played] of the game, oldest first
  alphabet: "latin",
  busy: false,
};

// -- language -------------------------------------------------------------------------------------

function applyLanguage() {
  document.documentElement.lang = language();
  $("#lang").value = lang;
  for (const node of $$("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of $$("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of $$(".message")) if (node.sayAgain) node.textContent = node.sayAgain();
  if (state.log.length) renderLog();
  if (state.game) renderGame();
  fillSelects();
}

// -- selects: lexicons, presets, players ------------------------------------------------------

function fillSelects() {
  if (!state.info) return;
  const fill = (select, values, label, chosen) => {
    const keep = select.options.length ? select.value : chosen;
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

function lineCells(word) {
  // A line's nine cells: its tiles, then empty cells (both trays of a game, the referee's and the audit's).
  const tiles = tilesOf(word);
  return Array.from({ length: 9 }, (_, k) => el("span", { class: tiles[k] ? "tile" : "cell", "aria-hidden": "true" }, tiles[k] || ""));
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
    const cells = lineCells(word);
    const formed = me ? false : game.formed.includes(i + 1) && phase === "jarnac";
    const whose = me ? t("yours") : t("theirs");
    const label = `${whose}, ${word ? t("line_label", { n: i + 1, word, points: lineScore(word) }) : t("line_empty", { n: i + 1 })}`;
    const attributes = {
      class: `line${word ? "" : " empty"}${state.line === i && choosable && word ? " chosen" : ""}${formed ? " formed" : ""}`,
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
  markUsed();
  $("#word").focus();
}

function markUsed() {
  // The rack's tiles the word takes are shown used (a line being lengthened gives its own letters first).
  const game = state.game;
  if (!game) return;
  const mine = game.phase !== "jarnac";
  const tray = mine ? game.trays[0] : game.trays[1];
  let need = tilesOf(fold($("#word").value).replace(/\s+/g, ""));
  if (state.line !== null && tray.lines[state.line]) {
    for (const tile of tilesOf(tray.lines[state.line])) {
      const at = need.indexOf(tile);
      if (at >= 0) need.splice(at, 1);
    }
  }
  for (const button of $$(mine ? "#rack-0 .tile" : "#rack-1 .tile")) {
    const at = need.indexOf(button.textContent);
    const used = at >= 0;
    if (used) need.splice(at, 1);
    button.classList.toggle("used", used);
    if (button.tagName === "BUTTON") button.setAttribute("aria-pressed", used ? "true" : "false");
  }
}

function phaseText(game) {
  if (game.over) return t("over", { result: game.result_reason ? reason(game.result_reason) : "", a: game.scores[0], b: game.scores[1] });
  const mine = game.to_act === "A";
  if (mine && game.phase === "start" && !game.accepts.includes("exchange")) return t("phase_start_you_draw");
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
  $("#raw-controls").hidden = game.over;
  $("#hints").hidden = game.over;
  $("#steals").textContent = state.steals.length ? state.steals.join("  ") : t(game.phase === "jarnac" ? "steal_typed" : "no_steal");
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
  markUsed();
}

function actionWords(action) {
  // The action in words, beside its notation (which stays the notation: what a record holds).
  const [verb, ...rest] = action.split(" ");
  const extend = /^(\d+):([^+]+)\+[^=]+=(.+)$/.exec(action);
  if (extend) return t("did_extend", { n: extend[1], word: extend[3] });
  if (action.startsWith("+")) return t("did_place", { word: action.slice(1) });
  if (verb === "exchange") return t("did_exchange", { tiles: rest.join(" ") });
  if (verb === "jarnac") return t("did_jarnac", { steals: rest.join(" ") });
  return ["draw", "pass", "decline", "dispute", "accept"].includes(verb) ? t(`did_${verb}`) : "";
}

function describePlayed(played) {
  const who = played.player === "A" ? t("you") : t("player_" + state.game.players[1]);
  const words = actionWords(played.action);
  let text = `${who}: ${played.action}${words ? ` (${words})` : ""}`;
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

function log(played, first) {
  // Newest first, each numbered as the record numbers it (first: the number of played[0]); kept, so a
  // change of language writes it again.
  played.forEach((item, k) => state.log.push([first + k, item]));
  renderLog();
}

function renderLog() {
  $("#log").replaceChildren(
    ...state.log
      .slice()
      .reverse()
      .map(([number, item]) => {
        const entry = el("li", { value: number }, describePlayed(item));
        if (item.best_call !== undefined) entry.append(el("div", { class: "best" }, bestCallText(item.best_call)));
        return entry;
      }),
  );
}

async function logFromRecord() {
  // After a reload the log is rebuilt from the record (found by a newcomer: it came back empty).
  const answer = await api(`games/${state.gameId}/record`);
  state.log = [];
  log(
    answer.record.actions.map((a) => ({ player: a.player, action: a.action, drew: a.drew, gained: 0 })),
    1,
  );
}

function announce(played) {
  // What a player must notice: what its own Jarnac took and the best there was, a Jarnac on its pass,
  // the computer's pass.
  const stolen = played.find((p) => p.player === "B" && p.action.startsWith("jarnac"));
  const decided = played.find((p) => p.best_call !== undefined);
  const game = state.game;
  const text = () => {
    const parts = [];
    if (decided && decided.action.startsWith("jarnac"))
      parts.push(t("you_took", { steals: decided.action.slice(7), gained: decided.gained, lost: decided.lost }));
    if (decided) parts.push(bestCallText(decided.best_call));
    if (stolen) parts.push(t("they_called", { steals: stolen.action.slice(7), gained: stolen.gained, lost: stolen.lost }));
    if (!game.over && game.phase === "jarnac" && game.to_act === "A") parts.push(t("they_passed"));
    return parts.join(" ");
  };
  say($("#message"), text, stolen ? "warn" : "");
}

async function act(action, kind = "move") {
  if (state.busy) return;
  state.busy = true;
  document.body.dataset.busy = "true";
  renderGame();
  const started = performance.now();
  try {
    const before = state.game.actions;
    const answer = await api(`games/${state.gameId}/actions`, { action, at: before + 1 });
    window.jarnacTimings[kind].push(performance.now() - started);
    state.game = answer.game;
    state.line = null;
    state.steals = [];
    $("#word").value = "";
    $("#raw-action").value = "";
    $("#hint-list").replaceChildren();
    log(answer.played, answer.game.actions - answer.played.length + 1);
    state.busy = false;
    renderGame();
    announce(answer.played);
    focusNext();
  } catch (exc) {
    state.busy = false;
    renderGame();
    showError($("#message"), exc, true);
  } finally {
    document.body.dataset.busy = "false";
  }
}

function typedMove(tray) {
  // The word typed as a move on ``tray``: +WORD, or N:OLD+LETTERS=WORD when one of its lines is chosen.
  const word = fold($("#word").value).replace(/\s+/g, "");
  if (!word) return null;
  if (state.line === null) return `+${word}`;
  const old = tray.lines[state.line];
  const added = minus(word, old);
  if (added === null || !added) {
    say($("#message"), () => t("not_an_extension", { word, old }), "error");
    return null;
  }
  return `${state.line + 1}:${old}+${added}=${word}`;
}

function wordAction() {
  const game = state.game;
  if (fold($("#word").value).trim() && (game.phase === "start" || game.phase === "opening")) {
    say($("#message"), () => t("draw_first"), "error");  // a newcomer got "player A is in the start phase"
    return null;
  }
  return typedMove(game.trays[0]);
}

function stealAction() {
  return typedMove(state.game.trays[1]);  // a steal is a move of the passer's
}

async function startGame(event) {
  event.preventDefault();
  const form = new FormData($("#new-game"));
  state.log = [];
  $("#log").replaceChildren();
  say($("#message"), "");
  say($("#start-message"), "");
  try {
    const answer = await api("games", {
      lexicon: form.get("lexicon"),
      rules: form.get("rules"),
      players: ["person", form.get("opponent")],
    });
    state.gameId = answer.id;
    store.setItem("jarnac.game", answer.id);
    state.game = answer.game;
    log(answer.played, 1);
    renderGame();
    focusNext();
  } catch (exc) {
    showError($("#start-message"), exc, false);  // the form stays; nothing of a game is shown
  }
}

async function resumeGame() {
  if (!state.gameId) return;
  try {
    const answer = await api(`games/${state.gameId}`);
    state.game = answer.game;
    await logFromRecord();
    renderGame();
    if (!state.game.over && state.game.phase === "jarnac" && state.game.to_act === "A") say($("#message"), () => t("they_passed"));
  } catch (exc) {
    if (exc.status === 404) store.removeItem("jarnac.game");
    state.gameId = null;
  }
}

function leaveGame() {
  if (state.game && !state.game.over && !window.confirm(t("leave_confirm"))) return;
  store.removeItem("jarnac.game");
  state.gameId = null;
  state.game = null;
  state.steals = [];
  state.line = null;
  $("#game").hidden = true;
  $("#new-game").hidden = false;
  state.log = [];
  $("#log").replaceChildren();
  $("#hint-list").replaceChildren();
  say($("#message"), "");
  $("#start").focus();
}

// -- hints -----------------------------------------------------------------------------------

function hintLine(option) {
  // Every reason of the option, rendered from its code (the end game's warnings as much as the points).
  return option.reasons.map(reason).join(" · ");
}

async function askHint() {
  if (!state.gameId || state.busy) return;
  const limit = state.info.max_budget_ms || 10000;
  const budget = Math.round(Math.max(10, Math.min(limit, Number($("#budget").value) || 200)));
  $("#budget").value = budget;  // the value used, shown (found by a newcomer: 0 or 99999 said nothing)
  const familiar = $("#familiar").checked ? "&familiarity=true" : "";
  const list = $("#hint-list");
  say($("#hint-error"), "");
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
    list.replaceChildren();
    showError($("#hint-error"), exc, false);
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
      ...lineCells(word),
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
    const callable = left && bySwing.plan.jarnac;
    const verdict = !left ? t("left_no_move") : callable ? t("left_a_move", { move: left.notation }) : t("left_but_no_line", { move: left.notation });
    const out = [el("p", { class: left ? "verdict yes" : "verdict no" }, verdict)];
    const unknown = await unknownLines(bySwing.tray, body.lexicon);
    if (unknown.length) out.push(el("p", { class: "note" }, t("lines_not_words", { words: unknown.join(", ") })));
    for (const [name, result] of [["by_swing", bySwing], ["by_gain", byGain]]) {
      const plan = result.plan;
      if (!plan.jarnac) continue;
      out.push(el("h3", {}, t(name)));
      out.push(el("p", {}, t("best_call_is", { steals: plan.steals.map((m) => m.notation).join("  "), gain: plan.gain, swing: plan.swing })));
      if (!plan.exact) out.push(el("p", { class: "note" }, t("not_proven")));
    }
    const title = callable ? t("passer") : t("passer_plain");
    out.push(el("div", { class: "board" }, drawTrayWithSteals(bySwing.tray, bySwing.plan.steals || [], title)));
    box.replaceChildren(...out);
  } catch (exc) {
    box.replaceChildren(el("p", { class: "error" }, exc.message));
  }
}

async function unknownLines(tray, lexicon) {
  // A referee types trays by hand: lines that are no word of the lexicon are pointed out.
  if (!tray.lines.length) return [];
  try {
    const answer = await api("check", { words: tray.lines.filter(Boolean), lexicon });
    return answer.words.filter((w) => !w.valid).map((w) => w.word);
  } catch (exc) {
    return [];
  }
}

async function judge(event) {
  event.preventDefault();
  const form = new FormData($("#judge-form"));
  const all = String(form.get("words")).split(/[\s,]+/).filter(Boolean);
  const words = all.slice(0, 64);
  const lexicon = form.get("lexicon");
  const list = $("#judge-answer");
  if (!words.length) {
    list.replaceChildren(el("li", { class: "error" }, t("judge_empty")));
    return;
  }
  try {
    const answer = await api("check", { words, lexicon });
    const more = all.length > words.length ? [el("li", { class: "note" }, t("judge_more", { n: all.length - words.length }))] : [];
    list.replaceChildren(
      ...more,
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
  const notes = window.notes.length ? window.notes.map(reason).join("; ") : t("no_move_was_left");
  const details = el("details", { class: `window${window.missed ? " missed" : ""}` }, el("summary", {}, `${title}: ${notes}`));
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
  let source = t("audit_from_text");
  if (!text.trim() && file && file.size) {
    // Found by a newcomer: a file chosen earlier won over a new text pasted; the text wins now.
    text = await file.text();
    source = t("audit_from_file", { name: file.name });
  }
  const box = $("#audit-answer");
  if (!text.trim()) {
    box.replaceChildren(el("p", { class: "error" }, t("audit_empty")));
    return;
  }
  box.replaceChildren(el("p", {}, t("thinking")));
  try {
    const answer = await api("audit", { text, lexicon: form.get("lexicon"), rules: form.get("rules"), deep: form.get("deep") === "on" });
    const out = [el("p", { class: "note" }, source)];
    for (const refused of answer.refused) out.push(el("p", { class: "error" }, t("line_refused", refused)));
    for (const error of answer.errors) out.push(el("p", { class: "error" }, error));
    answer.games.forEach((game, n) => {
      const card = el("div", { class: "card" }, el("h3", {}, t("audit_game", { n: n + 1, a: game.scores[0], b: game.scores[1], result: reason(game.said.result) })));
      const summary = el("ul", {});
      for (const who of ["A", "B"]) summary.append(el("li", {}, `${reason(game.said[who])} (${game.players["AB".indexOf(who)]})`));
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
  $("#lang").addEventListener("change", async () => {
    lang = $("#lang").value;
    store.setItem("jarnac.lang", lang);
    await loadLanguage(lang);
    applyLanguage();
  });
  await loadLanguage(lang);
  $("#token").value = store.getItem("jarnac.token") || "";
  $("#token").addEventListener("change", async () => {
    // Kept for this browser; checked at once (found by a newcomer: a reload lost the click after it).
    const token = $("#token").value.trim();
    if (token) store.setItem("jarnac.token", token);
    else store.removeItem("jarnac.token");
    try {
      await api("openapi.json");
      say($("#token-message"), () => t("token_ok"), "");
      say($("#start-message"), "");
    } catch (exc) {
      showError($("#token-message"), exc, false);
    }
  });
  const tabs = $$("[role=tab]");
  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => showTab(tab.getAttribute("aria-controls")));
    tab.addEventListener("keydown", (event) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      showTab(next.getAttribute("aria-controls"));
      next.focus();
    });
  });
  $("#new-game").addEventListener("submit", startGame);
  $("#play-word").addEventListener("click", () => {
    const action = wordAction();
    if (action) act(action);
  });
  $("#word").addEventListener("input", markUsed);
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
    $("#word").focus();
  });
  $("#draw").addEventListener("click", () => act("draw"));
  $("#pass").addEventListener("click", () => act("pass"));
  $("#exchange").addEventListener("click", () => {
    const letters = fold($("#word").value).replace(/\s+/g, "");
    if (!letters) say($("#message"), () => t("exchange_how"), "error");
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
    if (!steals.length) say($("#message"), () => t("steal_how"), "error");
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
