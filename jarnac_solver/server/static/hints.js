// Hints: the advice of the game's position, every reason rendered from its code.
import { t } from "./i18n.js";
import { $, api, el, say, seatHeaders, showError, state } from "./common.js";
import { act, actionLabel, saidInWords } from "./game.js";

export function hintLine(option) {
  // Every reason of the option, rendered from its code (the end game's warnings as much as the points).
  return option.reasons.map(saidInWords).join(" · ");
}

export async function askHint() {
  if (!state.gameId || state.busy) return;
  const limit = state.info.max_budget_ms || 10000;
  const budget = Math.round(Math.max(10, Math.min(limit, Number($("#budget").value) || 200)));
  $("#budget").value = budget;  // the value used, shown: a budget out of range (0, 99999) is clamped, and seen so
  const familiar = $("#familiar").checked ? "&familiarity=true" : "";
  const list = $("#hint-list");
  say($("#hint-error"), "");
  list.replaceChildren(el("li", {}, t("thinking")));
  document.body.dataset.hinting = "true";
  const started = performance.now();
  try {
    const answer = await api(`games/${state.gameId}/advice?budget=${budget}&top=5${familiar}`, undefined, undefined, seatHeaders());
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
          { "data-action": option.action }, // the notation, for the record; the words shown
          el("strong", {}, actionLabel(option.action)),
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
