// The review of a game: the margin across the game drawn (SVG, built here), then the game replayed decision by
// decision with the trays as they stood, each decision's verdict, loss and the engine's best, as the library
// says them (every sentence rendered from its code in the page's language).
import { has, reason, render, t } from "./i18n.js";
import { $, api, drawTrayWithSteals, el, say, state } from "./common.js";
import { actionLabel, saidInWords } from "./game.js";

const SVG = "http://www.w3.org/2000/svg";
const FLAGGED = new Set(["mistake", "blunder"]);
const WORSE = new Set(["inaccuracy", "mistake", "blunder"]);
// The verdicts' thresholds, in points lost (the library's play/review.py THRESHOLDS; a test holds them equal).
export const THRESHOLDS = { good: 8, inaccuracy: 20, mistake: 40 };

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function said(reasonDoc) {
  // A review's reason said with its actions in words, not in the notation ("pass" said as the button says it).
  const values = { ...(reasonDoc.values || {}) };
  if (typeof values.action === "string") values.action = actionLabel(values.action);
  return saidInWords({ ...reasonDoc, values });
}
const view = { game: null, at: 0 };

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

const forA = (d) => (d.player === "A" ? d.margin : -d.margin); // each decision's margin is for who acts

function drawGraph(decisions) {
  // The margin for A after each decision; mistakes and blunders marked; the decision shown, a vertical line.
  const width = 600, height = 160, pad = 8;
  const values = decisions.map(forA);
  const top = Math.max(10, ...values.map(Math.abs));
  const x = (i) => pad + (decisions.length > 1 ? (i * (width - 2 * pad)) / (decisions.length - 1) : (width - 2 * pad) / 2);
  const y = (v) => height / 2 - (v * (height / 2 - pad)) / top;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("review_graph"), class: "margin-graph" });
  chart.append(svg("line", { x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "axis" }));
  chart.append(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "curve" }));
  chart.append(svg("line", { x1: x(view.at), x2: x(view.at), y1: pad, y2: height - pad, class: "now", id: "review-now" }));
  decisions.forEach((d, i) => {
    if (!FLAGGED.has(d.verdict)) return;
    const dot = svg("circle", { cx: x(i), cy: y(values[i]), r: 4, class: `mark ${d.verdict}` });
    const title = svg("title");
    title.textContent = `${d.action}. ${d.player} ${actionLabel(d.played)}: ${reason(d.said.verdict)}`;
    dot.append(title);
    dot.addEventListener("click", () => show(i));
    chart.append(dot);
  });
  $("#review-graph").replaceChildren(chart);
}

function show(i) {
  const game = view.game;
  const decisions = game.decisions;
  view.at = Math.max(0, Math.min(decisions.length - 1, i));
  drawGraph(decisions);
  $("#review-prev").disabled = view.at === 0;
  $("#review-next").disabled = view.at >= decisions.length - 1;
  const d = decisions[view.at];
  if (!d) {
    $("#review-step").replaceChildren(el("p", {}, t("review_none")));
    return;
  }
  const title = t("review_step", { n: view.at + 1, count: decisions.length, turn: d.turn, player: nameOf(d.player), played: actionLabel(d.played) });
  const lines = [capital(reason(d.said.verdict)), reason(d.said.loss), ...(d.said.best ? [said(d.said.best)] : []), ...d.findings.map(said)];
  state.alphabet = d.trays[0].alphabet;
  const trays = d.trays.map((tray, k) => drawTrayWithSteals(tray, [], t("review_tray_of", { who: "AB"[k], name: playerName(game.players[k]), points: tray.score })));
  const options = el("ol", { class: "options" }, d.options.map((o) => {
    const line = render("page.review_option", { action: actionLabel(o.action), mean: o.mean, low: o.interval[0], high: o.interval[1] });
    return el("li", { class: o.action === d.played ? "played" : "" }, o.action === d.played ? `${line} — ${t("review_played")}` : line);
  }));
  $("#review-step").replaceChildren(
    el("h3", { id: "review-step-title" }, title),
    el("p", { class: `said ${d.verdict || "none"}`, id: "review-said" }, lines.join(" · ")),
    el("div", { class: "board" }, ...trays),
    el("p", { class: "legend" }, t("review_options")),
    options,
  );
}

