// Practice: the Puzzles tab (the daily puzzle, rated puzzles, puzzles from one's own mistakes) and the Quiz tab
// (word cards on a spaced schedule, the timed daily challenge), over /api/practice/... (docs/practice.md).
// A person is this browser: a random id made once and kept in its storage (the server keeps its digest).
import { reason, t } from "./i18n.js";
import { $, $$, api, drawTrayWithSteals, el, say, showError, state, store } from "./common.js";

const practice = { puzzle: null, card: null, challenge: null, timer: null, mineDoc: null };

function person() {
  let id = store.getItem("jarnac.practice");
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    store.setItem("jarnac.practice", id);
  }
  return id;
}

const lexiconOf = (form) => form.querySelector("select.lexicons").value || undefined;
const when = (iso) => new Date(iso).toLocaleString(state.lang, { dateStyle: "medium", timeStyle: "short" });

// -- puzzles --------------------------------------------------------------------------------------------

const QUICK = { jarnacable: ["yes", "no"], pass_or_play: ["pass", "play"] };

function renderPuzzle() {
  const box = $("#puzzle-box");
  const posed = practice.puzzle;
  box.hidden = !posed;
  if (!posed) return;
  $("#puzzle-kind").textContent = reason(posed.kind_said) + (posed.rating ? ` · ${t("practice_puzzle_rating", { rating: posed.rating })}` : "");
  $("#puzzle-boards").replaceChildren(
    drawTrayWithSteals(posed.opponent, [], t("practice_opponent", { points: posed.opponent.score })),
    drawTrayWithSteals(posed.me, [], t("practice_you", { points: posed.me.score })),
  );
  $("#puzzle-question").textContent = reason(posed.question);
  const quick = QUICK[posed.kind] || [];
  $("#puzzle-quick").replaceChildren(
    ...quick.map((side) => el("button", { type: "button", class: "quick", "data-answer": side, onclick: () => answerPuzzle(side) }, t(`practice_${side}`))),
  );
  // A move's notation as the reader's language writes it (WORD: MOT, PALABRA, WOORD).
  const written = { jarnac: "practice_written_jarnac", best_play: "practice_written_best_play" }[posed.kind];
  $("#puzzle-answer").placeholder = quick.length ? quick.map((s) => t(`practice_${s}`)).join(" / ") : written ? t(written) : "";
}

function renderVerdict(said) {
  const box = $("#puzzle-verdict");
  if (!said) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.className = `card verdict ${said.right ? "right" : "wrong"}`;
  const head = said.right ? t("practice_right") : t("practice_wrong");
  const expected = said.expected_said ? reason(said.expected_said) : said.expected;
  box.replaceChildren(
    el("strong", {}, head),
    el("p", {}, t("practice_expected", { answer: expected })),
    el("p", {}, reason(said.explanation)),
    el("p", { class: "note" }, t("practice_rating", { rating: said.you.rating, deviation: said.you.deviation })),
  );
}

async function loadPuzzle(path, body) {
  const message = $("#puzzle-message");
  say(message, () => t("practice_loading"));
  try {
    const got = await api(path, body);
    say(message, "");
    practice.puzzle = got.puzzle;
    practice.verdict = null;
    renderPuzzle();
    renderVerdict(null);
    $("#puzzle-answer").value = "";
    $("#puzzle-answer").focus();
  } catch (exc) {
    showError(message, exc, true);
  }
}

async function answerPuzzle(given) {
  const posed = practice.puzzle;
  const message = $("#puzzle-message");
  const answer = (given ?? $("#puzzle-answer").value).trim();
  if (!posed) return;
  say(message, "");
  try {
    practice.verdict = await api(`practice/puzzles/${posed.id}/answer`, { person: person(), answer });
    renderVerdict(practice.verdict);
    renderMine();
  } catch (exc) {
    showError(message, exc, true);
  }
}

async function renderMine() {
  try {
    practice.mineDoc = await api("practice/mine", { person: person() });
  } catch (exc) {
    return; // the list waits for the next answer; the reader's own requests say their faults
  }
  drawMine();
}

