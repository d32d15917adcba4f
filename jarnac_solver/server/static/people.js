// Games between people: the seats this browser holds, the lobby of its games, the links that seat or
// seat a watcher, and the live updates (Server-Sent Events, else polling) that tell the other's moves.
import { t } from "./i18n.js";
import { $, api, el, state, store, timeLeft } from "./common.js";

const LOBBY = "jarnac.games";
const MOST = 50; // the lobby's most games (the oldest forgotten first)

export function lobby() {
  try {
    const list = JSON.parse(store.getItem(LOBBY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (exc) {
    return [];
  }
}

export function entryOf(id) {
  return lobby().find((entry) => entry.id === id) || null;
}

export function remember(entry) {
  // Kept in this browser only: the game's id, the seat it plays, and that seat's key (never sent in a URL).
  const old = entryOf(entry.id);
  const merged = { ...(old || {}), ...entry, keys: { ...((old && old.keys) || {}), ...(entry.keys || {}) } };
  const list = [merged, ...lobby().filter((e) => e.id !== entry.id)].slice(0, MOST);
  store.setItem(LOBBY, JSON.stringify(list));
}

export function forget(id) {
  store.setItem(LOBBY, JSON.stringify(lobby().filter((e) => e.id !== id)));
  if (store.getItem("jarnac.game") === id) store.removeItem("jarnac.game");
}

export function fromFragment() {
  // A seat's link (#game=ID&seat=A&key=KEY) or a watch link (#watch=ID): read once, kept in the lobby, then
  // taken off the address bar (a key left there would be in the next screenshot or shared tab). An
  // invitation (#join=CODE) or a transfer link (#move=TOKEN) is answered: {join} or {move}, taken off too.
  const params = new URLSearchParams(location.hash.slice(1));
  for (const kind of ["join", "move"]) {
    if (params.get(kind)) {
      history.replaceState(null, "", "#play");
      return { [kind]: params.get(kind) };
    }
  }
  const id = params.get("game") || params.get("watch");
  if (!id) return false;
  const seat = params.get("seat");
  const key = params.get("key");
  if (params.get("game") && key && (seat === "A" || seat === "B")) {
    const old = entryOf(id);
    const both = old && old.mode === "hotseat";
    remember({ id, mode: both ? "hotseat" : "invite", seat: both ? "both" : seat, keys: { [seat]: key }, created: Date.now() });
  } else if (params.get("watch")) {
    if (!entryOf(id)) remember({ id, mode: "watch", seat: null, keys: {}, created: Date.now() });
  } else {
    return false;
  }
  store.setItem("jarnac.game", id);
  history.replaceState(null, "", "#play");
  return true;
}

export async function joinByCode(code, name) {
  // The code read aloud (or its link) seats this device in B, once: a key made for it (POST /api/join).
  const answer = await api("join", name ? { code, name } : { code });
  if (String(answer.id).startsWith("nj-")) {
    // A Nain Jaune table's code: its seat goes to the page's Nain Jaune table (nainjaune.js), not the lobby.
    window.dispatchEvent(new CustomEvent("nj-joined", { detail: answer }));
    throw Object.assign(new Error(""), { type: "NainJaune" });
  }
  remember({ id: answer.id, mode: "invite", seat: "B", keys: { B: answer.seats.B.key }, created: Date.now() });
  store.setItem("jarnac.game", answer.id);
  if (name) store.setItem("jarnac.name", name);
  return answer.id;
}

export async function takeSeat(token) {
  // A transfer link: the seat it moves, now this device's (POST /api/transfer; the old device's key acts no more).
  const answer = await api("transfer", { token });
  const seat = Object.keys(answer.seats)[0];
  remember({ id: answer.id, mode: "invite", seat, keys: { [seat]: answer.seats[seat].key }, created: Date.now() });
  store.setItem("jarnac.game", answer.id);
  return answer.id;
}

// -- live updates ---------------------------------------------------------------------------------

let source = null;
let timer = null;

export function stopFollowing() {
  if (source) source.close();
  source = null;
  if (timer) clearTimeout(timer);
  timer = null;
}

export function follow(gameId, since, heard, lost) {
  // An EventSource resumes by itself from its last event's id after a drop; it cannot send a bearer token,
  // so a server with one is polled instead.
  stopFollowing();
  if (store.getItem("jarnac.token")) {
    const poll = async () => {
      try {
        const answer = await api(`games/${gameId}/actions?since=${state.game ? state.game.actions : since}`);
        const actions = answer.actions;
        actions.forEach((action, k) => heard(k === actions.length - 1 ? { ...action, game: answer.game, clock: answer.clock } : action));
        if (!actions.length) heard({ game: answer.game, clock: answer.clock });
        if (!answer.game.over) timer = setTimeout(poll, 2000);
      } catch (exc) {
        lost();
        timer = setTimeout(poll, 5000);
      }
    };
    timer = setTimeout(poll, 1000);
    return;
  }
  source = new EventSource(`/api/games/${encodeURIComponent(gameId)}/events?since=${since}&lang=${state.lang}`);
  source.addEventListener("action", (event) => heard(JSON.parse(event.data)));
  source.addEventListener("over", stopFollowing);
  source.addEventListener("gone", stopFollowing);
  source.addEventListener("open", () => lost(false));
  source.addEventListener("error", () => {
    if (source && source.readyState !== EventSource.CLOSED) lost(true);
  });
}

// -- the lobby ------------------------------------------------------------------------------------

export function modeText(entry) {
  if (entry.mode === "invite") return t("mode_invite", { seat: entry.seat === "B" ? "B" : "A" });
  return t(`mode_${entry.mode || "computer"}`);
}

export function playsOf(entry) {
  // The seat this browser plays in a game of its lobby, as POST /api/mine takes it (ID:A, ID:B, ID:AB).
  if (entry.mode === "watch") return entry.id;
  if (entry.mode === "hotseat") return `${entry.id}:AB`;
  return `${entry.id}:${entry.seat === "B" ? "B" : "A"}`;
}

export async function myGames() {
  // The lobby's games as the server sees them, those waiting for this browser first (POST /api/mine).
  const list = lobby().slice(0, 64);
  if (!list.length) return { games: [], next: null };
  return api("mine", { games: list.map(playsOf) });
}

function seatNameOf(row, seat) {
  // A seat of a listed game as the page names it: its person's name (text), the computer's level, its letter.
  const i = seat === "B" ? 1 : 0;
  if (row.players[i] !== "person") return t(`name_${row.players[i]}`);
  return row.names[i] || seat;
}

export async function renderLobby(resume) {
  const list = lobby();
  const box = $("#lobby-list");
  if (!list.length) {
    box.replaceChildren(el("li", { class: "note" }, t("lobby_empty")));
    return;
  }
  let mine = { games: list.map((entry) => ({ id: entry.id, status: "gone" })) };
  try {
    mine = await myGames();
  } catch (exc) {
    // the server down: the lobby as this browser keeps it
  }
  const byId = new Map(list.map((entry) => [entry.id, entry]));
  const rows = mine.games
    .filter((row) => byId.has(row.id))
    .map((row) => {
      const entry = byId.get(row.id);
      const other = entry.mode === "invite" || entry.mode === "computer" || !entry.mode ? (entry.seat === "B" ? "A" : "B") : null;
      const opponent = other && row.players ? seatNameOf(row, other) : null;
      // A game is told by when it began, its kind and its opponent: never by its id (a code no one reads).
      const parts = [...(entry.created ? [new Intl.DateTimeFormat(state.lang, { dateStyle: "medium", timeStyle: "short" }).format(entry.created)] : []), modeText(entry)];
      // An invitation no one has taken yet names no opponent (its seat's letter is no one's name).
      const unseated = entry.mode === "invite" && row.players && row.players[other === "B" ? 1 : 0] === "person" && !row.names[other === "B" ? 1 : 0];
      if (unseated) parts.push(t("lobby_invited"));
      else if (opponent) parts.push(t("lobby_against", { name: opponent }));
      let said;
      if (row.status === "gone") said = t("lobby_gone");
      else if (row.status === "over") said = t("lobby_over", { scores: `${seatNameOf(row, "A")} ${row.scores[0]}, ${seatNameOf(row, "B")} ${row.scores[1]}` });
      else if (row.status === "yours") said = t("lobby_yours");
      else said = t("lobby_theirs", { name: seatNameOf(row, row.to_act || "A") });
      if (row.left_s !== null && row.left_s !== undefined && row.status !== "over") said += ` · ${t("lobby_left", { time: timeLeft(row.left_s) })}`;
      return el(
        "li",
        { "data-game": row.id, "data-status": row.status, class: row.status === "yours" ? "yours" : "" },
        el("span", {}, `${parts.join(" · ")} · `),
        el("span", { class: "lobby-state" }, said),
        " ",
        el("button", { type: "button", class: "small resume", onclick: () => resume(row.id) }, t("lobby_resume")),
        " ",
        el("button", { type: "button", class: "small quiet", onclick: () => { forget(row.id); renderLobby(resume); } }, t("lobby_forget")),
      );
    });
  box.replaceChildren(...rows);
}
