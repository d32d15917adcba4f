"""Games between invited people: each seat acts with its key alone, the push channel tells every action
once and resumes where it broke off, and a server killed with kill -9 loses neither a game nor a key."""

from __future__ import annotations

import json
import secrets
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jarnac_solver.server import limits as service
from jarnac_solver.server.app import create_app
from jarnac_solver.server.notify import Notifier, TooManyStreams
from jarnac_solver.server.seats import digest

from .service_client import Client, Stream, serve, stop
from .test_server_games import refused, result

INVITE = {"players": ["person", "person"], "seats": "invite", "seed": 25, "lexicon": "en"}


def invited(client: Client, body: dict[str, Any] = INVITE) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A game made by ``body`` and, when it is an invitation, joined by its code: its id, every seat's key
    (the creator's from its answer, B's from the join), and the creator's answer."""
    made = result(client.post("/api/games", json=body), 201)
    keys = {seat: made["seats"][seat]["key"] for seat in made["seats"]}
    if "invitation" in made:
        joined = result(client.post("/api/join", json={"code": made["invitation"]["code"]}))
        keys["B"] = joined["seats"]["B"]["key"]
    return made["id"], keys, made


def test_each_seat_acts_with_its_own_key_and_the_keys_are_kept_as_digests(tmp_path: Path) -> None:
    """The wrong seat's key, no key, a guessed key, a digest sent as a key: 403 and the game unchanged;
    the join code finds seat B's key; spectators read; the keys survive a restart, kept as digests only."""
    app = create_app(["en"], data=tmp_path, max_budget_ms=2000)
    with Client(app, raise_server_exceptions=False) as client:
        made = result(client.post("/api/games", json=INVITE), 201)
        game_id, keys = made["id"], {"A": made["seats"]["A"]["key"]}
        assert made["game"]["seats"] == "invite" and made["game"]["hints"] and list(made["seats"]) == ["A"]
        assert made["game"]["claimed"] == [True, False]
        page, _, fragment = made["seats"]["A"]["link"].partition("#")  # the key rides in the link's fragment
        assert keys["A"] not in page and fragment == f"game={game_id}&seat=A&key={keys['A']}"
        invitation = made["invitation"]
        assert made["watch"].endswith(f"/#watch={game_id}") and len(invitation["code"]) == 14
        assert invitation["link"].endswith(f"/#join={invitation['code']}")
        assert invitation["qr"].startswith("data:image/svg+xml;base64,")
        read_aloud = invitation["code"].lower().replace("-", " ")
        joined = result(client.post("/api/join", json={"code": read_aloud}))
        keys["B"] = joined["seats"]["B"]["key"]
        assert joined["id"] == game_id and list(joined["seats"]) == ["B"] and keys["B"] != keys["A"]
        assert joined["seats"]["B"]["link"].endswith(f"#game={game_id}&seat=B&key={keys['B']}")
        assert joined["game"]["claimed"] == [True, True]
        refused(client.post("/api/join", json={"code": "0000-0000-0000"}), 404, "UnknownGame")
        refused(client.post("/api/join", json={"code": "not a code"}), 400, "UsageError")
        # A client that claims to have seen actions the game has not got is told so, not left waiting.
        assert refused(client.get(f"/api/games/{game_id}/actions?since=5"), 400, "UsageError").startswith(
            "since: 5 is beyond the game's 0 actions"  # the field said once
        )
        beyond = client.get(f"/api/games/{game_id}/events", headers={"Last-Event-ID": "3"})
        assert refused(beyond, 400, "UsageError").startswith("Last-Event-ID: 3 is beyond")
        forged = client.get(f"/api/games/{game_id}/events", headers={"Last-Event-ID": "x"})
        assert refused(forged, 400, "UsageError") == "Last-Event-ID: 'x' is not an action's number (0 to 5000)"
        # A parameter given twice is refused, not read as its last value.
        twice = refused(client.get(f"/api/games/{game_id}/actions?since=0&since=0"), 400, "UsageError")
        assert twice == "since: given 2 times"

        def act(seat: str, action: str, **body: Any) -> dict[str, Any]:
            answer = client.post(
                f"/api/games/{game_id}/actions", json={"action": action, **body}, headers={"X-Seat-Key": keys[seat]}
            )
            return result(answer)

        for headers, body in [
            ({}, {}),  # no key
            ({"X-Seat-Key": keys["B"]}, {}),  # B's key while A is to act
            ({"X-Seat-Key": secrets.token_urlsafe(32)}, {}),  # a guessed key
            ({"X-Seat-Key": digest(keys["A"])}, {}),  # what the store keeps is no key
            ({"X-Seat-Key": keys["A"]}, {"player": "B"}),  # A's key acting for B
        ]:
            answer = client.post(f"/api/games/{game_id}/actions", json={"action": "draw", **body}, headers=headers)
            refused(answer, 403, "WrongSeat")
        assert result(client.get(f"/api/games/{game_id}"))["game"]["actions"] == 0

        assert act("A", "draw", at=1)["game"]["actions"] == 1
        assert act("A", "draw", at=1)["repeated"] is True  # a request replayed is the game as it is
        assert act("A", "+AFT")["game"]["actions"] == 2
        refusal = client.post(
            f"/api/games/{game_id}/actions", json={"action": "+QZXV"}, headers={"X-Seat-Key": keys["A"]}
        )
        refused(refusal, 409, "IllegalActionError")
        watched = result(client.get(f"/api/games/{game_id}"))  # a spectator: no key, the table read-only
        assert watched["game"]["actions"] == 2 and watched["game"]["to_act"] == "A"
        refused(client.get(f"/api/games/{game_id}/advice?budget=50"), 403, "WrongSeat")
        wrong = client.get(f"/api/games/{game_id}/advice?budget=50", headers={"X-Seat-Key": keys["B"]})
        refused(wrong, 403, "WrongSeat")
        refused(client.delete(f"/api/games/{game_id}"), 403, "WrongSeat")
        advised = client.get(f"/api/games/{game_id}/advice?budget=50", headers={"X-Seat-Key": keys["A"]})
        assert result(advised)["player"] == "A"

    # The keys are in neither the database nor its log: only their digests.
    stored = b"".join(path.read_bytes() for path in tmp_path.iterdir() if path.is_file())
    assert all(key.encode() not in stored for key in keys.values())
    assert digest(keys["A"]).encode() in stored and digest(keys["B"]).encode() in stored
    with Client(create_app(["en"], data=tmp_path, max_budget_ms=2000)) as again:  # a restart keeps the seats
        answer = again.post(f"/api/games/{game_id}/actions", json={"action": "+IRE"}, headers={"X-Seat-Key": keys["A"]})
        assert result(answer)["game"]["actions"] == 3
        stranger = again.post(f"/api/games/{game_id}/actions", json={"action": "pass"}, headers={"X-Seat-Key": "x"})
        refused(stranger, 403, "WrongSeat")