function drawMine() {
  // The person's own puzzles (the unanswered first) and ratings, drawn from the last answer of the service.
  const mine = practice.mineDoc;
  if (!mine) return;
  $("#puzzle-mine").replaceChildren(
    ...mine.puzzles.map((p) =>
      el("li", {}, el("button", { type: "button", class: "quiet small", onclick: () => { practice.puzzle = p; renderPuzzle(); renderVerdict(null); $("#puzzle-answer").focus(); } },
        `${reason(p.kind_said)}${p.answered ? ` (${t("practice_answered")})` : ""}`)),
    ),
  );
  $("#puzzle-mine-none").hidden = mine.puzzles.length > 0;
  $("#puzzle-ratings").textContent = Object.entries(mine.ratings).map(([lex, r]) => `${lex} — ${t("practice_rating", r)}`).join(" · ");
}

async function fromMistakes(event) {
  event.preventDefault();
  const form = event.target;
  const message = $("#mistakes-message");
  say(message, () => t("practice_mistakes_working"));
  const body = { person: person(), text: form.text.value, player: form.player.value };
  try {
    const made = await api("practice/mistakes", body);
    say(message, () => t("practice_mistakes_made", { count: made.puzzles.length }));
    await renderMine();
    if (made.puzzles.length) {
      practice.puzzle = made.puzzles[0];
      renderPuzzle();
      renderVerdict(null);
    }
  } catch (exc) {
    showError(message, exc, true);
  }
}

async function lastGame() {
  // The game just played on this page: its record and this page's seat, then its mistakes as puzzles.
  const form = $("#mistakes-form");
  if (!state.gameId) return say($("#mistakes-message"), () => t("review_no_game"), "error");
  try {
    const record = await api(`games/${state.gameId}/record`);
    form.text.value = record.text;
    form.player.value = state.seat === "B" ? "B" : "A";
    form.requestSubmit();
  } catch (exc) {
    showError($("#mistakes-message"), exc, false);
  }
}

// -- quizzes --------------------------------------------------------------------------------------------

function deck() {
  const form = $("#quiz-form");
  const first = Number(form.first.value) || 1;
  return {
    person: person(),
    lexicon: lexiconOf(form),
    kind: form.kind.value,
    order: form.order.value,
    length: Number(form.length.value) || 7,
    first,
    last: Math.max(first, Number(form.last.value) || first + 99),
  };
}

function renderCard() {
  const card = practice.card;
  $("#quiz-card").hidden = !card;
  if (!card) return;
  $("#quiz-prompt").textContent = reason(card.prompt);
}

async function nextCard(event) {
  if (event) event.preventDefault();
  const message = $("#quiz-message");
  say(message, "");
  try {
    const got = await api("practice/quiz/next", deck());
    practice.card = got.card;
    renderCard();
    if (!got.card) say(message, () => t("practice_quiz_none", { due: got.next_due ? when(got.next_due) : "-" }));
    else {
      $("#quiz-words").value = "";
      $("#quiz-words").focus();
    }
  } catch (exc) {
    showError(message, exc, true);
  }
}

async function answerCard() {
  const card = practice.card;
  if (!card) return;
  const message = $("#quiz-message");
  const words = $("#quiz-words").value.trim() || "-";
  try {
    const said = await api("practice/quiz/answer", { person: person(), card: card.id, answer: words });
    const box = $("#quiz-verdict");
    box.hidden = false;
    box.className = `card verdict ${said.judged.right ? "right" : "wrong"}`;
    box.replaceChildren(
      el("strong", {}, reason(said.judged.said)),
      el("p", {}, t("practice_answer_words", { words: said.judged.answer.join(" ") || "-" })),
      el("p", { class: "note" }, t("practice_quiz_due", { due: when(said.card.due) })),
    );
    say(message, "");
    await nextCard();
  } catch (exc) {
    showError(message, exc, true);
  }
}

// -- the daily challenge ---------------------------------------------------------------------------------

