"""A command's options built from its request's model (:mod:`jarnac_solver.commands.model`), and its request
read back from the parsed arguments: the one declaration the service validates its body against.

Key idea: a field is a positional argument (:class:`~jarnac_solver.commands.model.Positional`; a tuple takes
one or more) or an option ``--name-with-dashes``; its help and metavar are the model's; a number's bounds
(:class:`~jarnac_solver.commands.model.Range`) are checked as argparse reads it. The bounds of a body's size
(a list's items, a text's characters) are the service's: the command line reads what the shell gives it.
"""

from __future__ import annotations

import argparse
import typing
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from ..commands.model import Range, Spec, specs

R = TypeVar("R")


def _number(spec: Spec, kind: Callable[[str], float]) -> Callable[[str], float]:
    bounds = spec.bound(Range) or Range()

    def read(text: str) -> float:
        value = kind(text)
        if (bounds.low is not None and value < bounds.low) or (bounds.high is not None and value > bounds.high):
            low = "" if bounds.low is None else f"{bounds.low:g}"
            high = "" if bounds.high is None else f"{bounds.high:g}"
            raise argparse.ArgumentTypeError(f"{text} is out of range: from {low} to {high}".replace("from  to ", ""))
        return value

    read.__name__ = kind.__name__  # argparse names the type in its message: "invalid int value"
    return read


def add_arguments(parser: argparse.ArgumentParser, request: type[Any], given: Collection[str] = ()) -> None:
    """``request``'s fields as ``parser``'s arguments, but those ``given`` (a parent parser's already)."""
    for spec in specs(request):
        if spec.name in given:
            continue
        helped = spec.help
        options: dict[str, Any] = {"help": helped.text}
        if helped.metavar:
            options["metavar"] = helped.metavar
        many = typing.get_origin(spec.annotation) is tuple
        base = typing.get_args(spec.annotation)[0] if many else spec.annotation
        if base in (int, float):
            options["type"] = _number(spec, base)
        elif base is bool:
            options["action"] = "store_true"
        if spec.positional:
            if many:
                options["nargs"] = "+"
            parser.add_argument(spec.name, **options)
        else:
            if many:
                options["nargs"] = "+"
            if not spec.required:
                options["default"] = spec.default
            parser.add_argument(f"--{spec.name.replace('_', '-')}", dest=spec.name, **options)


def request_of(args: argparse.Namespace, request: type[R]) -> R:
    """The request the parsed ``args`` say (a list given as a tuple, as the model declares it)."""
    values = {}
    for spec in specs(request):
        value = getattr(args, spec.name)
        values[spec.name] = tuple(value) if isinstance(value, list) else value
    return request(**values)
