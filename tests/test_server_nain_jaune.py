"""Nain Jaune at the service: a person's whole game against two computers, checked by the engine's replay;
people at one device and on their own with keys and join codes; every bad request refused with nothing
changed; the games kept across a restart; the push channel telling each action once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jarnac_solver.nain_jaune import Game, GameRecord, Options, PlayerView, parse_action
from jarnac_solver.nain_jaune.cards import parse_card
from jarnac_solver.server.app import create_app

from .service_client import Client, Stream, serve, stop

THREE = {"game": "nain_jaune", "players": ["person", "greedy", "stakes"], "seed": 11, "options": {"max_rounds": 2}}


def result(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    found: dict[str, Any] = response.json()["result"]
    return found


def error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    found: dict[str, Any] = response.json()["error"]
    return found


def engine_of(client: Client, game_id: str) -> Game:
    """The game as the engine plays its record's actions again from its seed (every action checked again; a
    turn may be under way, so the record is not held to whole turns here)."""
    record = GameRecord.parse(result(client.get(f"/api/games/{game_id}/record"))["text"])
    game = Game(len(record.players), record.options, record.seed)
    for _, seat, actions in record.turns:
        for action in actions:
            game.push(action, seat)
    return game


def sort_key(card: str) -> int:
    return parse_card(card)


@pytest.mark.parametrize("options", [{"max_rounds": 2}, "rulebook"])
def test_a_person_plays_a_whole_game_against_two_computers_and_the_record_replays(
    tmp_path: Path, options: object
) -> None:
    """Each answer shows the person's hand sorted and exactly the engine's legal plays; the person plays a
    different legal card each time (the last listed); the game ends (after two rounds, or under the rulebook
    when a player cannot stake); its record replays to the same points, tokens and result, and the audit
    route says so."""
    app = create_app(["en"], data=tmp_path, max_budget_ms=2000)
    with Client(app) as client:
        state = result(client.post("/api/games", json={**THREE, "options": options}), 201)
        game_id = state["id"]
        assert game_id.startswith("nj-") and state["you"] == "A" and state["seats"] == "open"
        assert [p["player"] for p in state["players"]] == ["person", "greedy", "stakes"]
        turns = 0
        while not state["over"]:
            table = state["table"]
            assert table["hand"] == sorted(table["hand"], key=sort_key)
            assert table["players"][0]["cards"] == len(table["hand"])
            engine = engine_of(client, game_id)
            assert engine.state.to_act == 0 and state["to_act"] == "A"
            assert [play["action"] for play in table["legal"]] == [str(a) for a in engine.legal_actions()]
            assert table == PlayerView.of(engine, 0).to_dict()  # nothing but the engine's view of seat A
            assert len(table["pots"]) == 5 and [p["stake"] for p in table["pots"]] == [1, 2, 3, 4, 5]
            chosen = table["legal"][-1]["action"]
            before = state["actions"]
            state = result(client.post(f"/api/games/{game_id}/actions", json={"action": chosen, "at": before + 1}))
            assert state["played"][0] == {**state["played"][0], "n": before + 1, "seat": "A"}
            assert parse_action(state["played"][0]["action"]).__class__ == parse_action(chosen).__class__
            turns += 1
            assert turns < 500
        engine = GameRecord.parse(result(client.get(f"/api/games/{game_id}/record"))["text"]).replay()
        assert engine.is_over() and state["table"]["players"] == PlayerView.of(engine, 0).to_dict()["players"]
        assert state["winners"] == ["ABC"[p] for p in engine.winners()]
        assert [r["round"] for r in state["rounds"]] == list(range(1, engine.state.round + 1))
        assert all(r["over"] for r in state["rounds"])
        assert "cannot stake" in engine.state.result if options == "rulebook" else "round limit" in engine.state.result
        assert all(r["out"] in "ABC" for r in state["rounds"])
        text = client.get(f"/api/games/{game_id}/record?format=text").text
        audit = result(client.post("/api/nain-jaune/audit", json={"record": text}))
        assert audit["ok"] and audit["over"] and audit["points"] == list(engine.holdings)
        assert audit["result"] == engine.state.result
        bad = text.replace("1. A ", "1. B ", 1)
        assert error(client.post("/api/nain-jaune/audit", json={"record": bad}), 400)["field"] == "record"
        # the game as the engine plays it from the seed, the same actions: the same table
        again = Game(3, Options.from_dict(options), 11)
        for played in engine.history:
            again.push(played.action, played.player)
        assert again.state == engine.state


def test_bad_requests_are_refused_and_change_nothing() -> None:
    """A card not held, a card out of sequence, a word that is no play, a pass when leading, a computer's seat,
    1 or 5 players, an unknown game: a 4xx naming the field, in the asker's language, the game unchanged."""
    app = create_app(["en"], max_budget_ms=2000)
    with Client(app) as client:
        state = result(client.post("/api/games", json=THREE), 201)
        game_id = state["id"]
        engine = engine_of(client, game_id)
        hand = state["table"]["hand"]
        missing = next(c for c in ("AC", "2C", "3C", "4C", "5C", "AD", "2D") if c not in hand)
        said = error(client.post(f"/api/games/{game_id}/actions", json={"action": missing}), 409)
        assert said["field"] == "action" and said["message"].endswith(f"You do not hold {missing}.")
        french = {"Accept-Language": "fr"}
        said = error(client.post(f"/api/games/{game_id}/actions", json={"action": missing}, headers=french), 409)
        assert f"Vous n'avez pas {missing}." in said["message"]
        assert error(client.post(f"/api/games/{game_id}/actions", json={"action": "draw"}), 400)["field"] == "action"
        if state["table"]["mode"] == "lead":
            said = error(client.post(f"/api/games/{game_id}/actions", json={"action": "pass"}), 409)
            assert said["field"] == "action"
        said = error(client.post(f"/api/games/{game_id}/actions", json={"action": hand[0], "player": "B"}), 403)
        assert said["field"] == "player"
        assert (
            error(client.post(f"/api/games/{game_id}/actions", json={"action": hand[0], "at": 99}), 409)["field"]
            == "at"
        )
        assert result(client.get(f"/api/games/{game_id}"))["actions"] == state["actions"]
        assert engine_of(client, game_id).state == engine.state
        for count in (1, 5):
            body = {**THREE, "players": ["person"] + ["greedy"] * (count - 1)}
            said = error(client.post("/api/games", json=body), 400)
            assert (
                said["field"] == "players" and "2 to 4 players" in said["message"] and f"not {count}" in said["message"]
            )
            said = error(client.post("/api/games", json=body, headers=french), 400)
            assert "de 2 à 4 joueurs" in said["message"]
        said = error(client.post("/api/games", json={**THREE, "game": "chess"}), 400)
        assert said["field"] == "game" and "chess" in said["message"]
        said = error(client.post("/api/games", json={**THREE, "players": ["person", "genius"]}), 400)
        assert said["field"] == "players" and "genius" in said["message"]
        said = error(client.post("/api/games", json={**THREE, "players": ["greedy", "stakes"]}), 400)
        assert said["field"] == "players"
        said = error(client.post("/api/games", json={**THREE, "options": {"ace": "middle"}}), 400)
        assert said["field"] == "options"
        assert error(client.get("/api/games/nj-nosuchgame"), 404)["type"] == "UnknownGame"
        assert client.get(f"/api/games/{game_id}/advice").status_code == 404
        # a card held but out of sequence: found by playing on until the person follows a sequence
        for _ in range(200):
            table = result(client.get(f"/api/games/{game_id}"))["table"]
            if table["mode"] != "lead":
                wrong = next((c for c in table["hand"] if c not in {p.get("card") for p in table["legal"]}), None)
                if wrong is not None:
                    before = engine_of(client, game_id).state
                    said = error(client.post(f"/api/games/{game_id}/actions", json={"action": wrong}), 409)
                    assert said["field"] == "action" and "cannot be played now" in said["message"]
                    assert engine_of(client, game_id).state == before
                    break
            client.post(f"/api/games/{game_id}/actions", json={"action": table["legal"][0]["action"]})
        else:  # pragma: no cover - the seed gives such a moment within a few turns
            raise AssertionError("no turn following a sequence with a card out of it")
        # a Jarnac game is made as before, with or without naming its game
        made = client.post("/api/games", json={"game": "jarnac", "players": ["person", "random"], "lexicon": "en"})
        assert made.status_code == 201 and not made.json()["result"]["id"].startswith("nj-")


