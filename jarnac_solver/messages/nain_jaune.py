"""Nain Jaune's sentences, by code (``nj.KEY``): what the engine notes as a turn is played (a take, a payment,
a Grand Opera, a deal), what the table shows a person playing in a terminal (the pots, the tokens by colour,
the sequence, the plays), and the refusals a person meets; the English source of each."""

from __future__ import annotations

from .message import Message

__all__ = ["NAIN_JAUNE_MESSAGES"]


def _n(singular: str, plural: str, count: str) -> Message:
    return Message(singular, plural, count)


M = Message

NAIN_JAUNE_MESSAGES: dict[str, Message] = {
    # the engine's notes on a turn (Played.notes)
    "nj.note_takes": M("{card} takes all: {points}"),
    "nj.note_pays": M("{seat} pays {points}"),
    "nj.note_grand_opera": M("Grand Opera: {points}"),
    "nj.note_deals": M("round {round}: {seat} deals"),
    # the results of a game
    "nj.result_cannot_stake": M("{seats} cannot stake"),
    "nj.result_round_over": M("the round is over"),
    "nj.result_round_limit": M("the round limit ({limit})"),
    # refusals
    "nj.error_players": M(
        "Nain Jaune is played by 2 to 4 players (the rulebook: \u201c2-4 players\u201d), not {count}"
    ),
    "nj.error_person_json": M("--json cannot seat a person: the table is shown as text"),
    # counts and tokens
    "nj.n_points": _n("{count} pt", "{count} pts", "count"),
    "nj.n_cards": _n("{count} card", "{count} cards", "count"),
    "nj.yellow": _n("{count} yellow", "{count} yellow", "count"),
    "nj.red": _n("{count} red", "{count} red", "count"),
    "nj.blue": _n("{count} blue", "{count} blue", "count"),
    "nj.green": _n("{count} green", "{count} green", "count"),
    "nj.brown": _n("{count} brown", "{count} brown", "count"),
    "nj.no_token": M("no token"),
    "nj.owes": M("owes {points}"),
    # the table a person is shown
    "nj.welcome": M(
        "Nain Jaune, {count} players: {seats}. On your turn a number plays that line, Enter plays the first;"
        " Ctrl-D leaves the table."
    ),
    "nj.seat": M("{seat} {name}"),
    "nj.seat_you": M("{seat} (you)"),
    "nj.round_header": M("Round {round}: {seat} deals; each player stakes 1, 2, 3, 4 and 5 points on the pots"),
    "nj.pots": M("Pots: {pots}"),
    "nj.pot": M("{card} {points} ({tokens})"),
    "nj.player_tokens": M("{seat}: {points} ({tokens}), {cards} in hand"),
    "nj.sequence": M("Sequence: {cards}"),
    "nj.sequence_missing": M("Sequence: {cards}; No {rank}"),
    "nj.sequence_new": M("No sequence in play: a new one starts with any card"),
    "nj.your_hand": M("Your hand ({cards}): {hand}"),
    "nj.your_plays": M("Your plays:"),
    "nj.play_card": M("{card}"),
    "nj.play_claim": M("{card}, takes all ({points})"),
    "nj.play_no_claim": M("{card}, without announcing the take"),
    "nj.play_pass": M("pass (let the next player go on from the {rank})"),
    "nj.play_stop": M("stop your run here (No {rank})"),
    "nj.prompt": M("Your play, 1 to {count} (Enter: 1): "),
    "nj.bad_number": M("{given} is not one of your plays: type a number from 1 to {count}, or press Enter for 1."),
    "nj.bad_text": M("{given} is not a play: type a number from 1 to {count}, or press Enter for 1."),
    "nj.not_held": M("You do not hold {given}: type a number from 1 to {count}, or press Enter for 1."),
    "nj.no_pass": M("You cannot pass now: type a number from 1 to {count}, or press Enter for 1."),
    "nj.not_now": M("{given} cannot be played now: type a number from 1 to {count}, or press Enter for 1."),
    "nj.must_pass": M("You have no {rank}: you pass."),
    "nj.only_play": M("You play {card}, your only play."),
    "nj.takes": M("takes all: {points}"),
    "nj.turn": M("{seat}: {actions}"),
    "nj.no_rank": M("No {rank}"),
    "nj.king": M("King and I start again!"),
    "nj.passes": M("pass"),
    "nj.stops": M("stop"),
    "nj.round_over": M("Round {round} is over: {seat} has played every card."),
    "nj.scores": M("Scores: {scores}"),
    "nj.score": M("{seat} {points}"),
    "nj.game_over": M("The game is over ({why}). {winners} wins with {points}."),
    "nj.game_over_tie": M("The game is over ({why}). {winners} tie with {points}."),
    "nj.left": M("You left the table: the game stops unfinished in round {round}."),
    "nj.record_written": M("The record is written to {file}."),
}
"""Nain Jaune's messages, merged into :data:`~.catalog.MESSAGES`."""
