"""A command's options built from its request's model (:mod:`jarnac_solver.commands.model`), and its request
read back from the parsed arguments: the one declaration the service validates its body against.

Key idea: a field is a positional argument (:class:`~jarnac_solver.commands.model.Positional`; a tuple takes
one or more) or an option ``--name-with-dashes``; its help and metavar are the model's; a number's bounds
(:class:`~jarnac_solver.commands.model.Range`) are checked as argparse reads it, a choice's values
(:class:`~jarnac_solver.commands.model.OneOf`) are its ``choices``. A bound the service adds
(:class:`~jarnac_solver.commands.model.Served`) is not the command line's: it reads what its user gives it.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from ..commands.model import Budget, Named, OneOf, Range, Reads, Span, SpanError, Spec, specs
from ..messages import Reason

R = TypeVar("R")


def whole(text: str) -> int:
    """A whole number as an option gives it, or argparse's error naming it."""
    if len(text) > 100:  # Python reads at most 4,300 digits; the line says the start of what was given
        raise argparse.ArgumentTypeError(f"{text[:20]!r}... ({len(text):,} characters) is too long for a whole number")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def whole_in(low: int, high: int | None = None, unit: str = "") -> Callable[[str], int]:
    """A parser of a whole number from ``low`` to ``high`` (``None``: no upper bound); ``unit`` names it."""

    def parse(text: str) -> int:
        value = whole(text)
        if value < low or (high is not None and value > high):
            bound = f"at least {low}" if high is None else f"{low} to {high}"
            raise argparse.ArgumentTypeError(f"{value}{unit}: give {bound}")
        return value

    return parse


def number_in(low: float, high: float, what: str) -> Callable[[str], float]:
    """A parser of a number from ``low`` to ``high`` (refusing nan and inf), ``what`` naming it in errors."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text!r}: {what} is from {low:g} to {high:g}")
        return value

    return parse


def budget_in(budget: Budget) -> Callable[[str], float]:
    """The parser of ``--budget MS``: a number of milliseconds above ``budget.above`` and at most ``budget.most``
    (the bounds the service's body has)."""
    what = "a number of milliseconds"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not budget.above < value <= budget.most:
            raise argparse.ArgumentTypeError(f"{text!r}: {what} is above {budget.above:g} and at most {budget.most:g}")
        return value

    return parse


def _number(spec: Spec) -> Callable[[str], float]:
    """The parser of a number option, its bounds the model's (a whole number's as :func:`whole_in` says them,
    another's as :func:`number_in`, named by its :class:`~jarnac_solver.commands.model.Named`)."""
    bounds = spec.bound(Range) or Range()
    if spec.base is int:
        low = int(bounds.low) if bounds.low is not None else -(10**100)
        return whole_in(low, int(bounds.high) if bounds.high is not None else None, bounds.unit)
    named = spec.bound(Named)
    least = bounds.low if bounds.low is not None else -math.inf
    most = bounds.high if bounds.high is not None else math.inf
    return number_in(least, most, named.what if named else "a number")


def _read(read: Callable[[str], str]) -> Callable[[str], str]:
    """A text the library reads, its :class:`ValueError` argparse's error."""

    def parse(text: str) -> str:
        try:
            return read(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def span_of(bound: Span) -> Callable[[str], str]:
    """The parser of a range's text (:class:`~jarnac_solver.commands.model.Span`), its fault said in English
    as argparse says its own (the language is chosen after the options are read)."""

    def read(text: str) -> str:
        try:
            return bound.read(text)
        except SpanError as exc:
            raise argparse.ArgumentTypeError(Reason(exc.code, exc.values).text("en")) from None

    return read


def _add_budget(parser: argparse.ArgumentParser, spec: Spec, budget: Budget) -> None:
    """``--budget MS`` and ``--exact`` (no limit: ``math.inf``), the one or the other."""
    group = parser.add_mutually_exclusive_group()
    helped = spec.help
    group.add_argument(
        "--budget",
        dest=spec.name,
        type=budget_in(budget),
        metavar=helped.metavar,
        help=helped.text,
    )
    group.add_argument("--exact", dest=spec.name, action="store_const", const=math.inf, help=budget.exact)


def add_arguments(parser: argparse.ArgumentParser, request: type[Any], given: Collection[str] = ()) -> None:
    """``request``'s fields as ``parser``'s arguments, but those ``given`` (a parent parser's already)."""
    for spec in specs(request):
        if spec.name in given:
            continue
        budget = spec.bound(Budget)
        if budget is not None:
            _add_budget(parser, spec, budget)
            continue
        helped = spec.help
        options: dict[str, Any] = {"help": helped.text}
        if helped.metavar:
            options["metavar"] = helped.metavar
        many, base = spec.many, spec.base
        choices = spec.bound(OneOf)
        if choices is not None:
            options["choices"] = choices.values
        if base in (int, float):
            options["type"] = _number(spec)
        elif base is bool:
            options["action"] = "store_true"
        reads, span = spec.bound(Reads), spec.bound(Span)
        if reads is not None:
            options["type"] = _read(reads.read)
        if span is not None:
            options["type"] = span_of(span)
        if spec.positional:
            if many:
                options["nargs"] = "+"
            parser.add_argument(spec.name, **options)
        else:
            if many:  # an option given once per value (--mark en --mark nl)
                options["action"] = "append"
            if not spec.required:
                options["default"] = spec.default
            parser.add_argument(spec.option, dest=spec.name, **options)


def request_of(args: argparse.Namespace, request: type[R]) -> R:
    """The request the parsed ``args`` say (a list given as a tuple, as the model declares it)."""
    values = {}
    for spec in specs(request):
        value = getattr(args, spec.name)
        values[spec.name] = tuple(value) if isinstance(value, list) else value
    return request(**values)