def test_a_code_claims_seat_b_once_and_a_seat_moves_once(tmp_path: Path) -> None:
    """The first device that gives the code holds seat B with a fresh key; the code then opens nothing (410,
    the game unchanged), after a restart too; the creator withdraws an unanswered invitation and makes
    another; a seat's holder moves the seat once to another device (the old key acts no more, a second
    use is a 410); spectators and the wrong seat change nothing (403)."""
    app = create_app(["en"], data=tmp_path, max_budget_ms=2000)
    with Client(app, raise_server_exceptions=False) as client:
        made = result(client.post("/api/games", json=INVITE), 201)
        game_id, key_a = made["id"], made["seats"]["A"]["key"]
        first = made["invitation"]["code"]
        refused(client.post(f"/api/games/{game_id}/invitation", json={}), 403, "WrongSeat")  # a spectator
        renewed = result(client.post(f"/api/games/{game_id}/invitation", json={}, headers={"X-Seat-Key": key_a}), 201)
        second = renewed["invitation"]["code"]
        assert second != first and renewed["invitation"]["link"].endswith(f"#join={second}")
        assert "withdrawn" in refused(client.post("/api/join", json={"code": first}), 410, "InvitationWithdrawn")
        cancel = client.delete(f"/api/games/{game_id}/invitation", headers={"X-Seat-Key": key_a})
        assert result(cancel)["withdrawn"] is True
        refused(client.post("/api/join", json={"code": second}), 410, "InvitationWithdrawn")
        third = result(client.post(f"/api/games/{game_id}/invitation", json={}, headers={"X-Seat-Key": key_a}), 201)
        code = third["invitation"]["code"]
        joined = result(client.post("/api/join", json={"code": code}))
        key_b = joined["seats"]["B"]["key"]
        assert len(key_b) >= 43 and code.replace("-", "") not in key_b
        before = result(client.get(f"/api/games/{game_id}"))["game"]
        taken = refused(client.post("/api/join", json={"code": code}), 410, "SeatTaken")
        assert "This seat is taken" in taken
        assert result(client.get(f"/api/games/{game_id}"))["game"] == before
        again = client.post(f"/api/games/{game_id}/invitation", json={}, headers={"X-Seat-Key": key_a})
        refused(again, 410, "SeatTaken")  # B seated: no invitation can open it again
        refused(
            client.post(f"/api/games/{game_id}/invitation", json={}, headers={"X-Seat-Key": key_b}), 403, "WrongSeat"
        )
        # B moves to another device: a link of its own, used once.
        refused(client.post(f"/api/games/{game_id}/transfer", json={}), 403, "WrongSeat")
        moving = result(client.post(f"/api/games/{game_id}/transfer", json={}, headers={"X-Seat-Key": key_b}), 201)
        assert moving["seat"] == "B" and moving["transfer"]["link"].endswith("#move=" + moving["transfer"]["token"])
        moved = result(client.post("/api/transfer", json={"token": moving["transfer"]["token"]}))
        new_b = moved["seats"]["B"]["key"]
        assert new_b != key_b and moved["id"] == game_id
        refused(client.post("/api/transfer", json={"token": moving["transfer"]["token"]}), 410, "TransferUsed")
        refused(client.post("/api/transfer", json={"token": "x" * 43}), 404, "UnknownTransfer")
        result(client.post(f"/api/games/{game_id}/actions", json={"action": "draw"}, headers={"X-Seat-Key": key_a}))
        result(client.post(f"/api/games/{game_id}/actions", json={"action": "pass"}, headers={"X-Seat-Key": key_a}))
        old = client.post(f"/api/games/{game_id}/actions", json={"action": "decline"}, headers={"X-Seat-Key": key_b})
        refused(old, 403, "WrongSeat")  # the moved seat's old key acts no more
        hotseat = result(client.post("/api/games", json={**INVITE, "seats": "hotseat"}), 201)
        assert "invitation" not in hotseat and set(hotseat["seats"]) == {"A", "B"}
        no_code = client.post(f"/api/games/{hotseat['id']}/invitation", json={}, headers={"X-Seat-Key": key_a})
        refused(no_code, 409, "NoInvitation")
    with Client(create_app(["en"], data=tmp_path, max_budget_ms=2000), raise_server_exceptions=False) as again:
        refused(again.post("/api/join", json={"code": code}), 410, "SeatTaken")  # a restart keeps it used
        sent = {"json": {"action": "decline"}, "headers": {"X-Seat-Key": new_b}}
        assert result(again.post(f"/api/games/{game_id}/actions", **sent))["game"]["actions"] == 3


