"""The command line's own sentences in the reader's language: the headings and summaries of its listings,
its usage errors and the part of an input an error points at; not one English sentence of the catalogs."""

from __future__ import annotations

import pytest

from jarnac_solver.cli import main
from jarnac_solver.messages import MESSAGES

from .test_page_languages import english_fragments

COMMANDS = [
    ["moves", "RAT / ESIN", "--lexicon", "fr"],
    ["plan", "/ RATESINL", "--lexicon", "fr"],
    ["words", "AEINRST", "--lexicon", "fr", "--limit", "5"],
    ["words", "AEINRST", "--lexicon", "fr", "--familiarity", "--limit", "3"],
    ["extend", "RAT", "ES", "--lexicon", "fr"],
    ["search", "R?T", "--lexicon", "fr", "--not-in", "en", "--limit", "3"],
    ["hooks", "RAT", "TRA", "--lexicon", "fr", "--limit", "1"],
    ["check", "RAT", "--lexicon", "fr"],
    ["check", "RAT", "--lexicon", "fr,en"],
    ["play", "--list-players"],
]


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_the_listings_say_no_english_sentence(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    english = english_fragments(language)
    for command in COMMANDS:
        assert main([*command, "--lang", language]) in (0, 1), command
        out = capsys.readouterr().out
        assert out.strip(), command
        assert [f for f in english if f in out] == [], command


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_a_usage_error_and_a_bad_tile_are_said_in_the_language(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    english = english_fragments(language)
    for command in (
        ["words", "AEINRST", "--mark", ","],
        ["moves", "RA1 / ES"],
        ["check", "RAT1"],
    ):
        assert main([*command, "--lang", language]) == 2, command
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and [f for f in english if f in err] == [], (command, err)
    assert main(["moves", "RA1 / ES", "--lang", language]) == 2
    assert {"fr": "la ligne 1 du plateau", "es": "la fila 1 del tablero", "nl": "rij 1 van het bord"}[language] in (
        capsys.readouterr().err
    )


def test_the_command_lines_messages_are_in_the_catalogs() -> None:
    """Each code the command line says is in MESSAGES (and so, by the catalog tests, in every language)."""
    assert {"cli.moves_header", "cli.listing_header", "what.tray_line"} <= set(MESSAGES)