def test_people_on_one_device_and_invited_each_act_with_their_own_key(tmp_path: Path) -> None:
    """A hot seat gives every person's key; an invitation gives the creator's key and a join code for each
    other person; a key sees its own hand only, acts for its seat only; a spectator sees no hand; a seat
    out of turn is refused; the game and the keys survive a restart of the server."""
    app = create_app(["en"], data=tmp_path, max_budget_ms=2000)
    body = {"game": "nain_jaune", "players": ["person", "person", "greedy"], "seats": "invite", "seed": 3}
    with Client(app) as client:
        made = result(client.post("/api/games", json=body), 201)
        game_id = made["id"]
        keys = {"A": made["keys"]["A"]["key"]}
        assert list(made["invitations"]) == ["B"] and made["claimed"] == [True, False, True]
        # the page's own links: its Nain Jaune table opens them (a Jarnac link would open a Jarnac game)
        assert made["keys"]["A"]["link"].endswith(f"/#nj-game={game_id}&seat=A&key={keys['A']}")
        assert made["invitations"]["B"]["link"].endswith("/#nj-join=" + made["invitations"]["B"]["code"])
        assert made["watch"].endswith(f"/#nj-watch={game_id}")
        joined = result(client.post("/api/join", json={"code": made["invitations"]["B"]["code"]}))
        keys["B"] = joined["keys"]["B"]["key"]
        assert joined["you"] == "B" and joined["claimed"] == [True, True, True]
        again = client.post("/api/join", json={"code": made["invitations"]["B"]["code"]})
        assert again.status_code == 410
        hands = {
            seat: result(client.get(f"/api/games/{game_id}", headers={"X-Seat-Key": key}))["table"]["hand"]
            for seat, key in keys.items()
        }
        assert hands["A"] and hands["B"] and not set(hands["A"]) & set(hands["B"])
        spectator = result(client.get(f"/api/games/{game_id}"))
        assert spectator["you"] is None and spectator["table"]["hand"] == [] and spectator["table"]["legal"] == []
        assert error(client.get(f"/api/games/{game_id}", headers={"X-Seat-Key": "guess"}), 403)["field"] == "X-Seat-Key"
        to_act = spectator["to_act"]
        other = "B" if to_act == "A" else "A"
        card = hands[other][0]
        said = error(
            client.post(f"/api/games/{game_id}/actions", json={"action": card}, headers={"X-Seat-Key": keys[other]}),
            409,
        )
        assert f"It is {to_act}'s turn, not {other}'s." in said["message"]
        said = error(
            client.post(
                f"/api/games/{game_id}/actions",
                json={"action": card, "player": to_act},
                headers={"X-Seat-Key": keys[other]},
            ),
            403,
        )
        assert said["field"] == "player"
        assert error(client.post(f"/api/games/{game_id}/actions", json={"action": card}), 403)["field"] == "X-Seat-Key"
        mine = result(client.get(f"/api/games/{game_id}", headers={"X-Seat-Key": keys[to_act]}))
        state = result(
            client.post(
                f"/api/games/{game_id}/actions",
                json={"action": mine["table"]["legal"][0]["action"]},
                headers={"X-Seat-Key": keys[to_act]},
            )
        )
        held = state["actions"]
    with Client(create_app(["en"], data=tmp_path, max_budget_ms=2000)) as client:  # the server restarted
        after = result(client.get(f"/api/games/{game_id}", headers={"X-Seat-Key": keys["B"]}))
        assert after["actions"] == held and after["you"] == "B"
    hot = {"game": "nain_jaune", "players": ["person", "person"], "seats": "hotseat", "seed": 8}
    with Client(create_app(["en"], max_budget_ms=2000)) as client:
        made = result(client.post("/api/games", json=hot), 201)
        assert sorted(made["keys"]) == ["A", "B"] and made["invitations"] == {}
        assert made["seats"] == "hotseat" and made["you"] == "A"


