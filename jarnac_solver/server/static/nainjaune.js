// Nain Jaune at the page's table: chosen beside Jarnac, a table of 2 to 4 seats against the computers, people
// sharing this device or invited with a code each. Every word from the catalogs (nj.* codes), every card,
// pot and token from the service's answer (POST /api/games with game nain_jaune, docs/nain_jaune.md): nothing
// of the rules is worked out here but which card buttons the legal plays name.
import { render } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
const store = window.localStorage;
const SEATS = "ABCD";
const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
const COLOURS = ["yellow", "red", "blue", "green", "brown"];
const COMPUTERS = ["greedy", "stakes", "random", "mc"];

const nj = {
  id: store.getItem("nj.game"),
  keys: JSON.parse(store.getItem("nj.keys") || "{}"), // each seat's key this browser holds
  state: null, // the last answer's result
  handedTo: null, // a hot seat: the seat the device was handed to (its hand shown)
  events: null, // the push channel
  invitations: null, // the codes of the invited seats, shown to the creator
  busy: false,
  waiting: 0, // the timer asking again while invited seats are empty
};

const say = (code, values = {}) => render(code, values);

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== undefined && value !== null) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

async function api(path, body, method, headers = {}) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers: { Accept: "application/json", ...headers } };
  const token = store.getItem("jarnac.token");
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const lang = document.documentElement.lang || "fr";
  const response = await fetch(`/api/${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, init);
  const document_ = await response.json().catch(() => ({}));
  if (!response.ok || document_.error) throw new Error((document_.error && document_.error.message) || `${response.status}`);
  return document_.result;
}

// -- cards and tokens as a person reads them --------------------------------------------------------

function cardParts(card) {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

function cardName(card) {
  // "7 de cœur", "Dame de pique": the screen reader's name of a card, in the page's language.
  const { rank, suit } = cardParts(card);
  const rankName = "AJQK".includes(rank) ? say(`nj.rank_${rank}`) : rank;
  return say("nj.page_card", { rank: rankName, suit: say(`nj.suit_${suit}`) });
}

function cardFace(card) {
  const { rank, suit } = cardParts(card);
  return el("span", { class: `nj-face nj-${suit}`, "aria-hidden": "true" }, rank, el("span", { class: "nj-suit" }, SUIT[suit]));
}

function tokens(purse) {
  // Each colour held: a coloured disc and its count said in words ("2 jaunes").
  const held = COLOURS.filter((c) => purse[c] > 0);
  if (!held.length) return el("span", { class: "nj-tokens" }, say("nj.no_token"));
  return el(
    "span",
    { class: "nj-tokens" },
    held.map((c) => el("span", { class: "nj-token" }, el("span", { class: `nj-disc nj-${c}`, "aria-hidden": "true" }), say(`nj.${c}`, { count: purse[c] }))),
  );
}

function seatName(seat) {
  const state = nj.state;
  const player = state.players[SEATS.indexOf(seat)];
  if (!player.person) return `${seat} (${say(`nj.page_${player.player.split(":")[0]}`)})`;
  return player.name ? `${seat} ${player.name}` : seat;
}

// -- the table ------------------------------------------------------------------------------------------

function seatToAct() {
  // The seat this device acts for now: its key's (invited), the seat to act (a hot seat, once handed over),
  // the person's (against the computers).
  const state = nj.state;
  if (!state || state.over || !state.to_act) return null;
  if (state.seats === "open") return state.to_act === state.you ? state.you : null;
  if (state.seats === "hotseat") return nj.handedTo === state.to_act && nj.keys[state.to_act] ? state.to_act : null;
  return state.you === state.to_act ? state.you : null;
}

function renderTable() {
  const state = nj.state;
  if (!state) return;
  const table = state.table;
  const box = $("#nj-table");
  box.hidden = false;
  box.dataset.actions = state.actions; // the actions the table shows (a test waits for the next)
  $("#nj-new").hidden = true;
  $("#nj-join").hidden = true;
  // whose turn
  const acting = seatToAct();
  let status;
  if (state.over) {
    const best = state.winners.map(seatName).join(", ");
    const points = table.players[SEATS.indexOf(state.winners[0])].points;
    const why = state.why ? say(state.why.code, state.why.values) : "";
    status = say(state.winners.length > 1 ? "nj.game_over_tie" : "nj.game_over", { why, winners: best, points: say("nj.n_points", { count: points }) });
  } else if (acting) {
    const rank = table.sequence.missing || "";
    status = table.mode === "lead" ? say("nj.page_you_turn") : table.mode === "run" ? say("nj.page_you_run", { rank: nextRank(table) }) : say("nj.page_you_follow", { rank });
  } else if (!state.claimed.every(Boolean)) {
    status = say("nj.page_waiting");
  } else {
    status = say("nj.page_their_turn", { seat: seatName(state.to_act) });
  }
  $("#nj-status").textContent = status;
  // a hot seat between people: the table hidden until the next person takes the device
  const handover = state.seats === "hotseat" && !state.over && state.to_act && nj.handedTo !== state.to_act && nj.keys[state.to_act];
  $("#nj-handover").hidden = !handover;
  if (handover) $("#nj-handover button").textContent = say("nj.page_handover", { seat: seatName(state.to_act) });
  $("#nj-hand-box").hidden = Boolean(handover) || state.you === null;
  // the pots
  $("#nj-pots").replaceChildren(
    ...table.pots.map((pot) =>
      el(
        "li",
        { class: "nj-pot" },
        el("span", { class: "nj-pot-card" }, cardFace(pot.card)),
        el("span", { "aria-hidden": "true" }, say("nj.page_pot_short", { stake: pot.stake, points: say("nj.n_points", { count: pot.points }) })),
        el("span", { class: "sr" }, say("nj.page_pot", { card: cardName(pot.card), stake: pot.stake, points: say("nj.n_points", { count: pot.points }) })),
        tokens(pot.tokens),
      ),
    ),
  );
  // the players: points, tokens by colour, cards in hand
  $("#nj-players").replaceChildren(
    ...table.players.map((p) =>
      el(
        "li",
        { class: `nj-player${p.seat === state.to_act ? " nj-to-act" : ""}`, "aria-current": p.seat === state.to_act ? "true" : false },
        el("strong", {}, seatName(p.seat)),
        " ",
        say("nj.n_points", { count: p.points }),
        " · ",
        say("nj.n_cards", { count: p.cards }),
        p.owes ? ` · ${say("nj.owes", { points: p.owes })}` : "",
        el("br"),
        tokens(p.tokens),
      ),
    ),
  );
  // the sequence
  const run = table.sequence.cards;
  $("#nj-sequence").textContent = !run.length
    ? say("nj.sequence_new")
    : table.sequence.missing
      ? say("nj.sequence_missing", { cards: run.join(" "), rank: table.sequence.missing })
      : say("nj.sequence", { cards: run.join(" ") });
  // the hand: a button a card, the legal ones enabled
  const legal = new Map();
  for (const play of acting ? table.legal : []) if (play.card && !legal.has(play.card)) legal.set(play.card, play);
  $("#nj-hand").replaceChildren(
    ...table.hand.map((card) => {
      const play = legal.get(card);
      const label = play && play.takes ? say("nj.page_card_takes", { ...nameParts(card), points: play.takes }) : cardName(card);
      return el(
        "button",
        { type: "button", class: `nj-card${play ? " nj-playable" : ""}`, "data-card": card, "aria-label": label, disabled: !play, onclick: () => playCard(card) },
        cardFace(card),
      );
    }),
  );
  const can = (action) => acting && table.legal.some((p) => p.action === action);
  $("#nj-pass").hidden = !can("pass");
  $("#nj-stop").hidden = !can("stop");
  $("#nj-announce-box").hidden = !(acting && table.options.claims === "announced");
  renderRounds();
  $("#nj-invitations").replaceChildren(...invitationLines());
  // A seat taken by an invitation is no action: the push channel does not tell it, so the page asks again.
  clearTimeout(nj.waiting);
  if (!state.over && !state.claimed.every(Boolean)) nj.waiting = setTimeout(refresh, 4000);
}

function nameParts(card) {
  const { rank, suit } = cardParts(card);
  return { rank: "AJQK".includes(rank) ? say(`nj.rank_${rank}`) : rank, suit: say(`nj.suit_${suit}`) };
}

function nextRank(table) {
  const legalCard = table.legal.find((p) => p.card);
  return legalCard ? cardParts(legalCard.card).rank : "";
}

function renderRounds() {
  // Each finished round, the newest first: who went out, who took which pot, who paid whom.
  const done = nj.state.rounds.filter((r) => r.over).reverse();
  $("#nj-rounds").hidden = !done.length;
  $("#nj-round-list").replaceChildren(
    ...done.map((r) =>
      el(
        "li",
        {},
        el("strong", {}, say("nj.page_round_out", { round: r.round, seat: seatName(r.out) })),
        el(
          "ul",
          {},
          r.takes.map((x) => el("li", {}, say("nj.page_took", { seat: seatName(x.seat), card: x.card, points: say("nj.n_points", { count: x.points }) }))),
          r.paid.map((x) => el("li", {}, say("nj.page_paid", { seat: seatName(x.seat), to: seatName(x.to), points: say("nj.n_points", { count: x.points }) }))),
          r.grand_opera !== null ? el("li", {}, say("nj.note_grand_opera", { points: r.grand_opera })) : null,
        ),
      ),
    ),
  );
}

function invitationLines() {
  if (!nj.invitations || !Object.keys(nj.invitations).length || nj.state.claimed.every(Boolean)) return [];
  return [
    el("p", {}, say("nj.page_invitations")),
    el(
      "ul",
      {},
      Object.entries(nj.invitations).map(([seat, inv]) =>
        el("li", {}, `${seat} : `, el("strong", { class: "code" }, inv.code), " ", el("input", { readonly: true, value: inv.link, "aria-label": seat })),
      ),
    ),
  ];
}

// -- acting ---------------------------------------------------------------------------------------------

function headers() {
  const seat = nj.state && nj.state.seats === "hotseat" ? nj.state.to_act : nj.state && nj.state.you;
  const key = seat && nj.keys[seat];
  return key ? { "X-Seat-Key": key } : {};
}

async function send(action) {
  if (nj.busy) return;
  nj.busy = true;
  $("#nj-message").textContent = "";
  try {
    const seat = seatToAct();
    nj.state = await api(`games/${nj.id}/actions`, { action, at: nj.state.actions + 1 }, "POST", headers());
    if (nj.state.seats === "hotseat" && nj.state.to_act !== seat) nj.handedTo = null;
    renderTable();
  } catch (exc) {
    $("#nj-message").textContent = exc.message;
    await refresh();
  } finally {
    nj.busy = false;
  }
}

function playCard(card) {
  const table = nj.state.table;
  const plays = table.legal.filter((p) => p.card === card);
  if (!plays.length) return;
  const announce = $("#nj-announce").checked;
  const chosen = plays.find((p) => p.action.endsWith("!") === announce) || plays[0];
  send(chosen.action);
}

async function refresh() {
  if (!nj.id) return;
  try {
    nj.state = await api(`games/${nj.id}`, undefined, "GET", headers());
    renderTable();
    listen();
  } catch (exc) {
    $("#nj-message").textContent = exc.message;
  }
}

function listen() {
  // The push channel: every action of the others (the computers' too) redraws the table.
  if (nj.events || !nj.state || nj.state.over || nj.state.seats === "open") return;
  nj.events = new EventSource(`/api/games/${nj.id}/events?since=${nj.state.actions}`);
  nj.events.addEventListener("action", () => {
    if (!nj.busy) refresh();
  });
  nj.events.addEventListener("over", () => {
    nj.events.close();
    nj.events = null;
    refresh();
  });
}

function keep(result) {
  nj.id = result.id;
  for (const [seat, held] of Object.entries(result.keys || {})) nj.keys[seat] = held.key;
  store.setItem("nj.game", nj.id);
  store.setItem("nj.keys", JSON.stringify(nj.keys));
}

async function deal(event) {
  event.preventDefault();
  const form = $("#nj-new");
  const players = [0, 1, 2, 3].map((i) => form.querySelector(`[name=seat${i}]`).value).filter((p) => p !== "");
  const options = {};
  if (form.querySelector("[name=ace_high]").checked) options.ace = "high";
  if (form.querySelector("[name=must_follow]").checked) options.must_follow = true;
  if (form.querySelector("[name=may_stop]").checked) options.must_run_on = false;
  if (form.querySelector("[name=announced]").checked) options.claims = "announced";
  if (form.querySelector("[name=debts]").checked) options.debts = true;
  if (form.querySelector("[name=same_dealer]").checked) options.dealer_rotates = false;
  const rounds = form.querySelector("[name=max_rounds]").value;
  if (rounds) options.max_rounds = Number(rounds);
  const body = { game: "nain_jaune", players, seats: form.querySelector("[name=seats]").value, options };
  const name = form.querySelector("[name=name]").value.trim();
  if (name) body.name = name;
  $("#nj-new-message").textContent = "";
  try {
    const result = await api("games", body);
    nj.keys = {};
    keep(result);
    nj.invitations = result.invitations || null;
    nj.state = result;
    nj.handedTo = result.seats === "hotseat" ? result.to_act : null;
    renderTable();
    listen();
  } catch (exc) {
    $("#nj-new-message").textContent = exc.message;
  }
}

async function join(event) {
  event.preventDefault();
  try {
    const result = await api("join", { code: $("#nj-code").value, name: $("#nj-join-name").value || undefined });
    if (!String(result.id || "").startsWith("nj-")) throw new Error(say("nj.page_waiting"));
    nj.keys = {};
    keep(result);
    nj.state = result;
    renderTable();
    listen();
  } catch (exc) {
    $("#nj-join-message").textContent = exc.message;
  }
}

function leave() {
  if (nj.events) nj.events.close();
  clearTimeout(nj.waiting);
  Object.assign(nj, { id: null, keys: {}, state: null, events: null, invitations: null, handedTo: null });
  store.removeItem("nj.game");
  store.removeItem("nj.keys");
  $("#nj-table").hidden = true;
  $("#nj-new").hidden = false;
  $("#nj-join").hidden = false;
}

// -- the forms, built here and put beside Jarnac's --------------------------------------------------------

function label(code, ...children) {
  return el("label", {}, el("span", { "data-nj": code }), ...children);
}

function check(name, code) {
  return el("label", {}, el("input", { type: "checkbox", name }), " ", el("span", { "data-nj": code }));
}

function seatSelect(i) {
  const select = el("select", { name: `seat${i}` });
  return label("nj.page_seat", select);
}

function build() {
  const play = $("#play");
  if (!play || $("#nj-chooser")) return;
  const chooser = el(
    "div",
    { id: "nj-chooser", class: "card nj-keep" },
    label("nj.page_game", el("select", { id: "nj-kind" }, el("option", { value: "jarnac" }, "Jarnac"), el("option", { value: "nain_jaune" }, "Nain Jaune"))),
  );
  const form = el(
    "form",
    { id: "nj-new", class: "card nj nj-keep" },
    el("h2", { "data-nj": "nj.page_new_table" }),
    el("div", { class: "fields" }, [0, 1, 2, 3].map(seatSelect)),
    el(
      "div",
      { class: "fields" },
      label("nj.page_seats", el("select", { name: "seats" }, ["open", "hotseat", "invite"].map((v) => el("option", { value: v, "data-nj": `nj.page_${v}` })))),
      label("page.your_name", el("input", { name: "name", maxlength: "32", autocomplete: "nickname" })),
    ),
    el(
      "fieldset",
      { class: "nj-rules" },
      el("legend", { "data-nj": "nj.page_rules" }),
      check("ace_high", "nj.page_ace_high"),
      check("must_follow", "nj.page_must_follow"),
      check("may_stop", "nj.page_may_stop"),
      check("announced", "nj.page_announced"),
      check("debts", "nj.page_debts"),
      check("same_dealer", "nj.page_same_dealer"),
      label("nj.page_max_rounds", el("input", { name: "max_rounds", type: "number", min: "1", max: "1000", inputmode: "numeric" })),
    ),
    el("button", { type: "submit", id: "nj-deal", "data-nj": "nj.page_deal" }),
    el("p", { id: "nj-new-message", class: "message", role: "alert" }),
  );
  const joinForm = el(
    "form",
    { id: "nj-join", class: "card nj nj-keep" },
    el("div", { class: "row" }, label("page.join_code", el("input", { id: "nj-code", autocomplete: "off", maxlength: "40" })), label("page.your_name", el("input", { id: "nj-join-name", maxlength: "32" })), el("button", { type: "submit", "data-nj": "page.join_button" })),
    el("p", { id: "nj-join-message", class: "message", role: "alert" }),
  );
  const table = el(
    "div",
    { id: "nj-table", class: "nj nj-keep", hidden: true },
    el("p", { id: "nj-status", class: "status", "aria-live": "polite" }),
    el("div", { id: "nj-handover", class: "card", hidden: true }, el("button", { type: "button", class: "jarnac", onclick: () => { nj.handedTo = nj.state.to_act; refresh(); } })),
    el("div", { id: "nj-invitations" }),
    el("p", { id: "nj-sequence", class: "nj-sequence", "aria-live": "polite" }),
    el(
      "div",
      { id: "nj-hand-box", class: "card" },
      el("h3", { id: "nj-hand-title", "data-nj": "nj.page_your_hand" }),
      el("div", { id: "nj-hand", class: "nj-hand", role: "group", "aria-labelledby": "nj-hand-title" }),
      el(
        "div",
        { class: "row" },
        el("button", { type: "button", id: "nj-pass", "data-nj": "nj.page_pass", onclick: () => send("pass") }),
        el("button", { type: "button", id: "nj-stop", class: "quiet", "data-nj": "nj.page_stop", onclick: () => send("stop") }),
        el("label", { id: "nj-announce-box" }, el("input", { type: "checkbox", id: "nj-announce", checked: true }), " ", el("span", { "data-nj": "nj.page_announce" })),
      ),
    ),
    el("p", { id: "nj-message", class: "message", role: "alert" }),
    el("section", { class: "card", "aria-labelledby": "nj-pots-title" }, el("h3", { id: "nj-pots-title", "data-nj": "nj.page_pots" }), el("ul", { id: "nj-pots", class: "nj-pots" })),
    el("section", { class: "card", "aria-labelledby": "nj-players-title" }, el("h3", { id: "nj-players-title", "data-nj": "nj.page_players" }), el("ul", { id: "nj-players", class: "nj-players" })),
    el("section", { id: "nj-rounds", class: "card", hidden: true }, el("ol", { id: "nj-round-list", class: "nj-rounds", reversed: true })),
    el("button", { type: "button", id: "nj-leave", class: "quiet", "data-nj": "nj.page_new_table", onclick: leave }),
  );
  play.prepend(chooser);
  chooser.after(form, joinForm, table);
  $("#nj-kind").addEventListener("change", choose);
  form.addEventListener("submit", deal);
  joinForm.addEventListener("submit", join);
}

function words() {
  // The labels in the page's language (the catalogs loaded by the page), the seats' choices with them.
  for (const node of document.querySelectorAll("[data-nj]")) node.textContent = say(node.dataset.nj);
  for (const i of [0, 1, 2, 3]) {
    const select = document.querySelector(`#nj-new [name=seat${i}]`);
    if (!select) continue;
    const keepValue = select.value || (i === 0 ? "person" : i === 1 ? "greedy" : i === 2 ? "stakes" : "");
    const choices = [...(i >= 2 ? [""] : []), "person", ...COMPUTERS];
    select.replaceChildren(...choices.map((v) => el("option", { value: v }, v === "" ? say("nj.page_nobody") : v === "person" ? say("nj.page_person") : say(`nj.page_${v}`))));
    select.value = keepValue;
    select.previousElementSibling.textContent = say("nj.page_seat", { seat: SEATS[i] });
  }
  if (nj.state) renderTable();
}

