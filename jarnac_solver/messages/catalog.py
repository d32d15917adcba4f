"""Every message a person reads: its code, its English source text, and which value picks its plural.

The English texts here are the catalogs' ``msgid`` (what a translator
translates, ``msgctxt`` being the code); what is *shown*, in English as in
every language, comes from the compiled catalog (``locales/en.po`` and
the others), so an English rewording is made in ``locales/en.po`` and needs
no code. ``locales/catalogs.py`` writes ``locales/jarnac_solver.pot`` from this
table and checks every ``.po`` against it (each code, the same placeholders,
nothing left untranslated).

Codes are grouped by who says them: ``advice`` (planning/advice.py), ``audit``
(play/audit.py), ``referee`` (the ``jarnac`` command's verdict), ``error``
(the library's errors a person meets), ``report`` (a study's report), ``page``
(the web page's own labels), ``cli`` (the command line's headings and usage errors, :mod:`.cli`),
``what`` (the part of an input an error points at), ``review`` (play/review.py), ``nj`` (Nain Jaune:
its engine's notes and its table in a terminal, :mod:`.nain_jaune`).
"""

from __future__ import annotations

from .cli import CLI_MESSAGES
from .message import Message
from .nain_jaune import NAIN_JAUNE_MESSAGES
from .page import PAGE_MESSAGES
from .practice import PRACTICE_MESSAGES
from .review import REVIEW_MESSAGES
from .service import SERVICE_MESSAGES

__all__ = ["MESSAGES", "Message"]


def _n(singular: str, plural: str, count: str) -> Message:
    return Message(singular, plural, count)


M = Message