function renderBoard(rows, size) {
  // The list numbers the ranks; each row says the score as the reader's language does.
  $("#challenge-board").replaceChildren(
    ...rows.map((r) => el("li", {}, el("strong", {}, r.name), " — ", t("practice_challenge_score", { score: r.score, size, seconds: r.seconds }))),
  );
}

async function startChallenge() {
  const message = $("#challenge-message");
  const lexicon = lexiconOf($("#quiz-form"));
  try {
    const got = await api("practice/challenge/start", { person: person(), lexicon });
    practice.challenge = { ...got, lexicon, ends: Date.now() + got.seconds_left * 1000 };
    if (got.finished) {
      say(message, () => t("practice_challenge_done"));
      const board = await api(`practice/challenge?lexicon=${lexicon}`);
      renderBoard(board.leaderboard, board.size);
      return;
    }
    $("#challenge-questions").replaceChildren(
      ...got.questions.map((q, i) =>
        el("li", {}, el("label", { class: "block" }, el("span", {}, reason(q.prompt)),
          el("input", { name: `q${i}`, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "400" }))),
      ),
    );
    $("#challenge-form").hidden = false;
    clearInterval(practice.timer);
    practice.timer = setInterval(tickChallenge, 1000);
    tickChallenge();
    $("#challenge-questions input").focus();
  } catch (exc) {
    showError(message, exc, true);
  }
}

function tickChallenge() {
  const c = practice.challenge;
  if (!c) return;
  const left = Math.max(0, Math.round((c.ends - Date.now()) / 1000));
  $("#challenge-left").textContent = t("practice_challenge_left", { seconds: left });
  if (!left) clearInterval(practice.timer);
}

async function finishChallenge(event) {
  event.preventDefault();
  const c = practice.challenge;
  const message = $("#challenge-message");
  if (!c) return;
  const answers = $$("#challenge-questions input").map((input) => input.value.trim() || "-");
  const name = $("#challenge-name").value.trim() || store.getItem("jarnac.name") || "?";
  try {
    const done = await api("practice/challenge/finish", { person: person(), lexicon: c.lexicon, name, answers });
    clearInterval(practice.timer);
    $("#challenge-form").hidden = true;
    say(message, () => t("practice_challenge_score", { score: done.score, size: done.answers.length, seconds: done.seconds }));
    renderBoard(done.leaderboard, done.answers.length);
  } catch (exc) {
    showError(message, exc, true);
  }
}

// -- wiring ---------------------------------------------------------------------------------------------

function rerender() {
  renderPuzzle();
  drawMine();
  if (practice.verdict) renderVerdict(practice.verdict);
  renderCard();
  tickChallenge();
}

function start() {
  if (!$("#puzzles")) return;
  $("#puzzle-daily").addEventListener("click", () => {
    const lexicon = lexiconOf($("#puzzles"));
    loadPuzzle(`practice/daily${lexicon ? `?lexicon=${lexicon}` : ""}`);
  });
  $("#puzzle-next").addEventListener("click", () => loadPuzzle("practice/puzzles/next", { person: person(), lexicon: lexiconOf($("#puzzles")) }));
  $("#puzzle-submit").addEventListener("click", () => answerPuzzle());
  $("#puzzle-answer").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      answerPuzzle();
    }
  });
  $("#mistakes-form").addEventListener("submit", fromMistakes);
  $("#mistakes-last").addEventListener("click", lastGame);
  $("#quiz-form").addEventListener("submit", nextCard);
  $("#quiz-submit").addEventListener("click", answerCard);
  $("#quiz-words").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      answerCard();
    }
  });
  $("#challenge-start").addEventListener("click", startChallenge);
  $("#challenge-form").addEventListener("submit", finishChallenge);
  $("#challenge-name").value = store.getItem("jarnac.name") || "";
  // The page's language changes the <html lang>: what this view drew is drawn again in it.
  new MutationObserver(rerender).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  $("#tab-puzzles").addEventListener("click", renderMine, { once: true });
}

start();
