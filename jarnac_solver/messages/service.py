"""The service's own sentences, by code: the faults of a route's body its typed model finds
(:mod:`jarnac_solver.server.typed`) and the refusals its routes raise (a game it does not hold, a seat's key
that is not the one to act); the English source of each."""

from __future__ import annotations

from .message import Message

__all__ = ["SERVICE_MESSAGES"]

M = Message

SERVICE_MESSAGES: dict[str, Message] = {
    # a field of a route's body (the field's name is said before the sentence)
    "fault_no_preset": M("{given} is no preset: {presets} (or an object of options)"),
    "fault_rules_due": M("a preset's name ({presets}) or an object of options, not {given}"),
    "fault_seats_due": M("two seats, A then B, each one of {seats}; not {given}"),
    "fault_seat_due": M("a seat is a name, one of {seats}; not {given}"),
    "fault_seat_unknown": M("no player {name}: a seat is one of {seats}"),
    "fault_not_whole": M("{given} is not a whole number"),
    "fault_nj_players_due": M("a list of 2 to 4 seats, each person or a computer player"),
    "fault_nj_action_due": M("an action: a card (7H, 10D!), pass or stop"),
    # a refusal of a route
    "refused_unknown_game": M("no game {game} on this server"),
    "refused_last_event": M("{given} is not an action's number (0 to {most})"),
    # a body that cannot be read (its size, its arrival, its JSON)
    "refused_body_declared": M("the body has {given} bytes; at most {most}"),
    "refused_body_over": M("the body is over {most} bytes"),
    "refused_body_cut": M("the body did not arrive whole (the client went away)"),
    "refused_body_slow": M("the body did not arrive within {seconds} s ({came} bytes came)"),
    "refused_body_twice": M("given twice in one object: the value meant is not known"),
    "refused_body_not_json": M("the body is not JSON: {detail}"),
    "refused_body_deep": M("the body is JSON nested too deep"),
    # a request no route takes
    "refused_no_route": M("{request}: no such route (GET /api/openapi.json lists them)"),
    "refused_method_one": M("{request}: use {first}"),
    "refused_method_two": M("{request}: use {first} or {second}"),
    "refused_method_three": M("{request}: use {first} or {second} or {third}"),
    "refused_no_worker": M("no worker could take this request (the server is stopping, or a worker died): ask again"),
    "refused_not_your_seat": M("this key is seat {seat}'s, not {asked}'s"),
    "refused_seat_not_to_act": M("this key is seat {seat}'s: {to_act} is to act ({phase})"),
    "refused_player_not_to_act": M("{seat} is not to act: {to_act} is ({phase})"),
    "refused_game_over": M("the game is over ({result})"),
    "refused_most_actions": M("the game holds {most} actions, the most a live game keeps"),
    "refused_computer_to_act": M("{seat} is the computer ({player}); it answers on its own"),
    "refused_drew_not_over_the_board": M("only a game over the board gives the tiles drawn (here the bag draws them)"),
    "refused_computer_seat": M("{asked} is the computer's seat: it never resigns"),
    "refused_say_who_resigns": M("two people share this game: say which resigns (A or B)"),
    "refused_over_already": M("game {game} is over already: there is nothing to resign"),
    "refused_hints_off": M("this game was created without hints (hints: false)"),
    "refused_advice_to_act": M("this key is seat {seat}'s: advice is for {to_act}, to act"),
    "refused_not_over_review": M("game {game} is not over: it is reviewed once it ends"),
    "refused_not_over_rematch": M("game {game} is not over: a rematch is offered at its end"),
    "refused_join_code": M("not a join code: 12 letters and digits (K7QM-2PXA-9B3C)"),
    "refused_no_join": M("no game waits for this join code (check it, or ask for a new one)"),
    # a refusal of a route, or a new game's body whose fields do not fit together
    "refused_no_invitation": M("only a game of two devices (seats: invite) has an invitation"),
    "refused_invitation_creators": M("the invitation is the creator's: seat A's key changes it"),
    "refused_seat_b_taken": M("seat B is taken: an invitation would open nothing"),
    "refused_no_seat": M("{given} is no seat: A, B or AB"),
    "refused_no_push": M("this server sends no Web Push (it was given no VAPID key)"),
    "refused_push_invited": M("Web Push is for games between invited people (seats: invite)"),
    "refused_no_rematch": M("a rematch is between invited people; against the computer, start a new game"),
    "refused_no_seats": M("only a game between invited people has seats to move"),
    "refused_no_transfer": M("no seat waits for this transfer link"),
    "refused_action_taken": M("action {at} is already {seat} {taken}"),
    "refused_next_action": M("the game holds {held} actions: the next is {next}, not {at}"),
    "refused_beyond": M("{since} is beyond the game's {held} actions (0 to {held})"),
    "refused_invitation_expired": M("the invitation to game {game} expired unanswered"),
    "refused_given_twice": M("given {count} times"),
    "game_rules_play": M(
        "{lexicon}: these rules play {chosen}, which this server does not offer (it offers {offered})"
    ),
    "game_needs_person": M("one seat at least is a person's (the computer alone: `play`)"),
    "game_real_tiles": M("a game played with real tiles is two people's (the computer cannot draw them)"),
    "game_board_seed": M("a game over the board has none (the tiles drawn at the table are given)"),
    "game_invite_people": M('an invitation seats two people on two devices: players ["person", "person"]'),
    "game_hotseat_people": M('a hot seat is two people\'s: players ["person", "person"]'),
    "game_guest_name": M(
        "the second person of a hot seat names themself here; an invited one names themself on joining"
    ),
    "game_days": M("{days} is not one of {choices} (days a decision)"),
    "game_days_window": M("a game days a move times its Jarnac windows by its days"),
    "game_window_invited": M('a Jarnac window is timed between invited people ("seats": "invite" or "hotseat")'),
    "refused_nj_seats": M("this table has seats A to {last}"),
    "refused_nj_no_route": M("{method} {path}: no such route for a Nain Jaune game"),
    "refused_nj_holds": M("the game holds {held} actions, not {since}"),
}
"""The service's messages by code."""
