"""Explanations as data: the catalogs hold every code in every language, compiled as shipped, and a reason
rendered from its code is the text the library gave (jarnac_solver.messages, locales/)."""

from __future__ import annotations

import gettext
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jarnac_solver import Lexicon, Tray
from jarnac_solver.errors import IllegalActionError, located
from jarnac_solver.messages import (
    LANGUAGES,
    MESSAGES,
    Reason,
    from_accept_language,
    from_environment,
    render,
    speaking,
    translation,
)
from jarnac_solver.messages.reason import LOCALE_DIR, fill, plural_count
from jarnac_solver.planning.advice import advise_position

ROOT = Path(__file__).resolve().parent.parent


def _build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("locales_build", ROOT / "locales" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


BUILD = _build()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_has_a_translated_message_with_the_same_placeholders(language: str) -> None:
    header, entries = BUILD.read_po(BUILD.po_path(language))
    assert BUILD.check(language, header, entries) == []
    assert {e.context for e in entries} == set(MESSAGES)


def test_a_catalog_fault_is_found() -> None:
    """The check is not vacuous: a dropped placeholder, an empty plural form and a missing code are each named."""
    header, entries = BUILD.read_po(BUILD.po_path("fr"))
    by_code = {e.context: e for e in entries}
    by_code["points_now"].strings = ["+ maintenant", "+{points} pts maintenant"]
    by_code["jarnac_gain"].strings = ["+{points} pt pour vous", ""]
    faults = BUILD.check("fr", header, [e for e in entries if e.context != "clean_pass"])
    assert any("points_now has" in f for f in faults)
    assert any("jarnac_gain is untranslated" in f for f in faults)
    assert any("no message for clean_pass" in f for f in faults)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_catalogs_are_a_fresh_compile_of_the_sources(language: str) -> None:
    assert BUILD.mo_path(language).read_bytes() == BUILD.compiled(language)
    assert BUILD.mo_path(language).is_relative_to(LOCALE_DIR)


SAME_AS_ENGLISH = {
    "fr": {"page.sections", "page.tab_audit", "page.player_sim", "page.name_sim", "cli.n_points", "page.seat_tray"}
    | {"cli.match_jarnacs", "page.time_hm", "page.tab_quiz", "page.practice_kind"},
    "es": {"cli.match_jarnacs", "page.time_hm", "practice.say_no", "page.practice_no"},
    "nl": {"page.lexicon", "page.call_jarnac", "page.window_call", "page.player_ladder", "page.name_ladder"}
    | {"page.name_planner", "cli.check_lexicon", "cli.in_lexicon", "cli.n_letters", "cli.match_jarnacs"}
    | {"cli.show_seed", "page.tc_live", "page.tab_quiz", "page.practice_kind", "page.practice_length"},
}
"""The words a language writes as English does (Audit, simulations, pts, points, jarnacs; lexicon, ladders, planner,
letters, "in", seed, live in Dutch; hours and minutes, h and min, in French and Spanish; no in Spanish; quiz in French
and Dutch)."""


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_no_message_is_left_in_english(language: str) -> None:
    """Every message that holds words (not only notation, as ``{move} (+{points})``) differs from its English."""
    same = {
        code
        for code in MESSAGES
        if render(code, _values(code), language) == render(code, _values(code))
        and re.search(r"[A-Za-z]{2}", re.sub(r"\{[^}]*\}", "", MESSAGES[code].singular))
    }
    assert same == SAME_AS_ENGLISH[language]


def _values(code: str, n: int = 2) -> dict[str, int | float | str]:
    message = MESSAGES[code]
    floats = set(re.findall(r"\{(\w+):\+?\.\d+f\}", message.singular))
    return {name: float(n) if name in floats else n for name in message.placeholders}


def test_plurals_follow_each_languages_rule() -> None:
    said = {lang: [Reason("points_now", {"points": n}).text(lang) for n in (0, 1, 2)] for lang in LANGUAGES}
    assert said["en"] == ["+0 pts now", "+1 pt now", "+2 pts now"]
    assert said["fr"] == ["+0 pt maintenant", "+1 pt maintenant", "+2 pts maintenant"]  # French: 0 is singular
    assert said["es"] == ["+0 ptos. ahora", "+1 pto. ahora", "+2 ptos. ahora"]
    assert said["nl"] == ["+0 punten nu", "+1 punt nu", "+2 punten nu"]
    for lang in LANGUAGES:
        catalog = translation(lang)
        assert isinstance(catalog, gettext.GNUTranslations)  # English too is read from its catalog
        assert plural_count(1.5) == 2 and plural_count(1.0) == 1


def test_french_says_the_club_players_words() -> None:
    assert Reason("clean_pass").text("fr") == "une passe nette\u202f: il ne restait aucun coup"
    left = Reason("audit_summary", dict.fromkeys(MESSAGES["audit_summary"].placeholders, 1) | {"player": "A"})
    assert "passes avec un coup restant\u202f: 1 sur 1" in left.text("fr")
    assert Reason("audit_declined", {"thief": "B", "missed": 1}).text("fr") == "B n'a rien dit\u202f: 1 point manqué"


@given(st.sampled_from(sorted(MESSAGES)), st.sampled_from(LANGUAGES), st.integers(0, 3))
def test_a_reason_renders_its_code_in_every_language(code: str, language: str, n: int) -> None:
    reason = Reason(code, _values(code, n))
    text = reason.text(language)
    assert "{" not in text.replace("'{'", "").replace("« { »", "").replace("«{»", "").replace("«\u202f{\u202f»", "")
    assert reason.to_dict(language) == {"code": code, "values": reason.data()["values"], "text": text}
    with speaking(language):
        assert str(reason) == text


def test_a_nested_reason_is_rendered_in_the_same_language() -> None:
    reason = Reason("decline_ends", {"lead": Reason("lead_behind", {"points": 1})})
    assert reason.text("fr") == "ne rien dire finit la partie\u202f: vous seriez mené de 1 pt"
    assert reason.data() == {
        "code": "decline_ends",
        "values": {"lead": {"code": "lead_behind", "values": {"points": 1}}},
    }


def test_a_reason_takes_exactly_its_messages_values() -> None:
    with pytest.raises(KeyError, match="takes"):
        Reason("points_now", {})
    with pytest.raises(KeyError, match="no message"):
        Reason("no_such_code")
    with pytest.raises(ValueError, match="language must be one of"):
        Reason("clean_pass").text("de")


def test_decimals_use_the_languages_separator() -> None:
    assert fill("{x:.1f} {y:+.1f}", {"x": 1.5, "y": -0.5}, "en") == "1.5 -0.5"
    assert fill("{x:.1f} {y:+.1f}", {"x": 1.5, "y": -0.5}, "nl") == "1,5 -0,5"


def test_the_advice_s_text_is_rendered_from_its_codes() -> None:
    """Each reason of a real advice is its code and values; said in French it holds no English sentence."""
    fr = Lexicon.load("fr")
    advice = advise_position(fr, Tray.parse("/ ATONERLS"), Tray.parse("RAT /"), list("EEAIUSNRT"), top=3)
    english = {r.text("en") for o in advice.options for r in o.reasons}
    for option in advice.options:
        for reason in option.reasons:
            said = reason.to_dict("fr")
            assert Reason(said["code"], reason.values).text("fr") == said["text"] != reason.text("en")
            assert said["text"] not in english
    ladder = next(r for o in advice.options for r in o.reasons if r.code == "ladder_then")
    assert re.fullmatch(r"\d: [A-Z]+( · \d: [A-Z]+)*", str(ladder.values["steps"]))


def test_an_error_carries_its_reason_and_keeps_it_when_located() -> None:
    exc = IllegalActionError(Reason("error_word_not_in_lexicon", {"word": "RTAS", "lexicon": "fr"}))
    where = located(exc, Reason("audit_game_number", {"number": 2}))
    assert str(where) == "game 2: RTAS is not in the lexicon fr"
    assert where.message("es") == "partida 2: RTAS no está en el léxico fr"
    assert where.reason is not None and where.reason.values["error"] == exc.reason


def test_the_reader_s_language_is_read_as_gettext_and_browsers_do() -> None:
    assert from_environment({"LANGUAGE": "nl_BE:fr", "LANG": "fr_FR.UTF-8"}) == "nl"
    assert from_environment({"LC_ALL": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"}) == "es"
    assert from_environment({"LANG": "de_DE.UTF-8"}) == "en" and from_environment({"LANG": "C.UTF-8"}) == "en"
    assert from_accept_language("fr-CH, fr;q=0.9, en;q=0.8") == "fr"
    assert from_accept_language("de;q=1, nl;q=0.5, es;q=0.7") == "es"
    assert from_accept_language("en;q=0, nl") == "nl" and from_accept_language("x" * 5000) is None


@pytest.mark.parametrize("rack", ["", "ZW"])
def test_a_move_the_rack_cannot_make_is_refused_in_each_language(rack: str) -> None:
    """The rack's letters or its emptiness said in the reader's language, the codes the same."""
    from jarnac_solver import IllegalMoveError, Move, Tray

    tray = Tray.parse(f"RAT / {rack}")
    with pytest.raises(IllegalMoveError) as raised:
        tray.push(Move.parse("+QUE", tray.alphabet))
    reason = raised.value.reason
    assert reason is not None and reason.code == ("error_rack_lacks" if rack else "error_rack_lacks_empty")
    english, french = raised.value.message("en"), raised.value.message("fr")
    assert english.startswith("+QUE needs EQU from the rack") and french.startswith("+QUE demande EQU")
    assert (rack in english) if rack else english.endswith("which is empty")
