"""When a quiz card comes back: FSRS (the ``fsrs`` package, the ``practice`` extra) or Leitner boxes.

A card's schedule is a JSON-ready dict (its *state*, which a store keeps as it is) and a due time. Both
schedulers read and write it the same way (:class:`Scheduler`), so a store holds either:

- **FSRS** (:class:`FsrsScheduler`): the Free Spaced Repetition Scheduler, v6, through the ``fsrs``
  package (py-fsrs, MIT): each card's memory state (stability, difficulty) is updated by every answer
  graded ``again``, ``hard``, ``good`` or ``easy``, and its next interval is the one at which it predicts a
  90% chance of recall. The interval fuzz (a random few percent) is off, so a review is deterministic.
  Chosen as the default where installed: each card's interval follows a model of that card's memory
  (fitted by its authors on a large body of real reviews) where boxes use the same fixed intervals for
  every card; Aerolith's WordVault schedules word cards with it.
- **Leitner boxes** (:class:`LeitnerScheduler`, pure Python, always there): Zyzzyva's cardbox idea. A card
  climbs one box a right answer (two when ``easy``, none when ``hard``) and falls to the first on a
  miss; box *n* comes back after :data:`LEITNER_DAYS` [*n*] days (a miss: in :data:`RELEARN` minutes).

:func:`make_scheduler` gives FSRS when the package imports, else Leitner (``"fsrs"`` asked for without
the package: :class:`~jarnac_solver.errors.MissingExtraError`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Protocol

from ..errors import InvalidInputError, MissingExtraError
from ..integers import is_whole

__all__ = [
    "GRADES",
    "LEITNER_DAYS",
    "RELEARN",
    "SCHEDULERS",
    "FsrsScheduler",
    "LeitnerScheduler",
    "Scheduler",
    "make_scheduler",
]

GRADES = ("again", "hard", "good", "easy")
"""How an answer went: missed, right with effort, right, right at once (FSRS's ratings 1 to 4)."""

SCHEDULERS = ("auto", "fsrs", "leitner")

LEITNER_DAYS = (0, 1, 3, 7, 14, 30, 60, 120)
"""Days before a card of box *n* (from 1) comes back; box 0 is a new card (due at once)."""

RELEARN = 10
"""Minutes before a missed card comes back (Leitner)."""


class Scheduler(Protocol):
    """What a quiz's store needs of a scheduler."""

    name: str

    def new(self, now: dt.datetime) -> tuple[dict[str, Any], dt.datetime]:
        """A new card's state, and when it is due (now)."""
        ...

    def review(self, state: dict[str, Any], grade: str, now: dt.datetime) -> tuple[dict[str, Any], dt.datetime]:
        """The state after an answer graded ``grade`` at ``now``, and when the card is due next."""
        ...


def _grade(grade: str) -> int:
    if grade not in GRADES:
        raise InvalidInputError(f"a grade is one of {', '.join(GRADES)}, not {grade!r}")
    return GRADES.index(grade) + 1


def _utc(now: dt.datetime) -> dt.datetime:
    if not isinstance(now, dt.datetime) or now.tzinfo is None:
        raise InvalidInputError(f"a time must be a datetime with its time zone, not {now!r}")
    return now.astimezone(dt.timezone.utc)


class LeitnerScheduler:
    """Leitner boxes (module docstring): the state is ``{"box": n}``.

    >>> s = LeitnerScheduler()
    >>> now = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    >>> state, due = s.new(now)
    >>> state, due = s.review(state, "good", now)
    >>> state, (due - now).days
    ({'box': 1}, 1)
    >>> state, due = s.review(state, "easy", due)
    >>> state, s.review(state, "again", due)[0]
    ({'box': 3}, {'box': 0})
    """

    name = "leitner"

    def new(self, now: dt.datetime) -> tuple[dict[str, Any], dt.datetime]:
        return {"box": 0}, _utc(now)

    def review(self, state: dict[str, Any], grade: str, now: dt.datetime) -> tuple[dict[str, Any], dt.datetime]:
        rating = _grade(grade)
        box = state.get("box", 0)
        if not is_whole(box) or not 0 <= box < len(LEITNER_DAYS):
            raise InvalidInputError(f"a Leitner card's box is 0 to {len(LEITNER_DAYS) - 1}, not {box!r}")
        now = _utc(now)
        if rating == 1:
            return {"box": 0}, now + dt.timedelta(minutes=RELEARN)
        step = {2: 0, 3: 1, 4: 2}[rating]
        box = min(len(LEITNER_DAYS) - 1, max(1, box + step))
        return {"box": box}, now + dt.timedelta(days=LEITNER_DAYS[box])


class FsrsScheduler:
    """FSRS through the ``fsrs`` package (module docstring): the state is its ``Card.to_dict()``."""

    name = "fsrs"

    def __init__(self) -> None:
        try:
            import fsrs
        except ImportError:
            raise MissingExtraError(
                "FSRS scheduling needs the fsrs package: pip install 'jarnac-solver[practice]' (or use Leitner boxes)"
            ) from None
        self._fsrs = fsrs
        self._scheduler = fsrs.Scheduler(enable_fuzzing=False)

    def new(self, now: dt.datetime) -> tuple[dict[str, Any], dt.datetime]:
        now = _utc(now)
        card = self._fsrs.Card(card_id=0, due=now)
        return dict(card.to_dict()), now

    def review(self, state: dict[str, Any], grade: str, now: dt.datetime) -> tuple[dict[str, Any], dt.datetime]:
        rating = self._fsrs.Rating(_grade(grade))
        try:
            card = self._fsrs.Card.from_dict(state)  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInputError(f"not an FSRS card's state: {exc}") from None
        card, _ = self._scheduler.review_card(card, rating, _utc(now))
        return dict(card.to_dict()), card.due


def make_scheduler(name: str = "auto") -> Scheduler:
    """``fsrs``, ``leitner``, or ``auto``: FSRS when the ``fsrs`` package is installed, else Leitner boxes."""
    if name not in SCHEDULERS:
        raise InvalidInputError(f"a scheduler is one of {', '.join(SCHEDULERS)}, not {name!r}")
    if name == "leitner":
        return LeitnerScheduler()
    if name == "fsrs":
        return FsrsScheduler()
    try:
        return FsrsScheduler()
    except MissingExtraError:
        return LeitnerScheduler()
