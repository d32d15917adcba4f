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
        " q (or Ctrl-D) leaves the table."
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
    # the service's refusals and the page's table (a game at /api/games, docs/nain_jaune.md)
    "nj.http_not_action": M("{given} is no play: a card (7H, 10D!), pass or stop."),
    "nj.http_over": M("The game is over: no play follows."),
    "nj.http_turn": M("It is {seat}'s turn, not {player}'s."),
    "nj.http_not_held": M("You do not hold {card}."),
    "nj.http_not_now": M("{card} cannot be played now: the sequence wants a {rank}."),
    "nj.http_not_legal": M("{given} cannot be played now (the plays: {legal})."),
    "nj.http_unknown_game": M("No game {given}: jarnac or nain_jaune."),
    "nj.http_needs_person": M("A table needs a person: computers play alone with jarnac-solver nain-jaune play."),
    "nj.http_open_people": M("Several people: seats hotseat (one device) or invite (each their own)."),
    "nj.http_unknown_player": M("no player {given} (the players: {offered}, mc:N with N up to {most})"),
    "nj.http_computer_seat": M("{seat} is a computer's seat: it plays alone."),
    "nj.http_other_key": M("This key is seat {seat}'s, not {player}'s."),
    "nj.page_game": M("Game"),
    "nj.page_players": M("Players"),
    "nj.page_seat": M("Seat {seat}"),
    "nj.page_nobody": M("nobody"),
    "nj.page_person": M("a person"),
    "nj.page_greedy": M("computer: longest run"),
    "nj.page_stakes": M("computer: stake hunter"),
    "nj.page_random": M("computer: at random"),
    "nj.page_mc": M("computer: Monte-Carlo"),
    "nj.page_seats": M("Where"),
    "nj.page_open": M("me against the computers"),
    "nj.page_hotseat": M("people on this device"),
    "nj.page_invite": M("invite people (a code each)"),
    "nj.page_rules": M("Rules"),
    "nj.page_ace_high": M("the Ace above the King"),
    "nj.page_must_follow": M("who holds the missing card must play it"),
    "nj.page_may_stop": M("a player may stop a run early"),
    "nj.page_announced": M("a board card takes only if announced"),
    "nj.page_debts": M("debts allowed"),
    "nj.page_same_dealer": M("the same dealer every round"),
    "nj.page_max_rounds": M("Rounds at most (blank: until a player cannot stake)"),
    "nj.page_deal": M("Deal"),
    "nj.page_pots": M("The board's pots"),
    "nj.page_pot": M("{card}: stake {stake}, {points} in the pot"),
    "nj.page_pot_short": M("stake {stake} · {points}"),
    "nj.page_your_hand": M("Your hand"),
    "nj.page_card": M("{rank} of {suit}"),
    "nj.page_card_takes": M("{rank} of {suit}, takes {points}"),
    "nj.page_pass": M("Pass"),
    "nj.page_stop": M("Stop my run"),
    "nj.page_announce": M("announce the take"),
    "nj.page_you_turn": M("Your turn: tap a card."),
    "nj.page_you_follow": M("Your turn: a {rank}, or pass."),
    "nj.page_you_run": M("Your run goes on: a {rank}."),
    "nj.page_their_turn": M("{seat} to play."),
    "nj.page_handover": M("Pass the device to {seat}, then tap here"),
    "nj.page_round_out": M("Round {round}: {seat} went out."),
    "nj.page_took": M("{seat} took {card}: {points}"),
    "nj.page_paid": M("{seat} paid {points} to {to}"),
    "nj.page_invitations": M("Give each player their code (or link):"),
    "nj.page_new_table": M("New table"),
    "nj.page_waiting": M("Waiting for the invited players."),
    "nj.suit_C": M("Clubs"),
    "nj.suit_D": M("Diamonds"),
    "nj.suit_H": M("Hearts"),
    "nj.suit_S": M("Spades"),
    "nj.rank_A": M("Ace"),
    "nj.rank_J": M("Jack"),
    "nj.rank_Q": M("Queen"),
    "nj.rank_K": M("King"),
}
"""Nain Jaune's messages, merged into :data:`~.catalog.MESSAGES`."""
