// The referee: was a move left on a pass, the best Jarnac on it; the word judge.
import { render, t } from "./i18n.js";
import { $, api, drawTrayWithSteals, el, state } from "./common.js";

export async function checkPass(event) {
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
    // The server's verdict, rendered from its codes: no Jarnac and why, or each steal and the totals.
    const said = (reason) => render(reason.code, reason.values);
    const verdict = callable ? t("left_a_move", { move: left.notation }) : said(bySwing.verdict[0]);
    const out = [el("p", { class: left ? "verdict yes" : "verdict no" }, verdict)];
    const unknown = await unknownLines(bySwing.tray, body.lexicon);
    if (unknown.length) out.push(el("p", { class: "note" }, t("lines_not_words", { words: unknown.join(", ") })));
    for (const [name, result] of [["by_swing", bySwing], ["by_gain", byGain]]) {
      const plan = result.plan;
      if (!plan.jarnac) continue;
      out.push(el("h3", {}, t(name)));
      out.push(el("ul", { class: "verdict-steps" }, ...result.verdict.slice(1).map((reason) => el("li", {}, said(reason)))));
      if (!plan.exact) out.push(el("p", { class: "note" }, t("not_proven")));
    }
    const title = callable ? t("passer") : t("passer_plain");
    out.push(el("div", { class: "board" }, drawTrayWithSteals(bySwing.tray, bySwing.plan.steals || [], title)));
    box.replaceChildren(...out);
  } catch (exc) {
    box.replaceChildren(el("p", { class: "error" }, exc.message));
  }
}

export async function unknownLines(tray, lexicon) {
  // A referee types trays by hand: lines that are no word of the lexicon are pointed out.
  if (!tray.lines.length) return [];
  try {
    const answer = await api("check", { words: tray.lines.filter(Boolean), lexicon });
    return answer.words.filter((w) => !w.valid).map((w) => w.word);
  } catch (exc) {
    return [];
  }
}

export async function judge(event) {
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