def test_a_jarnac_window_not_answered_in_time_is_declined_and_hints_can_be_off() -> None:
    """A pass opens the opponent's Jarnac window, timed; its time over, the server declines it for them.
    Without hints neither seat gets advice; the game says both."""
    app = create_app(["en"], max_budget_ms=2000)
    with Client(app, raise_server_exceptions=False) as client:
        body = {**INVITE, "hints": False, "window_seconds": 0.05}
        game_id, keys, made = invited(client, body)
        assert made["game"]["hints"] is False and made["game"]["window_s"] == 0.05
        advice = client.get(f"/api/games/{game_id}/advice?budget=50", headers={"X-Seat-Key": keys["A"]})
        refused(advice, 403, "HintsOff")
        for action in ("draw", "pass"):
            sent = {"json": {"action": action}, "headers": {"X-Seat-Key": keys["A"]}}
            after = result(client.post(f"/api/games/{game_id}/actions", **sent))
        assert after["game"]["phase"] == "jarnac" and after["game"]["to_act"] == "B"
        assert after["clock"]["to_act"] == "B" and after["clock"]["limit_s"] == 0.05
        time.sleep(0.2)  # past the window (the sleep makes it past, whatever the load)
        later = result(client.get(f"/api/games/{game_id}"))
        assert later["played"] == [{**later["played"][0], "player": "B", "action": "decline", "time_over": True}]
        assert later["game"]["phase"] != "jarnac" and later["game"]["actions"] == 3
        refused(client.post("/api/games", json={**body, "players": ["person", "planner"]}), 400, "UsageError")


def test_a_hot_seats_jarnac_window_waits_for_the_device_to_change_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """``"seats": "hotseat"``: both keys, no join code; the Jarnac window untimed by default (a countdown
    would run while the device is passed), timed when the game asks for it; the setting survives the store."""
    from jarnac_solver.server import live
    from jarnac_solver.server import spec as setting
    from jarnac_solver.server.contract import Offer

    monkeypatch.setattr(setting, "DEFAULT_WINDOW_S", 0.05)  # an invitation's default window, made short
    app = create_app(["en"], max_budget_ms=2000)
    with Client(app, raise_server_exceptions=False) as client:
        for body, timed in (({**INVITE, "seats": "hotseat"}, False), ({**INVITE, "seats": "invite"}, True)):
            game_id, keys, made = invited(client, body)
            assert ("invitation" in made) is timed and made["game"]["seats"] == body["seats"]
            assert made["game"]["window_s"] == (0.05 if timed else None)
            for action in ("draw", "pass"):
                sent = {"json": {"action": action}, "headers": {"X-Seat-Key": keys["A"]}}
                after = result(client.post(f"/api/games/{game_id}/actions", **sent))
            assert after["game"]["phase"] == "jarnac" and (after["clock"] is None) is not timed
            time.sleep(0.2)  # past an invitation's window (the sleep makes it past, whatever the load)
            later = result(client.get(f"/api/games/{game_id}"))
            assert (later["game"]["phase"] == "jarnac") is not timed and bool(later["played"]) is timed
        asked = result(client.post("/api/games", json={**INVITE, "seats": "hotseat", "window_seconds": 7}), 201)
        assert asked["game"]["window_s"] == 7
        spec = live.new_spec({**INVITE, "seats": "hotseat"}, Offer(("en",), 500), 0, ("a", "b"), 1.0)
        assert live.GameSpec.from_dict(spec.to_dict()) == spec and spec.hotseat
        computer = client.post("/api/games", json={**INVITE, "seats": "hotseat", "players": ["person", "planner"]})
        assert "a hot seat is two people's" in refused(computer, 400, "UsageError")
        assert computer.json()["error"]["field"] == "seats"


