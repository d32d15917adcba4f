"""Fair draws (docs/rules.md#fair-draws): a game's commitment made from its seed and its bag as the rules write
it, shown in the state and the record, and a record whose seed or bag does not make it refused by the replay,
the audit and the review, naming the line."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import Bag, Draw, Game, GameRecord, Lexicon, Rules, audit, native, play_game
from jarnac_solver.errors import IllegalActionError, InvalidInputError
from jarnac_solver.play.review import review
from jarnac_solver.rng import Pcg32

FR = Lexicon.load("fr")


def _by_the_rules(seed: int, bag: Bag) -> str:
    """The commitment as docs/rules.md says to make it, from the seed and the bag's tiles alone."""
    tiles = bag.tiles()  # alphabet order, each repeated by its count
    Pcg32(seed).shuffle(tiles)
    text = f"jarnac draws 1\nseed {seed}\nbag {' '.join(tiles)}\n"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from(["fr", "en", "nl"]))
def test_the_commitment_is_the_rules_hash_of_the_seed_and_bag(seed: int, name: str) -> None:
    lexicon = Lexicon.load(name)
    game = Game(lexicon, seed=seed)
    assert game.commitment == _by_the_rules(seed, Bag.for_lexicon(lexicon))
    game.push(Draw())
    assert game.commitment == _by_the_rules(seed, Bag.for_lexicon(lexicon))  # made at the start, kept


def test_no_commitment_over_the_board_and_a_fork_commits_to_its_own_bag() -> None:
    assert Game(FR, over_the_board=True).commitment is None
    game = Game(FR, seed=4)
    game.push(Draw())
    assert game.fork(keep_bag=True).commitment == game.commitment
    fork = game.fork(seed=9)
    tiles = [FR.alphabet.tiles[c] for c in fork.state.bag]
    text = f"jarnac draws 1\nseed 9\nbag {' '.join(tiles)}\n"
    assert fork.commitment == hashlib.sha256(text.encode()).hexdigest()
    assert game.view().state.trays == game.state.trays and "commitment" not in dir(game.view())


def test_the_record_states_it_and_a_replay_checks_it() -> None:
    record = play_game(FR, ["greedy", "greedy"], seed=3)
    assert record.commitment == Game(FR, seed=3).commitment
    text = str(record)
    assert f'[Commitment "{record.commitment}"]' in text.splitlines()[3]
    again = GameRecord.parse(text)
    assert again == record and again.commitment_line == 4
    again.replay(FR)
    assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    with native.implementation("pure"):  # the Python path commits to the same draws
        assert play_game(FR, ["greedy", "greedy"], seed=3).commitment == record.commitment
    board = Game(FR, over_the_board=True)
    board.push(Draw(), drawn="EAUTRS")
    assert "[Commitment" not in str(GameRecord.of(board))


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace('[Seed "3"]', '[Seed "4"]'),  # another seed: its own draws, not the committed ones
        lambda t: t.replace('[Bag "fr"]', '[Bag "en"]'),  # another bag
    ],
)
def test_a_record_whose_draws_do_not_match_is_refused_naming_the_line(change: object) -> None:
    text = str(play_game(FR, ["greedy", "greedy"], seed=3))
    changed = change(text)  # type: ignore[operator]
    assert changed != text
    record = GameRecord.parse(changed)
    with pytest.raises(IllegalActionError, match=r"^line 4: the draws do not match the commitment: seed"):
        record.replay(FR)
    with pytest.raises(IllegalActionError, match="line 4: the draws do not match"):
        audit(GameRecord.parse(changed), FR)
    with pytest.raises(IllegalActionError, match="line 4: the draws do not match"):
        review(GameRecord.parse(changed), FR, playouts=2)


def test_a_malformed_or_misplaced_commitment_is_refused() -> None:
    text = str(play_game(FR, ["greedy", "greedy"], seed=3, max_actions=6, stop_at_limit=True))
    commitment = GameRecord.parse(text).commitment
    with pytest.raises(InvalidInputError, match="line 4: a commitment is a SHA-256 in 64 hexadecimal digits"):
        GameRecord.parse(text.replace(commitment, "abc"))
    assert GameRecord.parse(text.replace(commitment, commitment.upper())).commitment == commitment
    board = GameRecord.parse(text.replace('[Seed "3"]', '[Seed "-"]'))  # the draws written out: checked as such
    assert board.replay(FR).state.trays == GameRecord.parse(text).replay(FR).state.trays
    with pytest.raises(InvalidInputError, match="a commitment is a SHA-256"):
        GameRecord.from_dict({**GameRecord("fr", Rules(), 1).to_dict(), "commitment": "x"})


def test_the_service_shows_the_commitment_from_the_start_and_the_seed_at_the_end() -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from jarnac_solver.server.app import create_app

    from .service_client import Client

    with Client(create_app(["fr"])) as client:
        made = client.post("/api/games", json={"players": ["person", "greedy"], "seed": 11, "lexicon": "fr"})
        assert made.status_code == 201, made.text
        body = made.json()
        state = body.get("game", body.get("result", {}).get("game"))
        assert state["commitment"] == Game(FR, seed=11).commitment and state["seed"] is None


REFUSED = {
    "en": ("line 4", "the draws do not match the commitment: seed 4 and this bag make"),
    "fr": ("ligne 4", "les tirages ne correspondent pas à l'engagement\u202f: la graine 4 et ce sac donnent"),
    "es": ("línea 4", "los robos no corresponden al compromiso: la semilla 4 y esta bolsa dan"),
    "nl": ("regel 4", "de trekkingen kloppen niet met de vastlegging: seed 4 en deze zak geven"),
}
"""The refusal of a record whose draws do not match its commitment, as each language says it (the line, the
sentence)."""


@pytest.mark.parametrize("language", sorted(REFUSED))
def test_the_refusal_is_said_in_the_readers_language(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from jarnac_solver.cli import main

    text = str(play_game(FR, ["greedy", "greedy"], seed=3)).replace('[Seed "3"]', '[Seed "4"]')
    line, sentence = REFUSED[language]
    with pytest.raises(IllegalActionError) as refused:
        GameRecord.parse(text).replay(FR)
    assert refused.value.reason is not None
    said = refused.value.reason.text(language)
    assert said.startswith(line) and sentence in said, said
    assert str(refused.value) == refused.value.reason.text("en")  # the exception's own text: English
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    for command in (["replay"], ["audit"], ["review", "--playouts", "2"]):
        assert main([command[0], str(path), *command[1:], "--lang", language]) == 2, command
        err = capsys.readouterr().err
        assert sentence in err and line in err, (command, err)
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from jarnac_solver.server.app import create_app

    from .service_client import Client

    with Client(create_app(["fr"])) as client:
        answer = client.post("/api/audit", json={"text": text}, headers={"Accept-Language": language})
        assert answer.status_code == 400, answer.text
        message = answer.json()["error"]["message"]
        assert sentence in message and line in message, message
