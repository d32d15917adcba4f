"""The service: its :class:`~.core.Core` and the running of its live games: the computer's turns, the
clocks of the games between people (a seat out of time acted for), the sweep of the games days a move and
of the finished games past their days, the Web Push of a turn.

Key idea: a game's state is computed once per action and language (:meth:`Service.state_of`, a bounded
cache the push streams share); every change is committed to the store before it is answered, inside the
game's lock (:meth:`~.core.Core.one_at_a_time`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette

from . import language, live
from .answers import ServiceError
from .contract import LIGHT_BUDGET_MS
from .core import Core

log = logging.getLogger(__name__)

SWEEP_BATCH = 500
"""The most games one sweep ends or forgets (the rest at the next)."""


class Service(Core):
    """The service's state and the running of its live games (the endpoints are ``routes/``'s functions)."""

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The app's life: at its end the worker pools are shut down and the store closed (its lock freed)."""
        self.notifier.attach(asyncio.get_running_loop())
        sweeper = asyncio.get_running_loop().create_task(self._sweeping())
        try:
            yield
        finally:
            sweeper.cancel()
            self.limits.close()
            self.lanes.close()
            self.store.close()

    async def state_of(self, game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> dict[str, Any]:
        """The game's state (:func:`.live.current_state`), computed once for its actions and language."""
        key = (game_id, len(entries), language.current(), spec.names, spec.claimed(1), spec.rematch)
        found = self.states.get(key)
        if found is None:
            found = await self.call("state", game_id, spec, entries)
            if len(self.states) >= 4096:  # a bound: the oldest half goes
                for old in list(self.states)[:2048]:
                    del self.states[old]
            self.states[key] = found
        return found

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_s)
            try:
                await self.sweep()
            except Exception:  # a store down a while: the next sweep tries again
                log.exception("the sweep of the games failed")

    async def sweep(self) -> tuple[int, int]:
        """End the games days a move whose seat to act ran out of time (found by their deadline, each checked
        again on its actions' times), and forget the finished games past :attr:`keep_days`: how many of each."""
        ended = 0
        for game_id in await anyio.to_thread.run_sync(self.store.due, self.now(), SWEEP_BATCH):

            async def work(game_id: str = game_id) -> int:
                try:
                    spec, entries = await self.stored(game_id)
                except ServiceError:  # forgotten meanwhile
                    return 0
                return len(await self.out_of_time(game_id, spec, entries))

            ended += await self.one_at_a_time(game_id, work)
        before = self.now() - self.keep_days * live.DAY_S
        forgotten = await anyio.to_thread.run_sync(self.store.forget_finished, before, SWEEP_BATCH)
        return ended, len(forgotten)

    async def clock_of(
        self, game_id: str, spec: live.GameSpec, entries: list[live.Entry], state: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The clock of the seat to act: a game days a move's (its bank's, :func:`.live.correspondence`; its
        deadline kept in the store for the sweep), else between invited people the live one."""
        if spec.days is None:
            return self.clock(game_id, spec, state) if spec.invited else None
        times = await anyio.to_thread.run_sync(self.store.times, game_id)
        found = live.correspondence(spec, entries, times, state["to_act"], self.now())
        assert found is not None
        found["phase"] = state["phase"]
        deadline = None if state["over"] else found["deadline"]
        if game_id not in self.deadlines or self.deadlines[game_id] != deadline:
            await anyio.to_thread.run_sync(self.store.set_deadline, game_id, deadline)
            if len(self.deadlines) >= 4096:  # a bound: the oldest half goes (written again when asked)
                for old in list(self.deadlines)[:2048]:
                    del self.deadlines[old]
            self.deadlines[game_id] = deadline
        return found

    async def out_of_time(self, game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> list[dict[str, Any]]:
        """A game days a move whose seat to act is past its deadline: ended, that seat out of time (kept as the
        game's last action); what it played. ``entries`` grows by it."""
        state = await self.state_of(game_id, spec, entries)
        if state["over"]:
            return []
        clock = await self.clock_of(game_id, spec, entries, state)
        if clock is None or clock["deadline"] is None or self.now() <= clock["deadline"]:
            return []
        entry: live.Entry = ("AB".index(state["to_act"]), live.OUT_OF_TIME, "")
        await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), [entry], True)
        entries.append(entry)
        said = {"player": state["to_act"], "action": live.OUT_OF_TIME, "drew": "", "scores": state["scores"]}
        return [{**said, "gained": 0, "time_over": True}]

    async def on_time(self, game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> list[dict[str, Any]]:
        """Between invited people: the time-over action of a person past their time (a Jarnac window
        declined, a clock's pass), committed; what it played. ``entries`` grows by it. A game days a move:
        its seat to act out of time (:meth:`out_of_time`)."""
        if spec.days is not None:
            return await self.out_of_time(game_id, spec, entries)
        if not spec.invited:
            return []
        started = self.committed_at.setdefault(game_id, time.time())  # unknown (a restart): from now
        phase = (await self.state_of(game_id, spec, entries))["phase"]
        limit = spec.limit(phase)
        if limit is None or time.time() - started <= limit:
            return []
        done = await self.call("time_over", game_id, spec, entries, time.time() - started)
        if done["entry"] is None:
            return []
        who, action, drawn = done["entry"]
        entry: live.Entry = (int(who), str(action), str(drawn))
        await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), [entry], done["over"])
        entries.append(entry)
        return [done["played"]]

    async def game_now(
        self, game_id: str, spec: live.GameSpec, entries: list[live.Entry], played: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """A game's answer after a request: its state, what the computer (or the clock) played, and between
        invited people the clock of the one to act."""
        state = await self.state_of(game_id, spec, entries)
        result: dict[str, Any] = {"id": game_id, "game": state, "played": played}
        if spec.invited or spec.days is not None:
            result["clock"] = await self.clock_of(game_id, spec, entries, state)
        if self.pusher is not None and spec.invited and played:
            self.push_turn(game_id, state, played)
        return result

    def push_turn(self, game_id: str, state: dict[str, Any], played: list[dict[str, Any]]) -> None:
        """The Web Push of a game between invited people after a request played: both seats told of its
        end, else the seat to act told of its turn when the last play was the other's."""
        assert self.pusher is not None
        if state["over"]:
            self.pusher.push(self.store, game_id, [0, 1], {"game": game_id, "event": "over"})
        elif state["to_act"] in ("A", "B") and played[-1].get("player") != state["to_act"]:
            seat = "AB".index(state["to_act"])
            self.pusher.push(self.store, game_id, [seat], {"game": game_id, "event": "turn"})

    def clock(self, game_id: str, spec: live.GameSpec, state: dict[str, Any]) -> dict[str, Any] | None:
        """The time the person to act has left, between invited people (``None``: no limit now)."""
        limit = spec.limit(state["phase"]) if state["to_act"] is not None else None
        if limit is None:
            return None
        started = self.committed_at.setdefault(game_id, time.time())
        left = max(0.0, limit - (time.time() - started))
        return {"to_act": state["to_act"], "phase": state["phase"], "limit_s": limit, "left_s": round(left, 3)}

    async def settle(self, game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> list[dict[str, Any]]:
        """The computer's turns (none when a person is to act), committed; what it played. ``entries``
        grows by them."""
        if not (spec.computer(0) or spec.computer(1)):
            return []
        turns = await self.call("computer_turns", game_id, spec, entries, heavy=spec.think_ms > LIGHT_BUDGET_MS)
        new: list[live.Entry] = [(int(w), str(a), str(d)) for w, a, d in (t["entry"] for t in turns["turns"])]
        await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), new, turns["over"])
        entries += new
        return [t["played"] for t in turns["turns"]]


def action_said(n: int, entry: live.Entry) -> dict[str, Any]:
    """Action ``n`` (from 1) of a game as the push channel and the polling route tell it."""
    who, action, drew = entry
    return {"n": n, "player": "AB"[who], "action": action, "drew": drew}