def test_under_a_clock_each_persons_decision_is_timed_and_the_time_over_action_is_played() -> None:
    """The rules' clock (``think_seconds``) times every decision of an invited person, not only the Jarnac
    window (docs/rules.md#clock): a decision not taken in time is the phase's time-over action, played for
    the person to act and marked, and the clock moves to the next decision."""
    app = create_app(["en"], max_budget_ms=2000)
    expected = {"opening": "draw", "start": "draw", "play": "pass"}
    with Client(app, raise_server_exceptions=False) as client:
        body = {**INVITE, "rules": {"think_seconds": 0.05}, "window_seconds": 30}
        game_id, keys, _ = invited(client, body)
        now = result(client.get(f"/api/games/{game_id}"))
        timed: list[tuple[str, str]] = []
        while len(timed) < 3 and now["game"]["phase"] != "over":
            who, phase, count = now["game"]["to_act"], now["game"]["phase"], now["game"]["actions"]
            if phase == "jarnac":  # the window has its own 30 s: answered here, not waited for
                assert now["clock"]["limit_s"] == 30
                sent = {"json": {"action": "decline"}, "headers": {"X-Seat-Key": keys[who]}}
                now = result(client.post(f"/api/games/{game_id}/actions", **sent))
                continue
            assert now["clock"] == {**now["clock"], "to_act": who, "limit_s": 0.05}
            time.sleep(0.2)  # past the decision's time (the sleep makes it past, whatever the load)
            now = result(client.get(f"/api/games/{game_id}"))
            first = now["played"][0]
            assert (first["player"], first["action"], first.get("time_over")) == (who, expected[phase], True)
            assert now["game"]["actions"] > count
            timed.append((who, phase))
        assert {who for who, _ in timed} == {"A", "B"}  # both seats are timed


# -- the push channel on a real server ------------------------------------------------------------


def _ask(port: int, path: str, body: dict[str, Any] | None = None, key: str = "") -> dict[str, Any]:
    headers = {"Content-Type": "application/json", **({"X-Seat-Key": key} if key else {})}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=60) as answer:
        found: dict[str, Any] = json.loads(answer.read())["result"]
    return found


def test_the_push_channel_resumes_after_a_drop_and_after_kill_9(tmp_path: Path) -> None:
    """Events carry the action's number as their id: a stream dropped and opened again from its
    Last-Event-ID misses and repeats nothing; after kill -9 both players go on with their keys, one by its
    stream, the other by polling."""
    server, port = serve(tmp_path)
    try:
        made = _ask(port, "/api/games", INVITE)
        game_id, keys = made["id"], {"A": made["seats"]["A"]["key"]}
        keys["B"] = _ask(port, "/api/join", {"code": made["invitation"]["code"]})["seats"]["B"]["key"]
        _ask(port, f"/api/games/{game_id}/actions", {"action": "draw"}, keys["A"])
        _ask(port, f"/api/games/{game_id}/actions", {"action": "+AFT"}, keys["A"])
        watcher = Stream(port, game_id, since=0)  # no key: what everyone may see
        assert [watcher.next_action()[0] for _ in range(2)] == [1, 2]
        _ask(port, f"/api/games/{game_id}/actions", {"action": "+IRE"}, keys["A"])
        number, data = watcher.next_action()  # pushed, not asked for
        assert (number, data["action"], data["player"], data["game"]["actions"]) == (3, "+IRE", "A", 3)
        watcher.close()  # dropped
        _ask(port, f"/api/games/{game_id}/actions", {"action": "1:AFT+C=FACT"}, keys["A"])
        again = Stream(port, game_id, last=3)
        number, data = again.next_action()
        assert (number, data["action"]) == (4, "1:AFT+C=FACT")
        again.close()
    finally:
        server.kill()  # kill -9: no shutdown of any kind
        server.wait(timeout=10)
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()
    server, port = serve(tmp_path)
    try:
        seat_b = Stream(port, game_id, last=4)  # B's page reconnects from its last event
        assert _ask(port, f"/api/games/{game_id}")["game"]["actions"] == 4
        _ask(port, f"/api/games/{game_id}/actions", {"action": "pass"}, keys["A"])  # A's key kept the restart
        number, data = seat_b.next_action()
        assert (number, data["action"], data["game"]["phase"], data["game"]["to_act"]) == (5, "pass", "jarnac", "B")
        _ask(port, f"/api/games/{game_id}/actions", {"action": "decline"}, keys["B"])
        assert seat_b.next_action()[0] == 6
        seat_b.close()
        polled = _ask(port, f"/api/games/{game_id}/actions?since=4")  # A's client polls
        told = [(a["n"], a["player"], a["action"]) for a in polled["actions"]]
        assert told == [(5, "A", "pass"), (6, "B", "decline")]
    finally:
        stop(server)


