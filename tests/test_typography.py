"""Each language's typography in its catalog: French's narrow no-break space before : ; ? ! and inside « »,
Spanish's opening ¿ and ¡, Dutch's unspaced punctuation and its own quotation marks (locales/typography.py,
the rules and the fixer; the catalogs' every translation checked here)."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def typography() -> ModuleType:
    spec = importlib.util.spec_from_file_location("locales_typography", ROOT / "locales" / "typography.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rules_hold_their_examples() -> None:
    assert doctest.testmod(typography()).failed == 0


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_every_translation_follows_its_languages_typography(language: str) -> None:
    module = typography()
    said = module.translations(language)
    assert len(said) > 500
    faults = [
        f"{language}.po:{line}: {fault}: {text!r}" for line, text in said for fault in module.faults(language, text)
    ]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize(
    ("language", "text", "fault"),
    [
        ("fr", "Refusé : non", "narrow no-break space"),
        ("fr", "Jarnac!", "narrow no-break space"),
        ("fr", "« Réglages »", "narrow no-break space"),
        ("es", "Sin jugadas?", "¿"),
        ("es", "Jarnac!", "¡"),
        ("nl", "Klaar !", "a space"),
        ("nl", "« Woord »", "guillemets"),
    ],
)
def test_a_fault_is_found(language: str, text: str, fault: str) -> None:
    assert any(fault in found for found in typography().faults(language, text)), (language, text)


def test_a_placeholder_is_never_touched() -> None:
    module = typography()
    assert module.fix("fr", "{mean:+.1f} à {n:,}") == "{mean:+.1f} à {n:,}"
    assert module.fix("fr", "1:RAT+S=RATS") == "1:RAT+S=RATS"  # the notation has no space after its colon
