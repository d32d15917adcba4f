// The audit of a recorded game: each Jarnac window and each player's summary, as the library says them.
import { reason, t } from "./i18n.js";
import { $, api, drawTrayWithSteals, el, state } from "./common.js";

export function auditWindow(window) {
  const thief = window.passer === "A" ? "B" : "A";
  const title = t("window_title", { turn: window.turn, passer: window.passer, thief });
  const plan = window.best;
  const notes = window.notes.length ? window.notes.map(reason).join("; ") : t("no_move_was_left");
  const details = el("details", { class: `window${window.missed ? " missed" : ""}` }, el("summary", {}, `${title}: ${notes}`));
  state.alphabet = window.passer_tray.alphabet;
  details.append(el("div", { class: "board" }, drawTrayWithSteals(window.passer_tray, plan.steals || [], t("passer_named", { who: window.passer })), drawTrayWithSteals(window.thief_tray, [], t("thief_named", { who: thief }))));
  return details;
}

export async function audit(event) {
  event.preventDefault();
  const formNode = $("#audit-form");
  const form = new FormData(formNode);
  let text = String(form.get("text") || "");
  const file = form.get("file");
  let source = t("audit_from_text");
  if (!text.trim() && file && file.size) {
    // The file is read only when the text box is empty: a text pasted wins over a file chosen earlier.
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
