"""The command line's layers: its parser is built from light modules, each command's module is
imported when the command runs, and the names the parser copies are the engine's."""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys

from jarnac_solver.cli import build_parser
from jarnac_solver.cli.parser import PLAYER_NAMES
from jarnac_solver.commands.positions import PRESET_NAMES
from jarnac_solver.moves import jarnac, objectives
from jarnac_solver.moves.rules import PRESETS
from jarnac_solver.play.players import PLAYERS


def test_the_parsers_names_are_the_engines() -> None:
    """The parser's copies of the preset and player names (kept to spare ``check`` the engine's
    import) are the keys of PRESETS and PLAYERS, in order; OBJECTIVES has one home."""
    assert tuple(PRESETS) == PRESET_NAMES
    assert tuple(PLAYERS) == PLAYER_NAMES
    assert jarnac.OBJECTIVES is objectives.OBJECTIVES


def _subparsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found: list[argparse.ArgumentParser] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _subparsers(sub) or [sub]
    return found


def test_every_command_names_a_handler_that_exists() -> None:
    commands = _subparsers(build_parser())
    assert len(commands) == 25  # 18 commands, 5 lexicon commands, 2 nain-jaune commands
    for command in commands:
        module, name = command.get_default("handler")
        path = module if "." in module else f"jarnac_solver.cli.{module}"  # serve: the server layer's
        assert callable(getattr(importlib.import_module(path), name)), (module, name)


def test_check_imports_the_lexicon_layer_only() -> None:
    """The word judge starts fast: no move, game or planning layer, no executors (a fresh process)."""
    code = (
        "import json, sys\n"
        "from jarnac_solver.cli import main\n"
        "status = main(['check', 'ETE'])\n"
        "print(json.dumps([status, sorted(m for m in sys.modules if m.startswith('jarnac_solver'))]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    status, modules = json.loads(done.stdout.splitlines()[-1])
    assert status == 0
    heavy = ("jarnac_solver.game", "jarnac_solver.planning", "jarnac_solver.studies", "jarnac_solver.executors")
    assert not [m for m in modules if m.startswith(heavy)]
    assert [m for m in modules if m.startswith("jarnac_solver.moves")] == [
        "jarnac_solver.moves",
        "jarnac_solver.moves.objectives",
    ]
    assert "jarnac_solver.cli.words" in modules and "jarnac_solver.cli.positions" not in modules