MESSAGES: dict[str, Message] = {
    # advice: the play phase
    "points_now": _n("+{points} pt now", "+{points} pts now", "points"),
    "draws_expected": _n(
        "about {draws:.1f} letter drawn this turn", "about {draws:.1f} letters drawn this turn", "draws"
    ),
    "ladder_then": M("then {steps}"),
    "exposure": _n(
        "{points} pt the opponent could swing if you stopped here",
        "{points} pts the opponent could swing if you stopped here",
        "points",
    ),
    "exposure_free_lines": _n(
        "{points} pt a thief with free lines could swing if you stopped here",
        "{points} pts a thief with free lines could swing if you stopped here",
        "points",
    ),
    "exposure_unknown": M("exposure not computed within the budget"),
    "nothing_to_steal": M("nothing to steal if you stopped here"),
    "same_with": M("or the same with {words}"),
    "familiarity": M("familiarity {familiarity:.1f}"),
    "not_known_enough": M("no word is known enough (familiarity {familiarity:.1f}): the best moves anyway"),
    "fills_last_line": _n(
        "+{points} pt now; fills your last line: the game ends (no draw follows), "
        "unless the opponent's final Jarnac keeps it going",
        "+{points} pts now; fills your last line: the game ends (no draw follows), "
        "unless the opponent's final Jarnac keeps it going",
        "points",
    ),
    "finish_unsettled": M("whether that wins after the opponent's final Jarnac was not settled within the budget"),
    "opening_draw": _n("the first turn draws {count} letter", "the first turn draws {count} letters", "count"),
    # advice: leads and margins, parts of other sentences
    "lead_ahead": _n("you would lead by {points} pt", "you would lead by {points} pts", "points"),
    "lead_behind": _n("you would trail by {points} pt", "you would trail by {points} pts", "points"),
    "lead_level": M("level"),
    "ahead_by": _n("ahead by {points} pt", "ahead by {points} pts", "points"),
    # advice: passing
    "pass_opponent_ends_ahead": _n(
        "the opponent could call {plan} and end the game ahead by {points} pt",
        "the opponent could call {plan} and end the game ahead by {points} pts",
        "points",
    ),
    "pass_opponent_plays_on": M("the opponent could call {plan} and play on ({lead})"),
    "pass_no_call_pays": M(
        "{lead}; every Jarnac the opponent could call would fill its last line and end the game behind, "
        "so it plays on; you keep your letters but draw none"
    ),
    "pass_nothing_to_steal": M("nothing to steal: the opponent plays on; you draw no letter"),
    "no_move_exposed": M("no move is left: pass, though the opponent could call {plan} on it"),
    "no_move_unsettled": M("no move is left: pass (whether a Jarnac is left on it was not settled within the budget)"),
    "no_move_clean": M("no move is left: pass (a clean pass, nothing to steal)"),
    # advice: the end game
    "finish_wins_after_call": _n(
        "fills your last line and ends the game: you win by {points} pt, after the opponent's best final Jarnac",
        "fills your last line and ends the game: you win by {points} pts, after the opponent's best final Jarnac",
        "points",
    ),
    "finish_wins_no_call": _n(
        "fills your last line and ends the game: you win by {points} pt (the opponent has no Jarnac to call)",
        "fills your last line and ends the game: you win by {points} pts (the opponent has no Jarnac to call)",
        "points",
    ),
    "finish_open": M(
        "no finish wins for certain: after {word} the opponent could call {call} and play on with a free line ({lead})"
    ),
    "finish_loses": M("finishing now would lose: with {word}, {lead}"),
    "finish_loses_after_call": M("finishing now would lose: with {word}, after the opponent's final {call}, {lead}"),
    "finish_not_win": M("finishing now would not win: with {word}, {lead}"),
    "finish_not_win_after_call": M(
        "finishing now would not win: with {word}, after the opponent's final {call}, {lead}"
    ),
    "better_than_passing": M("still better than passing"),
    "extend_instead": M("extend instead and keep the last line free"),
    "no_extension_pass": M("no line can be extended: pass"),
    # advice: the Jarnac window
    "jarnac_gain": _n("+{points} pt for you", "+{points} pts for you", "points"),
    "jarnac_loss": _n(
        "-{points} pt for the passer (swing {swing})", "-{points} pts for the passer (swing {swing})", "points"
    ),
    "jarnac_no_loss": M("no points lost by the passer"),
    "decline_unpunished": M("declining leaves the passer's move unpunished"),
    "decline_ends": M("declining ends the game: {lead}"),
    "no_jarnac_in_budget": M("no Jarnac found within the budget"),
    "no_free_line": M("your tray has no free line: nothing can be stolen"),
    "clean_pass": M("a clean pass: the passer had no move left"),
    "left_unseatable": M("the passer left {move}, but no steal fits your free lines under these rules"),
    "call_plays_on": M("you play on with a free line"),
    "decline_goes_on": M("the game goes on: your turn"),
    "call_ends_win": _n(
        "fills your last line and ends the game (after the passer's best final Jarnac): you win by {points} pt",
        "fills your last line and ends the game (after the passer's best final Jarnac): you win by {points} pts",
        "points",
    ),
    "call_ends_lose": _n(
        "fills your last line and ends the game (after the passer's best final Jarnac): you lose by {points} pt",
        "fills your last line and ends the game (after the passer's best final Jarnac): you lose by {points} pts",
        "points",
    ),
    "call_ends_draw": M("fills your last line and ends the game (after the passer's best final Jarnac) in a draw"),
    "decline_ends_win": _n("the game ends: you win by {points} pt", "the game ends: you win by {points} pts", "points"),
    "decline_ends_lose": _n(
        "the game ends: you lose by {points} pt", "the game ends: you lose by {points} pts", "points"
    ),
    "decline_ends_draw": M("the game ends in a draw"),
    "every_call_loses": M("every call that ends the game loses it"),
    # advice: disputes
    "word_valid": M("{word} is in {lexicon}: a dispute would lose"),
    "word_invalid": M("{word} is not in {lexicon}: the turn passes to you"),
    "bad_word_stands": M("lets a bad word stand"),
    # advice: the start of a turn
    "start_draw": M("after drawing one letter, the turn is worth {value:.1f} on average {sampled}"),
    "start_exchange": _n(
        "after {count} new letter for {tiles}, the turn is worth {value:.1f} on average {sampled}",
        "after {count} new letters for {tiles}, the turn is worth {value:.1f} on average {sampled}",
        "count",
    ),
    "sampled_draws": _n(
        "over {samples} sampled draw (lines, points, draws)",
        "over {samples} sampled draws (lines, points, draws)",
        "samples",
    ),
    "nothing_sampled": M("(no unseen tiles given: nothing sampled)"),
    "no_exchange_unseen": M("no exchange: no unseen tiles were given"),
    "no_exchange_few": _n(
        "no exchange: fewer than {count} tile is left to draw",
        "no exchange: fewer than {count} tiles are left to draw",
        "count",
    ),
    # advice: play-outs
    "playout_margin": _n(
        "mean final margin {margin:+.1f} pts over {playouts} play-out",
        "mean final margin {margin:+.1f} pts over {playouts} play-outs",
        "playouts",
    ),
    "playout_interval": M("95% interval of the margin: {low:+.1f} to {high:+.1f}"),
    "playout_sources": M("a candidate as {sources}"),
    "playout_pruned": M("left behind: below the best beyond its 95% interval"),
    # advice: what the advice as a whole says
    "phase_opening": M("opening phase"),
    "phase_start": M("start phase"),
    "phase_play": M("play phase"),
    "phase_jarnac": M("jarnac phase"),
    "phase_dispute": M("dispute phase"),
    "phase_over": M("the game is over"),
    "best_within_budget": M("best found within the budget"),
    "hint_header": M("{tray} on {lexicon}, {phase}"),
    "hint_header_versus": M("{tray} against {opponent} on {lexicon}, {phase}"),
    # audit
    "audit_game": M("game ({seed}): A = {a}, B = {b}, {lexicon}"),
    "audit_seed": M("seed {seed}"),
    "audit_over_the_board": M("over the board"),
    "audit_turn": M("turn: best first move {best}, longest ladder {ladder}, played {played}"),
    "audit_best_move": M("{move} (+{points})"),
    "audit_no_move": M("none"),
    "audit_left_pass": M("pass with a move left: {move}"),
    "audit_left_full_tray": M("full tray with a move left: {move}"),
    "audit_left_dispute": M("dispute with a move left: {move}"),
    "audit_clock_pass": M("the clock ran out: the rules made the decision a pass"),
    "audit_clock_decline": M("the clock ran out on {thief}: the rules made its answer a decline"),
    "audit_could_call": M("{thief} could call {steals} (swing {swing}, gain {gain})"),
    "audit_nothing_fits": M("{thief} could call nothing: the move does not fit its lines"),
    "audit_called_optimal": M("{thief} called: swing {swing}, the best"),
    "audit_called_short": _n(
        "{thief} called: swing {swing}, {missed} point short of the best",
        "{thief} called: swing {swing}, {missed} points short of the best",
        "missed",
    ),
    "audit_declined": _n(
        "{thief} declined: {missed} point missed", "{thief} declined: {missed} points missed", "missed"
    ),
    "audit_result": M("result: A {a} - B {b}"),
    "audit_result_said": M("result: A {a} - B {b}, {result}"),
    "audit_summary": M(
        "{player}: passes with a move left: {left} of {passes}; Jarnacs called: {called} ({optimal} the best), "
        "missed: {missed}, points left: {points_missed}; exposed points lost: {lost} of {exposed}"
    ),
    "audit_game_number": M("game {number}"),
    "result_full_tray": M("a full tray, no Jarnac against it"),
    "result_bag_empty": M("the bag is empty and both players passed"),
    "result_unfinished": M("unfinished"),
    "result_resigned": M("{player} resigned"),
    "result_out_of_time": M("{player} ran out of time"),
    "audit_result_text": M("{result}"),
    "result_stopped": _n("stopped after {count} action", "stopped after {count} actions", "count"),
    # the referee: the jarnac command's verdict
    "referee_jarnac": M("{tray} on {lexicon}: Jarnac!"),
    "referee_value_jarnac": M("{tray} on {lexicon}: value Jarnac!"),
    "referee_steal": M("{move} (+{gain})"),
    "referee_steal_loss": M("{move} (+{gain}, the passer loses {lost})"),
    "referee_taken": M("lines taken and recomposed: {lines}"),
    "referee_totals": M("gain {gain}, swing {swing}; the passer keeps {leftover} on the rack"),
    "referee_totals_nothing_left": M("gain {gain}, swing {swing}; the passer keeps no letter on the rack"),
    "referee_clean": M("{tray} on {lexicon}: no Jarnac, the pass was clean"),
    "referee_unseatable": M("{tray} on {lexicon}: the passer left {move}, but the thief can seat no steal: no Jarnac"),
    # errors a person meets
    "error_located": M("{where}: {error}"),
    "error_not_a_tile": M("{what} {text} holds {char}, which is not a tile of the alphabet {alphabet} ({tiles})"),
    "error_word_not_in_lexicon": M("{word} is not in the lexicon {lexicon}"),
    "error_move_not_in_lexicon": M("{move}: {word} is not in the lexicon {lexicon}"),
    "error_not_possible_now": M("{action} is not possible now: player {player} is in the {phase}"),
    "error_record_at": M("line {line}, action {number} ({action})"),
    "error_record_action": M("record action {number} ({action})"),
    "error_wrong_player": M("the action is by {player}, but {other} is to act"),
    "error_drew": M("it drew {drawn}, the record says {said}"),
    "error_commitment_mismatch": M(
        "the draws do not match the commitment: seed {seed} and this bag make {made}, the game committed to "
        "{committed} at its start"
    ),
    "error_record_line": M("line {line}"),
    "error_unclosed_draw": M("{what} {text}: a draw opened with '{' is never closed with '}'"),
    "error_tray_notation": M("{what} {text} is not written 'LINE LINE ... / RACK' (one slash)"),
    "error_range_order": M("{what} {given}: the lower end {low} is above the upper end {high}"),
    "error_range_out": M("{what} {given}: {end} is out of range (from {low} to {high})"),
    "error_pattern_unclosed": M("pattern {text}: the [ at position {at} is never closed"),
    "error_pattern_set": M("pattern {text}: [{inside}] must list letters, e.g. [AEIOU] or [^AEIOU]"),
    "error_pattern_outside": M("pattern {text}: {char} at position {at} is outside a [set]"),
    "error_start_samples": M(
        "{what} {given}: the start phase values drawing and exchanging over 1 or more sampled draws"
    ),
    "error_rack_lacks": M("{move} needs {need} from the rack, which holds only {rack}"),
    "error_rack_lacks_empty": M("{move} needs {need} from the rack, which is empty"),
    "error_word_too_long": M("{move}: {word} has {n} tiles; a line holds at most {most}"),
    "error_word_too_short": M("{move}: line {line} needs a word of at least {shortest} tiles"),
    "error_not_spelt_with": M("{move}: {word} is not spelt with the letters {letters}"),
    "error_tray_full": M("{move}: every line of the tray is taken"),
    "error_not_old_plus": M("{move}: {word} is not {old} plus {letters}"),
    "error_not_an_extension": M("{word} does not hold every letter of {old} plus at least one more"),
    "error_move_not_written": M("move {move} is not written +WORD or [N:]OLD+LETTERS=WORD"),
    "error_move_not_plus": M("move {move}: {word} is {old} plus {letters}, not plus {added}"),
    "error_no_line_holds": M("{move}: no line holds {old}"),
    "error_unreadable_action": M("cannot read the action {text}; the actions: {actions}"),
    "error_exchange_size": M("an exchange puts back exactly {n} letters, not {given}"),
    "error_exchange_lacks": M("exchange {letters}: the rack holds only {rack}"),
    # a study's report
    "report_cannot_tell": _n(
        "too few to tell: {n} game gives an interval of ±{half:.1f}; about {needed} games would give ±{goal:.1f}",
        "too few to tell: {n} games give an interval of ±{half:.1f}; about {needed} games would give ±{goal:.1f}",
        "n",
    ),
    # a field of a request the service refuses (the field's name is said before the sentence)
    "field_too_long": M("{count:,} characters; the service reads at most {most:,}"),
    "field_unknown": M("no field {name} (the fields: {known})"),
    "parameter_unknown": M("no parameter {name} (the parameters: {known})"),
    "fault_required": M("required ({help})"),
    "fault_list_empty": M("a non-empty list of texts, not an empty list"),
    "fault_list_long": M("{count:,} items; the service reads at most {most:,}"),
    "fault_text_due": M("text is due, not {given}"),
    "fault_type_object": M("an object"),
    "fault_type_list": M("a list"),
    "fault_type_bool": M("true or false"),
    "fault_type_text": M("text"),
    "fault_type_number": M("a number"),
    "fault_not_one_of": M("{given} is none of {choices}"),
    "fault_flag_due": M("true or false, not {given}"),
    "fault_whole_due": M("a whole number is due, not {given}"),
    "fault_at_least": M("{value} is out of range: at least {low}"),
    "fault_at_most": M("{value} is out of range: at most {high}"),
    "fault_above": M("{value} is out of range: above {low}"),
    "fault_not_number": M("{value} is not a number"),
    "fault_not_milliseconds": M("{value} is not a number of milliseconds"),
    "fault_number_due": M("a number is due, not {given}"),
    "fault_span_due": M("a whole number or a range such as 5, 5-7, 5- or -7 is due, not {given}"),
    "fault_span_form": M("{given} is not a number or a range such as 5, 5-7, 5- or -7"),
    "fault_span_end": M("{given}: each end is at most {most:,}"),
    "fault_lexicon_not_offered": M("{name}: this server offers the lexicons {offered} (by name; never a file)"),
    "fault_lexicons_twice": M("{given}: give names once each, e.g. fr,en,nl (or all)"),
    "name_empty": M("empty: a name of 1 to {most} characters is due"),
    "name_too_long": M("{count:,} characters; a name has at most {most}"),
    "name_refused_character": M(
        "holds {character}, a control or bidirectional character: letters, digits, spaces and punctuation only"
    ),
    "seat_key_missing": M("this game's seats act with their keys: the request has no X-Seat-Key"),
    "seat_key_unknown": M("this game's seats act with their keys: this X-Seat-Key opens no seat"),
    "name_markup": M("{name} holds markup (a tag or a character reference): a name is plain text"),
    "player_not_offered": M(
        "{player} takes about {seconds} s a game on {lexicon} under these rules, over the {most} s this service"
        " offers; offered here: {offered}"
    ),
}
"""The messages by code; the page's own labels too, as ``page.*`` codes (:mod:`.page`)."""
MESSAGES.update(PAGE_MESSAGES)
MESSAGES.update(CLI_MESSAGES)
MESSAGES.update(REVIEW_MESSAGES)
MESSAGES.update(NAIN_JAUNE_MESSAGES)
MESSAGES.update(PRACTICE_MESSAGES)
MESSAGES.update(SERVICE_MESSAGES)