function playerName(code) {
  // A record's player as the reader's language names it: a computer's level, "a person", else as written.
  if (has(`name_${code}`)) return t(`name_${code}`);
  return has(`player_${code}`) ? t(`player_${code}`) : code;
}

function nameOf(seat) {
  const name = view.game.players[seat === "B" ? 1 : 0];
  return name ? `${seat} (${playerName(name)})` : seat;
}

function playerLine(game, seat) {
  // One line a player: the points lost, over how many decisions, per decision, and the count of each verdict.
  const mine = game.decisions.filter((d) => d.player === seat && d.verdict);
  const loss = mine.reduce((sum, d) => sum + d.loss, 0);
  const count = (v) => render(`review.count_${v}`, { n: mine.filter((d) => d.verdict === v).length });
  const counts = render("review.counts", Object.fromEntries(["best", "good", "inaccuracy", "mistake", "blunder"].map((v) => [v, count(v)])));
  return t("review_player", { name: nameOf(seat), loss: Math.round(loss), decisions: mine.length, mean: mine.length ? Math.round((10 * loss) / mine.length) / 10 : 0, counts });
}

function worstFirst(game) {
  // The inaccuracies, mistakes and blunders, the biggest loss first; each opens its decision, with the
  // better move and why.
  const worse = game.decisions.map((d, i) => [d, i]).filter(([d]) => WORSE.has(d.verdict));
  worse.sort(([a], [b]) => b.loss - a.loss);
  if (!worse.length) return [el("p", {}, t("review_worst_none"))];
  const items = worse.map(([d, i]) => {
    const head = t("review_worst_item", { verdict: capital(reason(d.said.verdict)), turn: d.turn, player: nameOf(d.player), played: actionLabel(d.played), loss: Math.round(d.loss) });
    const why = [...(d.said.best ? [said(d.said.best)] : []), ...d.findings.map(said)].join(" · ");
    return el("li", { class: `said ${d.verdict}` }, el("button", { type: "button", class: "link", onclick: () => show(i) }, head), why ? el("div", { class: "why" }, capital(why)) : "");
  });
  return [el("ol", { class: "worst" }, items)];
}

function showReview(answer) {
  const game = answer.games[0];
  view.game = game;
  $("#review-answer").hidden = false;
  const head = game.said.game;
  $("#review-heading").textContent = reason({ ...head, values: { ...head.values, a: playerName(head.values.a), b: playerName(head.values.b) } });
  // The result, one line a player (points lost, no percentage beside them), the scale the verdicts follow.
  $("#review-summary").replaceChildren(el("li", {}, reason(game.said.result)), ...["A", "B"].map((who) => el("li", {}, playerLine(game, who))));
  $("#review-scale").textContent = t("review_scale", THRESHOLDS);
  $("#review-worst-title").textContent = t("review_worst_title");
  $("#review-worst").replaceChildren(...worstFirst(game));
  show(0);
}

export function renderReview() {
  // The review said again in a new language (the answer holds codes and values, not sentences).
  if (!view.game) return;
  const at = view.at;
  showReview({ games: [view.game] });
  show(at);
}

function options(form) {
  const quick = form.get("quick") === "on";
  const playouts = Number(form.get("playouts")) || 8;
  return quick ? { depth: "plan" } : { playouts };
}

async function run(ask) {
  say($("#review-message"), () => t("thinking"));
  try {
    const answer = await ask();
    for (const error of answer.errors || []) throw new Error(error);
    say($("#review-message"), "");
    showReview(answer);
  } catch (exc) {
    say($("#review-message"), exc.message, "error");
  }
}

export async function reviewText(event) {
  event.preventDefault();
  const form = new FormData($("#review-form"));
  let text = String(form.get("text") || "");
  const file = form.get("file");
  if (!text.trim() && file && file.size) text = await file.text(); // a text pasted wins over a file chosen
  if (!text.trim()) return say($("#review-message"), () => t("audit_empty"), "error");
  await run(() => api("review", { text, lexicon: form.get("lexicon"), rules: form.get("rules"), ...options(form) }));
}

export async function reviewLastGame() {
  if (!state.gameId) return say($("#review-message"), () => t("review_no_game"), "error");
  const query = new URLSearchParams(options(new FormData($("#review-form"))));
  await run(() => api(`games/${state.gameId}/review?${query}`));
}

export function stepReview(step) {
  if (view.game) show(view.at + step);
}