def test_the_push_channel_tells_each_action_once(tmp_path: Path) -> None:
    """``GET /api/games/{id}/events`` of a Nain Jaune game: one event an action, numbered, the newest with
    the game's public state (no hand); a stream from ``since`` starts there."""
    server, port = serve(tmp_path)
    try:
        import json
        import urllib.request

        def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"}
            )
            with urllib.request.urlopen(request, timeout=60) as answer:
                found: dict[str, Any] = json.loads(answer.read())["result"]
                return found

        state = post("/api/games", {**THREE, "options": {"max_rounds": 1}})
        game_id = state["id"]
        stream = Stream(port, game_id)
        seen = [stream.next_action() for _ in range(state["actions"])]
        assert [n for n, _ in seen] == list(range(1, state["actions"] + 1))
        action = state["table"]["legal"][0]["action"]
        state = post(f"/api/games/{game_id}/actions", {"action": action})
        n, data = stream.next_action()
        assert n == len(seen) + 1 and data["seat"] == "A"
        while n < state["actions"]:
            n, data = stream.next_action()
        assert data["game"]["table"]["hand"] == [] and data["game"]["actions"] == state["actions"]
        stream.close()
        late = Stream(port, game_id, since=state["actions"] - 1)
        assert late.next_action()[0] == state["actions"]
        late.close()
        while not state["over"]:
            state = post(f"/api/games/{game_id}/actions", {"action": state["table"]["legal"][0]["action"]})
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/api/games/{game_id}/events?since={state['actions']}"
        ) as done:
            assert done.status == 204  # over, and the client has every action: an EventSource stops
    finally:
        stop(server)


