// A game: against the computer, or between people (one seat here, both in a hot seat, or watched); the
// trays, the controls, the log, each action sent and each of the other's actions heard.
import { t, reason, language } from "./i18n.js";
import { fold, minus } from "./tiles.js";
import { $, $$, acting, api, el, lineCells, lineScore, mine, otherSeat, ownSeat, people, say, seatHeaders, seatName, showError, state, store, tilesIn, timeLeft } from "./common.js";
import { entryOf, follow, lobby, remember, stopFollowing } from "./people.js";

// The sentences that name the computer, said of the other seat by its name in a game between people.
export const ofOther = (key, values = {}) =>
  people() ? t(`people_${key}`, { ...values, seat: seatName(otherSeat()) }) : t(key, values);

export function focusNext() {
  // Keyboard play: after an answer, the focus goes where the next decision is made (not back to <body>).
  // The page is not scrolled to it: on a phone the turn's controls are on the first screen already, and a
  // focus that scrolled took the opponent's tray and the message off it.
  const game = state.game;
  if (!game) return;
  if (game.over) {
    // The end: who won, at the top of the page (its heading focused, so a screen reader reads it).
    window.scrollTo(0, 0);
    return $("#end").hidden ? $("#record-link").focus({ preventScroll: true }) : $("#end-title").focus({ preventScroll: true });
  }
  if (!acting()) return;
  const windowed = windowKind();
  const first = windowed === "jarnac" ? (state.stealing ? "#word" : "#draw") : windowed === "dispute" ? "#window-dispute" : { opening: "#draw", start: "#draw", play: "#word", jarnac: "#word", dispute: "#accept" }[game.phase];
  if (first) $(first).focus({ preventScroll: true });
}