function choose() {
  const chosen = $("#nj-kind").value;
  store.setItem("nj.kind", chosen);
  $("#play").classList.toggle("nj-on", chosen === "nain_jaune");
  if (chosen === "nain_jaune" && nj.id && !nj.state) refresh();
}

function fromFragment() {
  // The links of a table: a seat's (#nj-game=ID&seat=A&key=KEY), a spectator's (#nj-watch=ID), an invitation's
  // (#nj-join=CODE, the join form filled). Read once, then taken off the address bar (a key left there would be
  // in the next screenshot or shared tab).
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("nj-game") || params.get("nj-watch");
  const code = params.get("nj-join");
  if (!id && !code) return false;
  if (id) {
    if (id !== nj.id) nj.keys = {};
    nj.id = id;
    const seat = params.get("seat");
    if (params.get("nj-game") && seat && params.get("key")) nj.keys[seat] = params.get("key");
    store.setItem("nj.game", nj.id);
    store.setItem("nj.keys", JSON.stringify(nj.keys));
  } else {
    leave(); // the join form shown, filled (this browser sits at one table at a time)
    $("#nj-code").value = code;
  }
  store.setItem("nj.kind", "nain_jaune");
  history.replaceState(null, "", "#play");
  return true;
}

function start() {
  build();
  fromFragment();
  // The page loads its catalog itself: the labels are said once it holds Nain Jaune's words, and again at
  // every change of language (the page sets <html lang> once the new catalog is loaded).
  const ready = setInterval(() => {
    if (say("nj.page_game") === "nj.page_game") return;
    clearInterval(ready);
    words();
    $("#nj-kind").value = store.getItem("nj.kind") || "jarnac";
    choose();
  }, 50);
  new MutationObserver(words).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  window.addEventListener("nj-joined", (event) => {
    // a Nain Jaune table's code typed in Jarnac's join form: its seat taken here
    if (nj.events) nj.events.close();
    Object.assign(nj, { keys: {}, events: null, handedTo: null, invitations: null });
    keep(event.detail);
    nj.state = event.detail;
    $("#nj-kind").value = "nain_jaune";
    choose();
    renderTable();
    listen();
  });
  window.addEventListener("hashchange", () => {
    // a table's link opened in a tab already on the page
    if (!fromFragment()) return;
    if (nj.events) nj.events.close();
    Object.assign(nj, { state: null, events: null, handedTo: null });
    $("#nj-kind").value = "nain_jaune";
    choose();
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