def test_the_bounds_of_an_address_and_of_the_push_streams() -> None:
    """Games made by one address, its wrong join codes and the streams of a game and of a server: each
    bounded, a 429 beyond (the service's error object), the bound freed when a stream closes."""
    with Client(create_app(["en"], max_games_per_address=2), raise_server_exceptions=False) as client:
        for _ in range(2):
            result(client.post("/api/games", json=INVITE), 201)
        # Each 429 says how long to wait, in its words and its Retry-After (the window of the oldest counted).
        for path, body, kind in (("games", INVITE, "TooManyGames"), ("join", {"code": "0000-0000-0000"}, "")):
            if not kind:
                for _ in range(service.MAX_FAILED_JOINS):
                    refused(client.post("/api/join", json=body), 404, "UnknownGame")
                kind = "TooManyJoins"
            answer = client.post(f"/api/{path}", json=body)
            wait = int(answer.headers["retry-after"])
            assert 0 < wait <= service.ADDRESS_WINDOW_S
            assert refused(answer, 429, kind).endswith(f"wait {wait} s")
    notifier = Notifier(max_streams=3, per_game=2)
    with notifier.open("g"), notifier.open("g"):
        with pytest.raises(TooManyStreams, match="this game"):
            notifier.check("g")
        with notifier.open("h"), pytest.raises(TooManyStreams, match="the server"):
            notifier.check("i")
    assert notifier.streams == 0
    with notifier.open("g"):
        notifier.check("g")