def test_a_table_kept_in_postgresql_is_played_on_by_another_server(cluster: Any) -> None:
    """The same store as Jarnac's games on PostgreSQL: a table made and played through one app, its seats'
    invitation answered and its game played on through another app on the same database."""
    url = cluster.database()
    body = {"game": "nain_jaune", "players": ["person", "person", "stakes"], "seats": "invite", "seed": 21}
    body["options"] = {"max_rounds": 1}
    with Client(create_app(["en"], data=url, max_budget_ms=2000)) as one:
        made = result(one.post("/api/games", json=body), 201)
        game_id, keys = made["id"], {"A": made["keys"]["A"]["key"]}
    with Client(create_app(["en"], data=url, max_budget_ms=2000)) as two:
        joined = result(two.post("/api/join", json={"code": made["invitations"]["B"]["code"], "name": "Bea"}))
        keys["B"] = joined["keys"]["B"]["key"]
        assert joined["players"][1]["name"] == "Bea"
        state = joined
        while not state["over"]:
            seat = state["to_act"]
            mine = result(two.get(f"/api/games/{game_id}", headers={"X-Seat-Key": keys[seat]}))
            action = mine["table"]["legal"][0]["action"]
            state = result(
                two.post(f"/api/games/{game_id}/actions", json={"action": action}, headers={"X-Seat-Key": keys[seat]})
            )
        record = result(two.get(f"/api/games/{game_id}/record"))["text"]
        assert GameRecord.parse(record).replay().state.result == state["table"]["result"]


_SERVICE: dict[str, Any] = {}


def _client() -> Client:
    """One app for the fuzzing tests (a table's games made by the hundred: the address bound raised)."""
    if "client" not in _SERVICE:
        client = Client(create_app(["en"], max_budget_ms=2000, max_games_per_address=100_000))
        client.__enter__()
        _SERVICE["client"] = client
    found: Client = _SERVICE["client"]
    return found


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
    max_leaves=8,
)
PLAYERS = st.lists(st.sampled_from(["person", "greedy", "stakes", "random", "mc", "mc:3", "mc:99", "x"]), max_size=6)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    body=st.fixed_dictionaries(
        {"game": st.just("nain_jaune")},
        optional={
            "players": PLAYERS | JSON,
            "seats": st.sampled_from(["open", "hotseat", "invite", "nope"]) | JSON,
            "options": st.dictionaries(st.sampled_from(["ace", "debts", "max_rounds", "hand_size", "x"]), JSON) | JSON,
            "seed": st.integers(-1, 2**64) | JSON,
            "name": st.text(max_size=40) | JSON,
            "other": JSON,
        },
    )
)
def test_any_new_table_body_is_made_or_refused_by_its_field(body: dict[str, Any]) -> None:
    """Whatever a Nain Jaune body holds: a table (201) or a 400 naming the field at fault, never a 500."""
    answer = _client().post("/api/games", json=body)
    assert answer.status_code in (201, 400), answer.text
    if answer.status_code == 400:
        # ``seats`` left out is the default ``open``, which seats one person: with several, it is at fault.
        assert answer.json()["error"]["field"] in {*body, "seats"}, answer.json()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=JSON | st.sampled_from(["pass", "stop", "AC", "10D!", "KS", "7H", "QS!", "2c", "zz"]), player=JSON)
def test_any_action_is_played_or_refused_with_the_game_unchanged(action: object, player: object) -> None:
    """Whatever action and seat are sent: played (200), or refused (400, 403, 409) with the game unchanged."""
    client = _client()
    if "table" not in _SERVICE:
        made = result(client.post("/api/games", json={**THREE, "options": "rulebook"}), 201)
        _SERVICE["table"] = made["id"]
    game_id = _SERVICE["table"]
    before = result(client.get(f"/api/games/{game_id}"))
    if before["over"]:
        _SERVICE.pop("table")
        return
    body = {"action": action} if player is None else {"action": action, "player": player}
    answer = client.post(f"/api/games/{game_id}/actions", json=body)
    assert answer.status_code in (200, 400, 403, 409), answer.text
    if answer.status_code != 200:
        assert answer.json()["error"]["field"] in ("action", "player"), answer.json()
        assert result(client.get(f"/api/games/{game_id}"))["actions"] == before["actions"]


def test_jarnacs_routes_take_a_nain_jaune_id_for_no_game_of_theirs() -> None:
    """The lobby of Jarnac's games given a Nain Jaune table's id says it is none of its games (gone), never
    a 500; a Jarnac route under a table's id is a 404."""
    with Client(create_app(["en"], max_budget_ms=2000)) as client:
        game_id = result(client.post("/api/games", json=THREE), 201)["id"]
        rows = result(client.post("/api/mine", json={"games": [f"{game_id}:A"]}))["games"]
        assert [row["status"] for row in rows] == ["gone"]
        assert error(client.post(f"/api/games/{game_id}/resign", json={}), 404)["type"] == "NotFound"
