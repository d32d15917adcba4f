// The page of `jarnac-solver serve`: play against the computer, check a pass, audit or review a record.
// ES modules by view (game, hints, referee, audit, review), no build step, no request outside the server: every
// answer comes from /api/, every word from the catalogs at /messages/LANG.json.
import { language, loadLanguage, pickLanguage, t } from "./i18n.js";
import { $, $$, api, el, say, showError, state, store } from "./common.js";
import { fold } from "./tiles.js";
import { act, askNotifications, changeInvitation, drawNow, leaveGame, openSteal, windowTick, markUsed, moveSeat, ofOther, rematch, renderGame, renderLog, resign, resumeGame, seen, showTurn, startGame, stealAction, tick, unlockSound, wordAction } from "./game.js";
import { fromFragment, joinByCode, myGames, renderLobby, takeSeat } from "./people.js";
import { askHint } from "./hints.js";
import { checkPass, judge } from "./referee.js";
import { audit } from "./audit.js";
import { renderReview, reviewLastGame, reviewText, stepReview } from "./review.js";

state.lang = pickLanguage(store.getItem("jarnac.lang"), navigator.languages || [navigator.language]);

function applyLanguage() {
  document.documentElement.lang = state.lang;
  $("#lang").value = state.lang;
  for (const node of $$("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of $$("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of $$(".message")) if (node.sayAgain) node.textContent = node.sayAgain();
  if (state.log.length) renderLog();
  if (state.game) renderGame();
  renderReview();
  fillSelects();
}

function fillSelects() {
  if (!state.info) return;
  // A select keeps the reader's own choice; one they have not touched shows the default, which for a lexicon
  // follows the page's language (a Dutch page plays the Dutch lexicon, when the server offers it).
  const fill = (select, values, label, chosen) => {
    const keep = select.options.length && select.dataset.chosen ? select.value : chosen;
    select.replaceChildren(...values.map((v) => el("option", { value: v }, label(v))));
    if (values.includes(keep)) select.value = keep;
  };
  const lexicons = state.info.lexicons;
  const ofLanguage = [language(), "fr"].find((v) => lexicons.includes(v)) || lexicons[0];
  for (const select of $$("select.lexicons")) fill(select, lexicons, (v) => `${v} — ${t("lex_" + v) || v}`, ofLanguage);
  for (const select of $$("select.presets")) fill(select, state.info.presets, (v) => t("rules_" + v), "sheet");
  // Beside the computer's players, a friend invited to play on another device, or two on this one. The
  // computer's players by the measured table of the lexicon chosen (strongest first, each with its Elo, the
  // planner at 0, the first named the strongest there). A former name that plays as another is not offered twice.
  const aliases = state.info.aliases || {};
  const chosen = $("#new-game select[name=lexicon]");
  const tables = state.info.ratings_by_lexicon || {};
  const measured = tables[chosen ? chosen.value : ""];
  // A lexicon never rated (Spanish, Dutch) shows each level's Elo measured on the rated ones, their mean, marked
  // "≈": the levels keep their order and their names, and the default opponent is the same level everywhere.
  const table = measured || meanTable(Object.values(tables));
  // Only the players whose games finish in seconds under the rules and lexicon chosen (the server's measured
  // table, play/offered.py): the others take far longer a game there, and the server refuses them.
  const preset = $("#new-game select[name=rules]");
  const slowByPreset = (state.info.not_offered || {})[(chosen ? chosen.value : "").split("-")[0]] || {};
  const slow = slowByPreset[preset ? preset.value : ""] || [];
  const computer = state.info.players.filter((p) => p !== "person" && !(p in aliases) && !slow.includes(p));
  const rank = (p) => (p in table ? -table[p] : Infinity);
  computer.sort((a, b) => rank(a) - rank(b)); // stable: the unrated keep the server's order
  const strongest = measured ? computer.find((p) => p in table) : null; // "the strongest here": measured here
  const elo = (v) => (v in table ? ` · Elo ${measured ? "" : "≈ "}${table[v] > 0 ? "+" : ""}${table[v]}` : "");
  const mark = (v) => (v === strongest ? ` · ${t("strongest_here")}` : "");
  const named = (v) => (v === "invite" ? t("people_invite") : v === "hotseat" ? t("people_hotseat") : t("player_" + v) + elo(v) + mark(v));
  for (const select of $$("select.players")) fill(select, [...computer, "invite", "hotseat"], named, "planner");
  namesAsked();
  if (!state.game) renderLobby(resumeFrom);
}

function meanTable(tables) {
  // Each player's mean Elo over ``tables`` (those that rate it), rounded.
  const sums = {};
  for (const table of tables)
    for (const [player, elo] of Object.entries(table)) {
      const [sum, n] = sums[player] || [0, 0];
      sums[player] = [sum + elo, n + 1];
    }
  return Object.fromEntries(Object.entries(sums).map(([player, [sum, n]]) => [player, Math.round(sum / n)]));
}

function namesAsked() {
  // A game between people names its people: the creator's name required, the second's too on one device.
  const opponent = $("#new-game select[name=opponent]").value;
  const people = opponent === "invite" || opponent === "hotseat";
  $("#your-name").required = people;
  $("#guest-name-box").hidden = opponent !== "hotseat";
  $("#guest-name").required = opponent === "hotseat";
}

async function resumeFrom(id) {
  store.setItem("jarnac.game", id);
  state.gameId = id;
  await resumeGame();
  if (!state.game) renderLobby(resumeFrom);
}

async function copy(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (exc) {
    document.execCommand("copy"); // a page served over plain http has no clipboard API
  }
  say($("#live"), () => t("copied"));
}

function showTab(id) {
  for (const tab of $$("[role=tab]")) {
    const selected = tab.getAttribute("aria-controls") === id;
    tab.setAttribute("aria-selected", selected ? "true" : "false");
    tab.tabIndex = selected ? 0 : -1;
    document.getElementById(tab.getAttribute("aria-controls")).hidden = !selected;
  }
  // The address names the tab (a link or a reload opens it), but a fragment that is an element's id makes the
  // browser scroll to it: the page's title and tabs went off a phone's screen. Replaced in the history instead,
  // and the page kept at its top.
  if (location.hash !== `#${id}`) history.replaceState(null, "", `#${id}`);
  window.scrollTo(0, 0);
}

async function main() {
  // The page's service worker: its shell kept (the page opens, and says so, when the server cannot be
  // reached) and the system notification of a turn.
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
  // A select the reader changed keeps that choice when the selects are filled again (fillSelects); the new
  // game's lexicon, changed, fills them again: another lexicon, another table of the opponents' levels.
  for (const select of $$("select.lexicons, select.presets, select.players"))
    select.addEventListener("change", () => (select.dataset.chosen = "1"));
  $("#new-game select[name=lexicon]").addEventListener("change", fillSelects);
  $("#new-game select[name=rules]").addEventListener("change", fillSelects); // its players offered differ
  $("#new-game select[name=opponent]").addEventListener("change", namesAsked);
  $("#your-name").value = store.getItem("jarnac.name") || "";
  $("#join-name").value = store.getItem("jarnac.name") || "";
  $("#lang").addEventListener("change", async () => {
    state.lang = $("#lang").value;
    store.setItem("jarnac.lang", state.lang);
    await loadLanguage(state.lang);
    applyLanguage();
  });
  await loadLanguage(state.lang);
  $("#token").value = store.getItem("jarnac.token") || "";
  $("#token").addEventListener("change", async () => {
    // Kept for this browser (a reload keeps it) and checked against the service at once, so a wrong token is
    // told here, by the field, not by the refusal of the next click.
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
  $("#draw").addEventListener("click", drawNow);
  $("#window-call").addEventListener("click", openSteal);
  $("#window-dispute").addEventListener("click", () => act("dispute"));
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
    if (!steals.length) say($("#message"), () => ofOther("steal_how"), "error");
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
  $("#leave").addEventListener("click", () => {
    leaveGame();
    if (!state.game) renderLobby(resumeFrom);
  });
  $("#join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    say($("#join-message"), "");
    try {
      await resumeFrom(await joinByCode($("#join-code").value.trim(), $("#join-name").value.trim()));
    } catch (exc) {
      showError($("#join-message"), exc, false);
    }
  });
  $("#handover-ready").addEventListener("click", showTurn);
  $("#audit-game").addEventListener("click", async () => {
    // The finished game's every Jarnac window audited: its record sent to the audit tab, one tap.
    const record = await api(`games/${state.gameId}/record`);
    $("#audit-form textarea[name=text]").value = record.text;
    showTab("audit");
    $("#audit-form").requestSubmit();
  });
  $("#copy-invite").addEventListener("click", () => copy($("#invite-link")));
  $("#copy-watch").addEventListener("click", () => copy($("#watch-link")));
  $("#renew-invite").addEventListener("click", () => changeInvitation(false));
  $("#cancel-invite").addEventListener("click", () => changeInvitation(true));
  $("#move-seat").addEventListener("click", moveSeat);
  $("#resign").addEventListener("click", resign);
  document.addEventListener("visibilitychange", seen);
  $("#turn-sound").addEventListener("change", () => {
    store.setItem("jarnac.sound", $("#turn-sound").checked ? "on" : "off");
    if ($("#turn-sound").checked) unlockSound();
  });
  $("#notify-turn").addEventListener("click", askNotifications);
  $("#next-game").addEventListener("click", async () => {
    // The next game waiting for this browser (My games' first), other than this one.
    try {
      const mine = await myGames();
      const next = mine.games.find((row) => row.status === "yours" && row.id !== state.gameId);
      if (!next) return say($("#message"), () => t("no_next"));
      leaveGame();
      await resumeFrom(next.id);
    } catch (exc) {
      showError($("#message"), exc, false);
    }
  });
  $("#rematch").addEventListener("click", rematch);
  // The end's buttons: a rematch (against the computer, the same settings again: the new game's form keeps
  // them), the review, a new game from the settings.
  $("#end-rematch").addEventListener("click", () => {
    if (state.mode !== "computer") return rematch();
    leaveGame();
    $("#new-game").requestSubmit();
  });
  $("#end-review").addEventListener("click", () => $("#review-game").click());
  $("#end-new").addEventListener("click", () => $("#leave").click());
  $("#review-game").addEventListener("click", () => {
    // The finished game's review, one tap: the review tab, this game reviewed.
    showTab("review");
    reviewLastGame();
  });
  $("#copy-move").addEventListener("click", () => copy($("#move-link")));
  setInterval(tick, 1000);
  setInterval(windowTick, 250);
  $("#referee-form").addEventListener("submit", checkPass);
  $("#judge-form").addEventListener("submit", judge);
  $("#audit-form").addEventListener("submit", audit);
  $("#review-form").addEventListener("submit", reviewText);
  $("#review-last").addEventListener("click", reviewLastGame);
  $("#review-prev").addEventListener("click", () => stepReview(-1));
  $("#review-next").addEventListener("click", () => stepReview(1));
  try {
    state.info = await api("health");
  } catch (exc) {
    say($("#offline"), exc.message, "error");
    $("#offline").hidden = false;
    return;
  }
  $("#familiar-box").hidden = !state.info.familiarity;
  const opened = fromFragment();
  if (opened === true) state.gameId = store.getItem("jarnac.game"); // a seat's or a watch link opened
  applyLanguage();
  if (opened && opened.join) {
    // An invitation's link: the code filled in, the person's name asked before the seat is taken (once).
    $("#join-code").value = opened.join;
    say($("#join-message"), () => t("join_name_first"), "warn");
    $("#join-name").focus();
  } else if (opened && opened.move) {
    try {
      state.gameId = await takeSeat(opened.move);
    } catch (exc) {
      showError($("#join-message"), exc, false);
    }
  }
  const wanted = location.hash.slice(1);
  showTab(["play", "referee", "audit", "review", "puzzles", "quiz"].includes(wanted) ? wanted : "play");
  await resumeGame();
  document.body.dataset.ready = "true";
}

main();