export function renderTray(box, tray, who) {
  const game = state.game;
  const me = who === 0;
  const rows = [];
  const lines = tray.lines;
  const count = Math.max(8, lines.length);
  const phase = game.phase;
  const choosable = acting() && ((me && phase === "play") || (!me && phase === "jarnac"));
  for (let i = 0; i < count; i++) {
    const word = lines[i] || "";
    const cells = lineCells(word);
    const formed = me ? false : game.formed.includes(i + 1) && phase === "jarnac";
    const whose = me ? t("yours") : people() ? seatName(otherSeat()) : t("theirs");
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

export function renderRack(box, rack, clickable) {
  const label = box.querySelector(".sr");
  const tiles = tilesIn(rack).map((tile) =>
    clickable
      ? el("button", { class: "tile", type: "button", "aria-label": t("add_letter", { letter: tile }), onclick: () => addLetter(tile) }, tile)
      : el("span", { class: "tile" }, tile),
  );
  box.replaceChildren(...(label ? [label] : []), ...(tiles.length ? tiles : [el("span", { class: "empty" }, t("no_letters"))]));
}

export function chooseLine(i) {
  if (windowKind() === "jarnac") state.stealing = true;
  state.line = state.line === i ? null : i;
  const game = state.game;
  const tray = game.phase === "jarnac" ? game.trays[1 - mine()] : game.trays[mine()];
  if (state.line !== null) $("#word").value = tray.lines[i];
  renderGame();
  $("#word").focus();
}

export function addLetter(tile) {
  if (windowKind() === "jarnac" && !state.stealing) {
    state.stealing = true;
    renderGame();
  }
  $("#word").value += tile;
  markUsed();
  $("#word").focus();
}

const ownIndex = mine;

export function markUsed() {
  // The rack's tiles the word takes are shown used (a line being lengthened gives its own letters first).
  const game = state.game;
  if (!game) return;
  const mine = game.phase !== "jarnac";
  const tray = mine ? game.trays[ownIndex()] : game.trays[1 - ownIndex()];
  let need = tilesIn(fold($("#word").value).replace(/\s+/g, ""));
  if (state.line !== null && tray.lines[state.line]) {
    for (const tile of tilesIn(tray.lines[state.line])) {
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

export function endText(game) {
  // Who won and by how much, by their names ("you" for the page's own seat); a resignation or a time out says
  // who ended it.
  const other = (seat) => (seat === "A" ? "B" : "A");
  const own = state.mode === "computer" ? "A" : state.mode === "invite" ? state.seat : null;
  const named = (seat) => (people() ? seatName(seat) : seat === "A" ? t("you") : t("the_computer"));
  if (game.ending) {
    // Against the computer only the person resigns or runs out of time: said to them ("You resign.").
    if (!people()) return sentence(game.ending.kind === "resign" ? "resign" : "out_of_time", game.ending.player);
    const names = { loser: named(game.ending.player), winner: named(other(game.ending.player)) };
    return t(game.ending.kind === "resign" ? "end_resigned" : "end_out_of_time", names);
  }
  if (!game.winner) return t("end_draw", { a: game.scores[0] });
  const values = lostBy(game, game.winner);
  if (own && game.winner === own) return t("end_you_won", values);
  if (own) return t("end_you_lost", values);
  return t("end_won", values);
}

function lostBy(game, winner) {
  const w = winner === "A" ? 0 : 1;
  const [high, low] = [game.scores[w], game.scores[1 - w]];
  const name = people() ? seatName(winner) : winner === "A" ? t("you") : t("the_computer");
  return { winner: name, high, low, margin: high - low };
}

function renderEnd(game) {
  // The end of a game: who won and by how much, both final trays (the board stays), then rematch, review and
  // a new game.
  $("#end").hidden = !game.over;
  if (!game.over) return;
  $("#end-title").textContent = t("end_title");
  $("#end-text").textContent = endText(game);
  $("#end-more").textContent = t("end_trays");
  const rematchShown = !people() || !$("#rematch").hidden;
  $("#end-rematch").hidden = !rematchShown;
  $("#end-rematch").textContent = people() ? $("#rematch").textContent : t("rematch");
  $("#rematch").hidden = true;
  $("#end-review").hidden = state.mode === "watch";
  $("#review-game").hidden = true;
}

export function phaseText(game) {
  const result = game.result_reason ? reason(game.result_reason) : "";
  // A resignation or a time out is said once, by the people's names (its reason names the seats' letters).
  if (game.over && people() && game.ending) return endText(game);
  if (game.over && people()) return `${t("people_over", { result })} ${endText(game)}`; // the scores by names
  if (game.over) return t("end_title"); // the end card below says who won, by how much
  if (state.mode === "hotseat" && state.handover) return t("handover", { seat: seatName(game.to_act) });
  if (people() && !acting()) return `${state.mode === "watch" ? t("people_watching") + " " : ""}${t("people_wait", { seat: seatName(game.to_act) })}`;
  const mine = acting();
  if (mine && game.phase === "start" && !game.accepts.includes("exchange")) return t("phase_start_you_draw");
  if (windowKind()) return ""; // the window's own message says it, with its time
  if (mine && game.phase === "jarnac") return ofOther("phase_jarnac_you");
  const key = `phase_${game.phase}_${mine ? "you" : "them"}`;
  return t(key);
}

export function renderGame() {
  const game = state.game;
  if (!game) return;
  state.alphabet = game.trays[0].alphabet;
  $("#new-game").hidden = true;
  $("#join-form").hidden = true;
  $("#lobby").hidden = true;
  $("#game").hidden = false;
  const own = ownIndex();
  if (people()) {
    const you = state.mode === "invite" ? "seat_tray_you" : "seat_tray";
    $("#tray-title-0").textContent = t(you, { seat: seatName("AB"[own]), points: game.scores[own] });
    $("#tray-title-1").textContent = t("seat_tray", { seat: seatName("AB"[1 - own]), points: game.scores[1 - own] });
  } else {
    const opponent = t("name_" + game.players[1]);
    $("#tray-title-0").textContent = t("your_tray", { points: game.scores[0] });
    $("#tray-title-1").textContent = t("their_tray", { name: opponent, points: game.scores[1] });
  }
  renderTray($("#tray-0"), game.trays[own], 0);
  renderTray($("#tray-1"), game.trays[1 - own], 1);
  const mine = acting();
  renderRack($("#rack-0"), game.trays[own].rack, mine && ["play", "start"].includes(game.phase));
  renderRack($("#rack-1"), game.trays[1 - own].rack, mine && game.phase === "jarnac");
  $("#status").textContent = statusText(game);
  $("#game").classList.toggle("covered", state.mode === "hotseat" && state.handover && !game.over);
  $("#handover").hidden = !(state.mode === "hotseat" && state.handover && !game.over);
  $("#handover-ready").textContent = t("handover_ready", { seat: seatName(game.to_act) });
  renderInvite();
  const accepts = mine ? game.accepts : [];
  // Against the computer, a Jarnac window and a dispute are timed by the page (windowed): the Jarnac call is a
  // button with its countdown beside "Draw" (a draw says nothing), and a computer's word is accepted when its
  // countdown ends unless it is disputed. The window opens on every pass alike: it never tells a steal exists.
  const windowed = windowKind();
  const stealing = windowed === "jarnac" && state.stealing;
  const offered = windowed === "jarnac" && !stealing ? ["draw", ...accepts] : accepts;
  $("#word-controls").hidden = !(offered.includes("play") || stealing || (!windowed && accepts.includes("jarnac")) || offered.includes("exchange"));
  $("#play-word").hidden = !offered.includes("play");
  $("#draw").hidden = !offered.includes("draw");
  $("#exchange").hidden = !offered.includes("exchange");
  $("#pass").hidden = !offered.includes("pass");
  $("#turn-controls").hidden = !(offered.includes("draw") || offered.includes("pass"));
  $("#jarnac-controls").hidden = !(stealing || (!windowed && accepts.includes("jarnac")));
  $("#dispute-controls").hidden = windowed === "dispute" || !accepts.includes("dispute");
  $("#window-controls").hidden = windowed !== "dispute";
  $("#window-call").hidden = windowed !== "jarnac" || stealing;
  renderWindow();
  $("#raw-controls").hidden = game.over || !mine;
  $("#hints").hidden = game.over || game.hints === false || state.mode === "watch";
  $("#steals").textContent = state.steals.length ? state.steals.join("  ") : t(game.phase === "jarnac" ? "steal_typed" : "no_steal");
  const tray = game.phase === "jarnac" ? game.trays[1 - own] : game.trays[own];
  $("#selected-line").textContent =
    state.line !== null && tray.lines[state.line]
      ? t(game.phase === "jarnac" ? "stealing_line" : "extending_line", { n: state.line + 1, word: tray.lines[state.line] })
      : mine && game.phase === "play"
        ? t("how_to_play")
        : mine && game.phase === "jarnac" && (!windowKind() || state.stealing)
          ? ofOther("how_to_steal")
          : "";
  $("#audit-game").hidden = !game.over;
  $("#review-game").hidden = !game.over;
  $("#resign").hidden = game.over || state.mode === "watch";
  $("#turn-alerts").hidden = game.over || state.mode !== "invite";
  $("#turn-sound").checked = store.getItem("jarnac.sound") === "on";
  $("#notify-turn").hidden = !("Notification" in window) || Notification.permission !== "default";
  $("#next-game").hidden = lobby().length < 2;
  renderRematch();
  renderEnd(game);
  $("#record-link").href = `/api/games/${state.gameId}/record?format=text`;
  $("#record-link").setAttribute("download", `jarnac-${state.gameId}.txt`);
  for (const button of $$("#game button")) button.disabled = state.busy && button.id !== "leave";
  markUsed();
}

// -- the timed windows against the computer ----------------------------------------------------------

const WINDOW_SECONDS = 8; // a Jarnac window's and a dispute's time on the page (jarnac.window: another, in s)

export function windowSeconds() {
  const chosen = Number(store.getItem("jarnac.window"));
  return chosen > 0 ? chosen : WINDOW_SECONDS;
}

function windowKind() {
  // "jarnac" or "dispute" while the person decides in a window of a game against the computer, else null.
  const game = state.game;
  if (!game || people() || !acting() || !["jarnac", "dispute"].includes(game.phase)) return null;
  return game.phase;
}

function windowLeft() {
  // Seconds left in the window open now (opened when first seen, for the game's number of actions).
  const game = state.game;
  const key = `${state.gameId}:${game.actions}:${game.phase}`;
  if (!state.window || state.window.key !== key) {
    state.window = { key, until: performance.now() + windowSeconds() * 1000 };
    state.stealing = false;
  }
  return Math.max(0, (state.window.until - performance.now()) / 1000);
}

function renderWindow() {
  const kind = windowKind();
  if (!kind) return;
  const seconds = Math.ceil(windowLeft());
  if (kind === "jarnac") $("#window-call").textContent = t("window_call", { seconds });
  else $("#window-dispute").textContent = t("window_dispute", { word: disputedWord(), seconds });
}

function disputedWord() {
  return state.game.disputed ? movedWord(state.game.disputed) : "";
}

export function windowTick() {
  // The countdown shown; at its end the page decides what the rules do with silence: a Jarnac not called, a
  // word accepted.
  const kind = windowKind();
  if (!kind || state.busy || state.stealing) return;
  renderWindow();
  if (windowLeft() > 0) return;
  say($("#message"), () => t("window_auto"));
  act(kind === "jarnac" ? "decline" : "accept");
}

export function openSteal() {
  // "Jarnac!" tapped in the window: the steal is shown (the countdown stops: the person is deciding).
  state.stealing = true;
  say($("#message"), () => t("window_steal"));
  renderGame();
  $("#word").focus();
}

export async function drawNow() {
  // "Draw" in a Jarnac window says nothing first: one tap where there is nothing to decide.
  if (state.game && state.game.phase === "jarnac" && windowKind()) {
    await act("decline");
    if (!state.game || state.game.phase === "jarnac" || !state.game.accepts.includes("draw")) return;
  }
  await act("draw");
}

function statusText(game) {
  return [t("turn", { n: game.turn }), t("bag", { n: game.bag }), phaseText(game), clockText(), game.hints === false ? t("hints_off") : ""].filter(Boolean).join(" · ");
}

function clockText() {
  const clock = state.clock;
  if (!clock || !state.game || state.game.over) return "";
  if (clock.days) {
    if (clock.left_s === null || !clock.to_act) return "";
    const left = clock.left_s - (performance.now() - clock.at) / 1000;
    return t("clock_days_left", { seat: seatName(clock.to_act), time: timeLeft(left) });
  }
  const left = Math.max(0, Math.ceil(clock.left_s - (performance.now() - clock.at) / 1000));
  return t("clock_left", { seat: seatName(clock.to_act), seconds: left });
}

function renderInvite() {
  // The invitation (seat A's page, until B's device is seated): its link, code and QR code, or that it was
  // withdrawn, and a new one; the link moving this page's seat to another device; the watch link.
  const entry = entryOf(state.gameId);
  const invite = entry && entry.invite;
  const open = state.mode === "invite" && state.seat === "A" && state.game.claimed && !state.game.claimed[1];
  $("#invite").hidden = !people() || state.game.over || !entry;
  $("#invite-seat").hidden = !(invite && open);
  $("#invite").classList.toggle("first", !$("#invite-seat").hidden);
  if (invite && open) {
    const withdrawn = Boolean(invite.withdrawn);
    $("#invite-open").hidden = withdrawn;
    $("#cancel-invite").hidden = withdrawn;
    $("#invite-withdrawn").hidden = !withdrawn;
    if (!withdrawn) {
      $("#invite-link").value = invite.link;
      $("#invite-code").textContent = t("invite_code", { code: invite.code });
      $("#invite-qr").hidden = !invite.qr;
      if (invite.qr) {
        $("#invite-qr").src = invite.qr;
        $("#invite-qr").alt = t("invite_qr");
      }
    }
  }
  $("#move-box").hidden = state.mode !== "invite";
  // Seat B's device seated changes no action, so no push tells it: while the invitation is open, the game is
  // read again every few seconds, and B's name shows once B is seated.
  if (inviteTimer) clearTimeout(inviteTimer);
  inviteTimer = invite && open && !state.game.over ? setTimeout(readAgain, 5000) : null;
  $("#watch-link").value = (invite && invite.watch) || `${location.origin}/#watch=${encodeURIComponent(state.gameId)}`;
}

let inviteTimer = null;

export async function changeInvitation(withdraw) {
  // Seat A withdraws its open invitation (its code opens nothing), or makes a new one (the old withdrawn).
  const path = `games/${encodeURIComponent(state.gameId)}/invitation`;
  try {
    const answer = withdraw ? await api(path, undefined, "DELETE", seatHeaders()) : await api(path, {}, "POST", seatHeaders());
    const watch = (entryOf(state.gameId).invite || {}).watch;
    remember({ id: state.gameId, invite: withdraw ? { withdrawn: true, watch } : { ...answer.invitation, watch } });
    if (withdraw) say($("#message"), () => t("invite_withdrawn"));
    renderGame();
  } catch (exc) {
    showError($("#message"), exc, false);
  }
}

export async function moveSeat() {
  // A link that moves this page's seat to another device, once (this page then only watches).
  try {
    const answer = await api(`games/${encodeURIComponent(state.gameId)}/transfer`, {}, "POST", seatHeaders());
    $("#move-link").value = answer.transfer.link;
    $("#move-link-box").hidden = false;
  } catch (exc) {
    showError($("#message"), exc, false);
  }
}

export async function resign() {
  // The seat this page acts for resigns (confirmed first): the game ends, the other seat wins.
  if (!state.game || state.game.over || !window.confirm(t("resign_confirm"))) return;
  try {
    const answer = await api(`games/${encodeURIComponent(state.gameId)}/resign`, {}, "POST", seatHeaders());
    state.game = answer.game;
    setClock(answer.clock);
    // The resignation is numbered after the game's actions (the state's count is of the moves alone), as
    // the push channel and the record number it: never over the last move's entry.
    log(answer.played, answer.game.actions + 1);
    say($("#message"), ""); // what was asked of this seat (a Jarnac to call, a word to play) is asked no more
    renderGame();
  } catch (exc) {
    showError($("#message"), exc, false);
  }
}

// -- the rematch ----------------------------------------------------------------------------------

let rematchTimer = null;

function renderRematch() {
  // At the end of a game between people: a rematch offered, or the other's offer to accept; while one waits,
  // the game is read again every few seconds (its push channel closed at the end), and the rematch, once
  // made, opened.
  const game = state.game;
  const shown = game.over && ["invite", "hotseat"].includes(state.mode);
  $("#rematch").hidden = !shown;
  if (rematchTimer) clearTimeout(rematchTimer);
  rematchTimer = null;
  if (!shown) return;
  const offered = game.rematch && game.rematch.offered_by;
  const theirs = offered && state.mode === "invite" && offered !== state.seat;
  $("#rematch").textContent = t(theirs ? "rematch_accept" : "rematch");
  if (game.rematch && game.rematch.game) return enterRematch(game.rematch.game);
  if (offered && state.mode === "invite") {
    const other = state.seat === "A" ? "B" : "A";
    say($("#live"), () => (theirs ? t("rematch_asked", { name: seatName(other) }) : t("rematch_offered", { name: seatName(other) })), "warn");
  }
  if (state.mode === "invite") rematchTimer = setTimeout(readAgain, 3000);
}

async function readAgain() {
  // The game read again (a rematch offered or made, seat B seated), the page shown anew when it is still this one.
  const id = state.gameId;
  try {
    const answer = await api(`games/${encodeURIComponent(id)}`);
    if (state.gameId === id && state.game && answer.game.actions === state.game.actions) {
      state.game = answer.game;
      renderGame();
    }
  } catch (exc) {
    rematchTimer = setTimeout(readAgain, 10000);
  }
}

function enterRematch(newId) {
  // The rematch's seats are swapped: this page's key plays the other letter (a hot seat: both, swapped).
  const entry = entryOf(state.gameId) || {};
  const keys = entry.keys || {};
  const swapped = Object.fromEntries(Object.entries(keys).map(([seat, key]) => [seat === "A" ? "B" : "A", key]));
  const seat = entry.seat === "A" ? "B" : entry.seat === "B" ? "A" : entry.seat;
  remember({ id: newId, mode: entry.mode, seat, keys: swapped, created: Date.now() });
  store.setItem("jarnac.game", newId);
  state.gameId = newId;
  state.log = [];
  $("#log").replaceChildren();
  say($("#live"), "");
  resumeGame();
}

export async function rematch() {
  // Offer a rematch (or accept the other's); in a hot seat, both seats at once.
  const path = `games/${encodeURIComponent(state.gameId)}/rematch`;
  try {
    let answer;
    if (state.mode === "hotseat") {
      await api(path, {}, "POST", { "X-Seat-Key": state.keys.A });
      answer = await api(path, {}, "POST", { "X-Seat-Key": state.keys.B });
    } else {
      answer = await api(path, {}, "POST", { "X-Seat-Key": state.keys[state.seat] });
    }
    state.game = { ...state.game, rematch: answer.rematch };
    renderGame();
  } catch (exc) {
    showError($("#message"), exc, false);
  }
}

export function setClock(clock) {
  state.clock = clock ? { ...clock, at: performance.now() } : null;
}

// -- actions said as sentences ---------------------------------------------------------------------
// The log, the hints and the review say each action in the page's language ("Alice passe", "Bruno pioche O",
// "Bruno crie Jarnac : RAT → TZAR"); the record keeps the notation (what a file holds and the service reads).

const EXTENSION = /^(\d+):([^+]+)\+[^=]+=(.+)$/;

export function movedWord(move) {
  // The word a move forms: "+RAT" → RAT, "1:RAT+S=RATS" → RATS.
  const extend = EXTENSION.exec(move);
  return extend ? extend[3] : move.replace(/^\+/, "");
}

export function stealWords(steals) {
  // A Jarnac's steals in words: "1:RAT+Z=TZAR +OS" → "RAT → TZAR, OS" (a value Jarnac's lines dropped).
  const moves = steals.replace(/^value [\d,]+:\s*/, "").split(/\s+/).filter(Boolean);
  return moves.map((m) => (EXTENSION.exec(m) ? `${EXTENSION.exec(m)[2]} → ${EXTENSION.exec(m)[3]}` : movedWord(m))).join(", ");
}

export function wordsOf(text) {
  // The moves a sentence's value holds, in words: "1:RAT+Z=TZAR 2:OS+E=OSE" → "RAT → TZAR 2:OS → OSE".
  return String(text)
    .replace(/\b\d+:([^\s+:=]+)\+[^\s=]+=(\S+)/g, "$1 → $2")
    .replace(/(^|[\s(])\+([^\s+:=(),]+)/g, "$1$2")
    .replace(/^jarnac\s+/, "");
}

export function saidInWords(said) {
  // A reason of the service said with the moves its values hold in words (the notation is the records').
  const values = Object.fromEntries(Object.entries(said.values || {}).map(([k, v]) => [k, typeof v === "string" ? wordsOf(v) : v]));
  return reason({ ...said, values });
}

export function actionLabel(action) {
  // An action as a button or a hint names it, without who: "RAT → RATS", "Piocher", "Jarnac ! RAT → TZAR".
  const [verb, ...rest] = action.split(" ");
  const extend = EXTENSION.exec(action);
  if (extend) return `${extend[2]} → ${extend[3]}`;
  if (action.startsWith("+")) return action.slice(1);
  if (verb === "exchange") return t("label_exchange", { tiles: rest.join(" ") });
  if (verb === "jarnac") return `${t("call_jarnac")} ${stealWords(rest.join(" "))}`;
  if (["draw", "pass", "decline", "dispute", "accept"].includes(verb)) return t(verb);
  return action;
}

function whoActs(player) {
  // The page's own seat is "you" (its sentences have their own forms), the computer is "the computer", a
  // person is named.
  if (people()) return state.mode === "invite" && player === state.seat ? null : seatName(player);
  return player === "A" ? null : t("the_computer");
}

function sentence(key, player, values = {}) {
  const who = whoActs(player);
  return who === null ? t(`say_${key}_you`, values) : t(`say_${key}`, { ...values, who });
}

export function describePlayed(played) {
  // One action of the log as a sentence, its points after it.
  const action = played.action;
  const [verb, ...rest] = action.split(" ");
  // "B:RC": the letters another seat than the actor drew (a word upheld on a dispute: its mover draws).
  const other = /^([AB]):(.*)$/.exec(played.drew || "");
  const drawer = other ? other[1] : played.player;
  const tiles = other ? other[2] : played.drew;
  const shown = tiles && !other && (played.player === "A" || people());
  const extend = EXTENSION.exec(action);
  let text;
  if (verb === "draw") text = shown ? sentence("drew", played.player, { tiles }) : sentence("draw", played.player);
  else if (verb === "exchange") text = sentence("exchange", played.player, { tiles: rest.join(" ") });
  else if (extend) text = sentence("extend", played.player, { old: extend[2], word: extend[3] });
  else if (action.startsWith("+")) text = sentence("place", played.player, { word: action.slice(1) });
  else if (verb === "jarnac") text = sentence("jarnac", played.player, { steals: stealWords(rest.join(" ")) });
  else if (verb === "dispute" && played.word) text = sentence(played.stands ? "dispute_stands" : "dispute_refused", played.player, { word: played.word });
  else if (verb === "out" || action === "out of time") text = sentence("out_of_time", played.player);
  else if (["pass", "decline", "dispute", "accept", "resign"].includes(verb)) text = sentence(verb, played.player);
  else text = action;
  // The points and what else happened go inside the sentence, before its full stop.
  const end = /[.!?]$/.test(text) ? text.slice(-1) : "";
  text = end ? text.slice(0, -1) : text;
  // What came with it, in one parenthesis: the letters drawn after a word, the points ("(pioche Q, +9)").
  const extras = [];
  if (verb !== "draw" && shown) extras.push(t("drew", { tiles }).replace(/^\((.*)\)$/, "$1"));
  if (played.gained > 0) extras.push(`+${played.gained}`);
  if (verb === "jarnac" && played.lost) extras.push(`−${played.lost}`);
  if (extras.length) text += ` (${extras.join(", ")})`;
  if (played.time_over) text += ` ${t("say_time_over")}`;
  text += end;
  if (other && tiles) text += ` ${drawer === "A" || people() ? sentence("drew", drawer, { tiles }) : sentence("draw", drawer)}`;
  return text;
}

export function bestCallText(plan) {
  if (!plan || !plan.jarnac) return t("no_move_was_left");
  const steals = stealWords(plan.steals.map((m) => m.notation).join(" "));
  return t("best_call_was", { steals, swing: plan.swing, gain: plan.gain });
}

export function log(played, first) {
  // Newest first, each numbered as the record numbers it (first: the number of played[0]); kept, so a
  // change of language writes it again.
  // An action heard on the push channel and answered to this page's request is logged once (by its number),
  // the answer's fuller form kept.
  played.forEach((item, k) => {
    const at = state.log.findIndex(([number]) => number === first + k);
    if (at < 0) state.log.push([first + k, item]);
    else if (item.scores) state.log[at] = [first + k, item];
  });
  state.log.sort((x, y) => x[0] - y[0]);
  renderLog();
}

export function renderLog() {
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

export async function logFromRecord() {
  // After a reload the log is rebuilt from the server's record: what the page saw went with the page.
  const answer = await api(`games/${state.gameId}/record`);
  state.log = [];
  log(
    answer.record.actions.map((a) => ({ player: a.player, action: a.action, drew: a.drew, gained: 0 })),
    1,
  );
}

export function announce(played) {
  // What a player must notice: what its own Jarnac took and the best there was, a Jarnac on its pass,
  // the computer's pass.
  const stolen = played.find((p) => p.player === otherSeat() && p.action.startsWith("jarnac"));
  const decided = played.find((p) => p.best_call !== undefined);
  // A person's word refused on a dispute, said with the reason (the lexicon does not hold it).
  const refused = played.find((p) => p.action === "dispute" && p.word && !p.stands && p.player === otherSeat());
  const game = state.game;
  const text = () => {
    const parts = [];
    if (decided && decided.action.startsWith("jarnac"))
      parts.push(ofOther("you_took", { steals: stealWords(decided.action.slice(7)), gained: decided.gained, lost: decided.lost }));
    if (decided) parts.push(bestCallText(decided.best_call));
    if (stolen) parts.push(ofOther("they_called", { steals: stealWords(stolen.action.slice(7)), gained: stolen.gained, lost: stolen.lost }));
    if (!game.over && game.phase === "jarnac" && acting())
      parts.push(people() ? ofOther("they_passed") : t("window_open", { who: t("the_computer"), seconds: windowSeconds() }));
    if (!game.over && game.phase === "dispute" && acting() && !people())
      parts.push(t("window_dispute_open", { who: t("the_computer"), word: disputedWord(), seconds: windowSeconds() }));
    if (refused) parts.push(describePlayed(refused));
    return parts.join(" ");
  };
  say($("#message"), text, stolen || refused ? "warn" : "");
}

export async function act(action, kind = "move") {
  if (state.busy) return;
  state.busy = true;
  document.body.dataset.busy = "true";
  renderGame();
  const started = performance.now();
  try {
    const before = state.game.actions;
    const actor = state.game.to_act;
    const answer = await api(`games/${state.gameId}/actions`, { action, at: before + 1 }, undefined, seatHeaders());
    window.jarnacTimings[kind].push(performance.now() - started);
    state.game = answer.game;
    if (answer.clock !== undefined) setClock(answer.clock);
    handOver(actor);
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

export function typedMove(tray) {
  // The word typed as a move on ``tray``: +WORD, or N:OLD+LETTERS=WORD when one of its lines is chosen.
  const word = fold($("#word").value).replace(/\s+/g, "");
  if (!word) return null;
  if (state.line === null) return `+${word}`;
  const old = tray.lines[state.line];
  const added = minus(word, old, state.alphabet);
  if (added === null || !added) {
    say($("#message"), () => t("not_an_extension", { word, old }), "error");
    return null;
  }
  return `${state.line + 1}:${old}+${added}=${word}`;
}

export function wordAction() {
  const game = state.game;
  if (fold($("#word").value).trim() && (game.phase === "start" || game.phase === "opening")) {
    // Said here: the service's refusal ("player A is in the start phase") would not say to draw first.
    say($("#message"), () => t("draw_first"), "error");
    return null;
  }
  return typedMove(game.trays[ownIndex()]);
}

export function stealAction() {
  return typedMove(state.game.trays[1 - ownIndex()]);  // a steal is a move of the passer's
}

export async function startGame(event) {
  event.preventDefault();
  const form = new FormData($("#new-game"));
  state.log = [];
  $("#log").replaceChildren();
  say($("#message"), "");
  say($("#start-message"), "");
  const opponent = form.get("opponent");
  const mode = ["invite", "hotseat"].includes(opponent) ? opponent : "computer";
  const body = { lexicon: form.get("lexicon"), rules: form.get("rules"), players: ["person", mode === "computer" ? opponent : "person"] };
  // A hot seat holds both seats' keys; its Jarnac window is untimed (no countdown while the device changes hands).
  if (mode !== "computer") body.seats = mode;
  if (form.get("hints") !== "on") body.hints = false; // no advice in this game, for either player
  const name = String(form.get("name") || "").trim();
  if (name) {
    body.name = name;
    store.setItem("jarnac.name", name); // offered again the next time
  }
  if (form.get("days")) body.days = Number(form.get("days")); // days a move, with a bank as long
  const guest = String(form.get("guest_name") || "").trim();
  if (mode === "hotseat" && guest) body.guest_name = guest;
  try {
    const answer = await api("games", body);
    state.gameId = answer.id;
    store.setItem("jarnac.game", answer.id);
    const seats = answer.seats || {};
    const keys = mode === "invite" ? { A: seats.A.key } : mode === "hotseat" ? { A: seats.A.key, B: seats.B.key } : {};
    const invite = mode === "invite" ? { ...answer.invitation, watch: answer.watch } : null;
    remember({ id: answer.id, mode, seat: mode === "hotseat" ? "both" : "A", keys, invite, created: Date.now() });
    enter(entryOf(answer.id));
    state.game = answer.game;
    setClock(answer.clock);
    log(answer.played, 1);
    renderGame();
    listen();
    focusNext();
  } catch (exc) {
    showError($("#start-message"), exc, false);  // the form stays; nothing of a game is shown
  }
}

function b64ToBytes(text) {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export async function subscribePush() {
  // Web Push for a closed tab: when the person allowed notifications and the server offers a VAPID key, the
  // browser subscribes with its push service and the seat's holder hands the subscription to the server
  // (its key). The service worker shows the turn in the page's language, kept where it reads it.
  const key = state.info && state.info.push_key;
  const seatKey = state.seat && state.keys[state.seat];
  if (!key || !seatKey || !state.gameId || !("PushManager" in window) || !navigator.serviceWorker) return;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64ToBytes(key) });
    }
    const cache = await caches.open("jarnac-push");
    await cache.put("/push-language", new Response(language()));
    await api(`games/${state.gameId}/push`, subscription.toJSON(), "POST", { "X-Seat-Key": seatKey });
  } catch (exc) {
    // No push (a browser without a push service, a refusal): the open tab's notification still says the turn.
  }
}

function enter(entry) {
  // The seat this page plays in the game of the lobby's ``entry`` (none: a game against the computer).
  state.mode = (entry && entry.mode) || "computer";
  state.seat = state.mode === "watch" ? null : (entry && entry.seat) || "A";
  state.keys = (entry && entry.keys) || {};
  state.handover = false;
}

function handOver(actor) {
  // A hot seat: when the turn passes to the other player, the table waits behind "pass the device".
  const game = state.game;
  if (state.mode === "hotseat" && !game.over && actor && game.to_act && game.to_act !== actor) state.handover = true;
}

export function heard(event) {
  // One of the push channel's events: an action (its number n), the newest with the game after it.
  if (!state.game) return;
  if (event.n) log([{ player: event.player, action: event.action, drew: event.drew, gained: 0 }], event.n);
  if (event.game && event.game.actions >= state.game.actions) {
    const actor = state.game.to_act;
    const wasActing = acting();
    const changed = event.game.actions > state.game.actions;
    // The other person's Jarnac on this page's pass, said as the computer's is (announce), not only logged:
    // its gain and loss from the scores before and after it, when it is the newest action.
    const stolen =
      changed && people() && state.mode === "invite" && event.n === event.game.actions && event.player === otherSeat() && event.action.startsWith("jarnac");
    const before = state.game.scores;
    state.game = event.game;
    if (event.clock !== undefined) setClock(event.clock);
    if (changed) {
      handOver(actor);
      state.line = null;
      state.steals = [];
    }
    renderGame();
    if (changed && !state.game.over && state.game.phase === "jarnac" && acting()) say($("#message"), () => ofOther("they_passed"), "warn");
    else if (stolen) {
      const thief = event.player === "B" ? 1 : 0;
      const after = state.game.scores;
      const values = { steals: stealWords(event.action.slice(7)), gained: after[thief] - before[thief], lost: before[1 - thief] - after[1 - thief] };
      say($("#message"), () => ofOther("they_called", values), "warn");
    }
    if (changed) focusNext();
    if (changed) turnChanged(wasActing);
  }
}

// -- your turn, told when the page is in the background ---------------------------------------------

let titled = false;
let audio = null;

export function turnChanged(wasActing) {
  // The other person played and it is now this page's turn, its tab in the background: the tab's title and
  // icon say so, a short sound when asked for, and a system notification once the person allowed them.
  if (!state.game || state.game.over || state.mode !== "invite" || wasActing || !acting() || !document.hidden) return;
  document.title = t("title_your_turn");
  $("#favicon").href = "/static/icon-turn.svg";
  titled = true;
  if (store.getItem("jarnac.sound") === "on") beep();
  if ("Notification" in window && Notification.permission === "granted" && navigator.serviceWorker) {
    const options = { body: t("notify_body", { name: seatName(otherSeat()) }), tag: `jarnac-${state.gameId}`, icon: "/static/icon-192.png", data: { url: "/#play" } };
    navigator.serviceWorker.ready.then((registration) => registration.showNotification(t("title_your_turn"), options)).catch(() => {});
  }
}

export function seen() {
  // The page in view again: its title and icon as they are.
  if (!titled || document.hidden) return;
  document.title = "Jarnac";
  $("#favicon").href = "/static/icon.svg";
  titled = false;
}

export function unlockSound() {
  // Made on the person's tap (a browser lets a page make sound only after one), used at the next turn.
  try {
    audio = audio || new AudioContext();
  } catch (exc) {
    audio = null;
  }
}

function beep() {
  if (!audio) return;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = 660;
  gain.gain.value = 0.08;
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.15);
}

export async function askNotifications() {
  try {
    const answer = await Notification.requestPermission();
    say($("#live"), () => t(answer === "granted" ? "notify_on" : "notify_refused"), answer === "granted" ? "" : "warn");
    if (answer === "granted") subscribePush();
  } catch (exc) {
    say($("#live"), () => t("notify_refused"), "warn");
  }
  renderGame();
}

function listen() {
  if (!people() || state.game.over) return stopFollowing();
  follow(state.gameId, state.game.actions, heard, (lost) => say($("#live"), lost === false ? "" : () => t("live_lost"), lost === false ? "" : "warn"));
}

export function showTurn() {
  state.handover = false;
  renderGame();
  focusNext();
}

export async function resumeGame() {
  if (!state.gameId) return;
  enter(entryOf(state.gameId));
  try {
    const answer = await api(`games/${state.gameId}`);
    state.game = answer.game;
    setClock(answer.clock);
    await logFromRecord();
    renderGame();
    listen();
    if (people()) subscribePush(); // allowed before: the subscription handed again (kept once per endpoint)
    if (!state.game.over && state.game.phase === "jarnac" && acting())
      say($("#message"), () => (people() ? ofOther("they_passed") : t("window_open", { who: t("the_computer"), seconds: windowSeconds() })));
  } catch (exc) {
    if (exc.status === 404 || exc.status === 410) store.removeItem("jarnac.game");
    state.gameId = null;
    state.game = null;
  }
}

export function tick() {
  // The clock shown counts down between answers (the server acts at the time over, and tells it).
  if (state.game && state.clock && !state.game.over) $("#status").textContent = statusText(state.game);
}

export function leaveGame() {
  // A game between people stays in the lobby (resumed from there); one against the computer is abandoned.
  if (state.game && !state.game.over && !people() && !window.confirm(t("leave_confirm"))) return;
  stopFollowing();
  store.removeItem("jarnac.game");
  state.gameId = null;
  state.game = null;
  state.steals = [];
  state.line = null;
  $("#game").hidden = true;
  $("#new-game").hidden = false;
  $("#join-form").hidden = false;
  $("#lobby").hidden = false;
  state.mode = "computer";
  state.seat = "A";
  state.keys = {};
  state.clock = null;
  state.log = [];
  $("#log").replaceChildren();
  $("#hint-list").replaceChildren();
  say($("#message"), "");
  $("#start").focus();
}