def test_names_are_checked_and_kept_as_text() -> None:
    """A name of 10,000 characters, an empty one, one with a right-to-left override or a control character,
    one with markup: a 400 naming the field, nothing made; a good one trimmed and kept, A's at creation and
    B's on joining, in the state both seats and spectators read."""
    with Client(create_app(["en"], max_budget_ms=2000), raise_server_exceptions=False) as client:
        for field, name, said in (
            ("name", "x" * 10_000, "10,000 characters"),
            ("name", "   ", "empty"),
            ("name", "x" * 33, "at most 32"),
            ("name", "Bob\u202eevil", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
            ("name", "Bob\u2067", "U+2067"),
            ("name", "Bob\x07", "U+0007"),
            ("name", "<script>x</script>", "markup"),
            ("name", "Bob &amp; Al", "markup"),
            ("guest_name", "Bea\u200f", "U+200F"),
        ):
            body = {**INVITE, "seats": "hotseat" if field == "guest_name" else "invite", field: name}
            answer = client.post("/api/games", json=body)
            assert said in refused(answer, 400, "UsageError") and answer.json()["error"]["field"] == field
        made = result(client.post("/api/games", json={**INVITE, "name": '  Ann  <3 & "Co" '}), 201)
        assert made["game"]["names"] == ['Ann <3 & "Co"', ""]
        code = made["invitation"]["code"]
        bad = client.post("/api/join", json={"code": code, "name": "\u202eBruno"})
        assert refused(bad, 400, "UsageError").startswith("name: holds U+202E")
        joined = result(client.post("/api/join", json={"code": code, "name": "Bruno"}))  # the code was not used
        assert joined["game"]["names"] == ['Ann <3 & "Co"', "Bruno"] and joined["game"]["claimed"] == [True, True]
        assert result(client.get(f"/api/games/{made['id']}"))["game"]["names"] == ['Ann <3 & "Co"', "Bruno"]
        hot = result(
            client.post("/api/games", json={**INVITE, "seats": "hotseat", "name": "Hal", "guest_name": "Bea"}), 201
        )
        assert hot["game"]["names"] == ["Hal", "Bea"]
        refused(client.post("/api/games", json={**INVITE, "guest_name": "Bea"}), 400, "UsageError")
        computer = result(
            client.post("/api/games", json={"players": ["greedy", "person"], "name": "Cy", "lexicon": "en"}), 201
        )
        assert computer["game"]["names"] == ["", "Cy"] and computer["game"]["players"][0] == "greedy"


def test_a_refused_name_is_said_in_the_askers_language() -> None:
    """A name's fault is a sentence of the catalogs, said in the language of ``Accept-Language`` (or
    ``?lang=``), the field named: a person who reads French is told in French why its name is refused."""
    with Client(create_app(["en"], max_budget_ms=2000), raise_server_exceptions=False) as client:
        for language, name, said in (
            ("fr", "<b>Ann</b>", "contient du balisage"),
            ("es", "Bob\u202eevil", "contiene U+202E"),
            ("nl", "   ", "leeg: een naam van 1 tot 32 tekens"),
            ("fr", "x" * 10_000, "10\u202f000 caract\u00e8res"),
            ("en", "x" * 33, "33 characters; a name has at most 32"),
        ):
            headers = {"Accept-Language": f"{language},en;q=0.5"}
            answer = client.post("/api/games", json={**INVITE, "name": name}, headers=headers)
            assert said in refused(answer, 400, "UsageError"), answer.json()
            assert answer.json()["error"]["field"] == "name"
        made = result(client.post("/api/games", json={**INVITE, "name": "Ann"}), 201)
        bad = client.post("/api/join?lang=es", json={"code": made["invitation"]["code"], "name": "<i>Bo</i>"})
        assert "contiene marcado" in refused(bad, 400, "UsageError")


def test_a_code_used_twice_and_a_missing_key_are_said_in_the_askers_language() -> None:
    """A reused code (410) and a resignation without a seat's key or with a key of no seat (403) name
    the field at fault and say why in the asker's language, nothing changed."""
    with Client(create_app(["en"], max_budget_ms=2000), raise_server_exceptions=False) as client:
        made = result(client.post("/api/games", json={**INVITE, "name": "Ann"}), 201)
        code, game_id = made["invitation"]["code"], made["id"]
        result(client.post("/api/join", json={"code": code, "name": "Bo"}))
        again = client.post("/api/join", json={"code": code, "name": "Cy"}, headers={"Accept-Language": "fr"})
        assert refused(again, 410, "SeatTaken").startswith("code: Cette place est prise")
        assert again.json()["error"]["field"] == "code"
        keyed = client.post(f"/api/games/{game_id}/resign", json={"key": "x"}, headers={"Accept-Language": "fr"})
        assert refused(keyed, 400, "UsageError") == "key: pas de champ 'key' (les champs\u202f: lang, player)"
        bare = client.post(f"/api/games/{game_id}/resign", json={}, headers={"Accept-Language": "es"})
        assert "no trae X-Seat-Key" in refused(bare, 403, "WrongSeat")
        assert bare.json()["error"]["field"] == "X-Seat-Key"
        wrong = client.post(
            f"/api/games/{game_id}/resign", json={}, headers={"Accept-Language": "nl", "X-Seat-Key": "x" * 43}
        )
        assert "opent geen plaats" in refused(wrong, 403, "WrongSeat")
        state = result(client.get(f"/api/games/{game_id}"))["game"]
        assert not state["over"] and state["names"] == ["Ann", "Bo"]


def test_resign_ends_the_game_for_the_other_and_a_rematch_swaps_the_seats(tmp_path: Path) -> None:
    """A spectator's or a key-less resignation is a 403, nothing changed; a seat's resignation ends the game,
    the other seat the winner, said to the push channel and kept through a restart; a rematch offered by one
    seat and accepted by the other is a new game of the same options, a new seed, the seats (keys and names)
    swapped; the wrong seat's acceptance changes nothing."""
    app = create_app(["en"], data=tmp_path, max_budget_ms=2000)
    with Client(app, raise_server_exceptions=False) as client:
        made = result(client.post("/api/games", json={**INVITE, "name": "Ann", "hints": False}), 201)
        game_id, keys = made["id"], {"A": made["seats"]["A"]["key"]}
        keys["B"] = result(client.post("/api/join", json={"code": made["invitation"]["code"], "name": "Bo"}))["seats"][
            "B"
        ]["key"]
        result(client.post(f"/api/games/{game_id}/actions", json={"action": "draw"}, headers={"X-Seat-Key": keys["A"]}))
        refused(client.post(f"/api/games/{game_id}/resign", json={}), 403, "WrongSeat")
        refused(
            client.post(f"/api/games/{game_id}/rematch", json={}, headers={"X-Seat-Key": keys["A"]}), 409, "GameNotOver"
        )
        wrong = client.post(f"/api/games/{game_id}/resign", json={"player": "B"}, headers={"X-Seat-Key": keys["A"]})
        refused(wrong, 403, "WrongSeat")
        assert result(client.get(f"/api/games/{game_id}"))["game"]["over"] is False
        done = result(client.post(f"/api/games/{game_id}/resign", json={}, headers={"X-Seat-Key": keys["B"]}))
        game = done["game"]
        assert game["over"] and game["winner"] == "A" and game["ending"] == {"player": "B", "kind": "resign"}
        assert game["result_reason"]["code"] == "result_resigned" and game["seed"] == 25 and game["to_act"] is None
        assert done["played"][0]["action"] == "resign" and done["clock"] is None
        again = client.post(f"/api/games/{game_id}/resign", json={}, headers={"X-Seat-Key": keys["A"]})
        refused(again, 409, "GameOver")
        late = client.post(f"/api/games/{game_id}/actions", json={"action": "draw"}, headers={"X-Seat-Key": keys["A"]})
        assert "B resigned" in refused(late, 409, "IllegalActionError")
        polled = result(client.get(f"/api/games/{game_id}/actions?since=1"))
        assert [(a["player"], a["action"]) for a in polled["actions"]] == [("B", "resign")]
        record = result(client.get(f"/api/games/{game_id}/record"))["record"]
        assert record["result"] == "unfinished" and len(record["actions"]) == 1  # the play before it, replayable
        refused(client.post(f"/api/games/{game_id}/rematch", json={}), 403, "WrongSeat")
        offer = result(client.post(f"/api/games/{game_id}/rematch", json={}, headers={"X-Seat-Key": keys["B"]}))
        assert offer["rematch"] == {"offered_by": "B", "game": None} and offer["seat"] is None
        offer = result(client.post(f"/api/games/{game_id}/rematch", json={}, headers={"X-Seat-Key": keys["B"]}))
        assert result(client.get(f"/api/games/{game_id}"))["game"]["rematch"] == {"offered_by": "B", "game": None}
    with Client(create_app(["en"], data=tmp_path, max_budget_ms=2000), raise_server_exceptions=False) as client:
        kept = result(client.get(f"/api/games/{game_id}"))["game"]
        assert kept["ending"] == {"player": "B", "kind": "resign"} and kept["winner"] == "A"
        accepted = result(client.post(f"/api/games/{game_id}/rematch", json={}, headers={"X-Seat-Key": keys["A"]}))
        new_id = accepted["rematch"]["game"]
        assert accepted["seat"] == "B" and new_id and new_id != game_id
        rematch = result(client.get(f"/api/games/{new_id}"))["game"]
        assert rematch["names"] == ["Bo", "Ann"] and rematch["hints"] is False and rematch["actions"] == 0
        assert rematch["claimed"] == [True, True] and rematch["seats"] == "invite"
        refused(
            client.post(f"/api/games/{new_id}/actions", json={"action": "draw"}, headers={"X-Seat-Key": keys["A"]}),
            403,
            "WrongSeat",
        )
        opened = client.post(f"/api/games/{new_id}/actions", json={"action": "draw"}, headers={"X-Seat-Key": keys["B"]})
        assert result(opened)["game"]["actions"] == 1  # the one who was B opens the rematch, with the same key
        same = result(client.post(f"/api/games/{game_id}/rematch", json={}, headers={"X-Seat-Key": keys["B"]}))
        assert same["rematch"]["game"] == new_id and same["seat"] == "A"  # asked again: the same rematch
        computer = result(client.post("/api/games", json={"players": ["person", "greedy"], "lexicon": "en"}), 201)
        ended = result(client.post(f"/api/games/{computer['id']}/resign", json={}))
        assert ended["game"]["winner"] == "B" and ended["game"]["ending"]["player"] == "A"
        refused(client.post(f"/api/games/{computer['id']}/resign", json={"player": "B"}), 403, "WrongSeat")


def sweep(client: Client) -> tuple[int, int]:
    """The server's sweep, run now (the task runs it every minute)."""
    assert client.portal is not None
    service_: Any = client.app.state.service  # type: ignore[attr-defined]
    done: tuple[int, int] = client.portal.call(service_.sweep)
    return done


def test_a_game_days_a_move_is_lost_on_time_by_an_injected_clock_and_kept(tmp_path: Path) -> None:
    """Days a move: the clock of the seat to act with each seat's bank and its deadline; past it (a clock
    moved forward, no waiting), the seat loses on time, said to both and kept; the sweep ends such games by
    itself and forgets finished games past --keep-days; a game days a move survives a restart."""
    day = 86_400.0
    app = create_app(["en"], data=tmp_path, max_budget_ms=2000, keep_days=30)
    service_ = app.state.service
    with Client(app, raise_server_exceptions=False) as client:
        refused(client.post("/api/games", json={**INVITE, "days": 2}), 400, "UsageError")
        refused(client.post("/api/games", json={**INVITE, "days": 3, "window_seconds": 5}), 400, "UsageError")
        game_id, keys, made = invited(client, {**INVITE, "days": 3, "name": "Ann"})
        assert made["clock"]["days"] == 3 and made["invitation"] and made["expires"] > time.time() + 2.9 * day
        now = result(
            client.post(f"/api/games/{game_id}/actions", json={"action": "draw"}, headers={"X-Seat-Key": keys["A"]})
        )
        clock = now["clock"]
        assert clock["to_act"] == now["game"]["to_act"] and clock["bank_s"] == [3 * day, 3 * day]
        assert (
            clock["limit_s"] == 3 * day and 5.9 * day < clock["left_s"] <= 6 * day and clock["deadline"] > time.time()
        )
        service_.now = lambda: time.time() + 4 * day  # past a decision's days: the bank is spent, not yet out
        assert result(client.get(f"/api/games/{game_id}"))["game"]["over"] is False
        service_.now = lambda: time.time() + 6.1 * day
        ended = result(client.get(f"/api/games/{game_id}"))
        loser = ended["played"][0]["player"]
        assert ended["played"][0] == {**ended["played"][0], "action": "out of time", "time_over": True}
        assert ended["game"]["ending"] == {"player": loser, "kind": "out of time"} and ended["game"]["winner"] != loser
        assert ended["game"]["result_reason"]["code"] == "result_out_of_time"
        late = client.post(
            f"/api/games/{game_id}/actions", json={"action": "draw"}, headers={"X-Seat-Key": keys[loser]}
        )
        assert "ran out of time" in refused(late, 409, "IllegalActionError")
        # The sweep: a game nobody reads ends on time by itself; a finished game past the days kept, forgotten.
        service_.now = time.time
        other, _, _ = invited(client, {**INVITE, "days": 1})
        result(client.get(f"/api/games/{other}"))
        service_.now = lambda: time.time() + 2.1 * day
        assert sweep(client) == (1, 0)
        assert result(client.get(f"/api/games/{other}"))["game"]["ending"]["kind"] == "out of time"
        kept, _, _ = invited(client, {**INVITE, "days": 7})
        # An invitation days a move waits its days for B, then is gone; once B is seated, the game is kept
        # while its clock runs, whoever has not acted yet.
        service_.now = time.time
        unanswered = result(client.post("/api/games", json={**INVITE, "days": 1}), 201)["id"]
        seated, _, _ = invited(client, {**INVITE, "days": 1})
        service_.now = lambda: time.time() + 1.5 * day
        refused(client.get(f"/api/games/{unanswered}"), 410, "InvitationExpired")
        assert result(client.get(f"/api/games/{seated}"))["game"]["over"] is False
        service_.now = time.time
    with Client(create_app(["en"], data=tmp_path, max_budget_ms=2000), raise_server_exceptions=False) as client:
        again = result(client.get(f"/api/games/{kept}"))  # a restart keeps a game days a move, and its clock
        assert again["clock"]["days"] == 7 and again["game"]["over"] is False
        restarted = client.app.state.service  # type: ignore[attr-defined]
        restarted.now = lambda: time.time() + 31 * day
        ended_kept, forgotten = sweep(client)
        assert ended_kept == 2  # kept and seated: their days and banks gone, out of time
        assert forgotten >= 2  # the games that ended, 30 days gone on the moved clock
        refused(client.get(f"/api/games/{game_id}"), 404, "UnknownGame")


def test_my_games_lists_the_games_waiting_first_and_the_page_is_installable() -> None:
    """POST /api/mine: the games waiting for the browser's seat first (the least time left first), then the
    others', the finished, the gone; each with the opponent's name and the time left; a bad seat a 400. The
    manifest and the service worker are served at their places, and the page's policy lets them work."""
    with Client(create_app(["en"], max_budget_ms=2000), raise_server_exceptions=False) as client:
        theirs, keys_t, _ = invited(client, {**INVITE, "name": "Ann"})
        result(
            client.post(f"/api/games/{theirs}/actions", json={"action": "draw"}, headers={"X-Seat-Key": keys_t["A"]})
        )
        result(
            client.post(f"/api/games/{theirs}/actions", json={"action": "pass"}, headers={"X-Seat-Key": keys_t["A"]})
        )
        later, _, _ = invited(client, {**INVITE, "days": 7})
        sooner, _, _ = invited(client, {**INVITE, "days": 1})
        computer = result(client.post("/api/games", json={"players": ["person", "greedy"], "lexicon": "en"}), 201)["id"]
        done, keys_d, _ = invited(client, INVITE)
        result(client.post(f"/api/games/{done}/resign", json={}, headers={"X-Seat-Key": keys_d["B"]}))
        asked = [f"{theirs}:A", f"{later}:A", "gone-game:B", f"{done}:A", f"{sooner}:A", f"{computer}:A"]
        mine = result(client.post("/api/mine", json={"games": asked}))
        order = [(row["id"], row["status"]) for row in mine["games"]]
        assert order == [
            (sooner, "yours"),
            (later, "yours"),
            (computer, "yours"),
            (theirs, "theirs"),
            (done, "over"),
            ("gone-game", "gone"),
        ]
        assert mine["next"] == sooner
        rows = {row["id"]: row for row in mine["games"]}
        assert rows[theirs]["opponent"] == "B" and rows[theirs]["names"] == ["Ann", ""]
        assert rows[computer]["opponent"] == "greedy" and rows[sooner]["days"] == 1
        assert 1.9 * 86_400 < rows[sooner]["left_s"] <= 2 * 86_400 and rows[theirs]["left_s"] <= 30  # a Jarnac window
        bad = client.post("/api/mine", json={"games": [f"{theirs}:C"]})
        assert refused(bad, 400, "UsageError").startswith("games:")
        refused(client.post("/api/mine", json={"games": ["x"] * 65}), 400, "UsageError")
        worker = client.get("/sw.js")
        assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")
        assert "worker-src 'self'" in worker.headers["content-security-policy"]
        manifest = client.get("/static/manifest.webmanifest")
        assert manifest.headers["content-type"].startswith("application/manifest+json")
        assert manifest.json()["display"] == "standalone"
        for icon in manifest.json()["icons"]:
            assert client.get(icon["src"]).status_code == 200
