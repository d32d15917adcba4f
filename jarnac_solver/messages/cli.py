"""The command line's own sentences, by code (``cli.KEY``): the headings and summaries of its listings and
the usage errors a person meets; and the names of the parts of an input an error points at (``what.KEY``:
"the tray rack", "the word"), said in the reader's language like the error around them."""

from __future__ import annotations

from .message import Message

__all__ = ["CLI_MESSAGES"]


def _n(singular: str, plural: str, count: str) -> Message:
    return Message(singular, plural, count)


M = Message

CLI_MESSAGES: dict[str, Message] = {
    # counts, parts of the sentences below
    "cli.n_words": _n("{count:,} word", "{count:,} words", "count"),
    "cli.n_letters": _n("{count:,} letter", "{count:,} letters", "count"),
    "cli.n_tiles": _n("{count:,} tile", "{count:,} tiles", "count"),
    "cli.n_points": _n("{count:,} pt", "{count:,} pts", "count"),
    "cli.n_hooks": _n("{count:,} hook", "{count:,} hooks", "count"),
    "cli.n_games": _n("{count:,} game", "{count:,} games", "count"),
    "cli.n_windows": _n("{count:,} Jarnac window", "{count:,} Jarnac windows", "count"),
    "cli.n_decisions": _n("{count:,} decision", "{count:,} decisions", "count"),
    "cli.n_entries": _n("{count:,} entry", "{count:,} entries", "count"),
    "cli.length_label": M("{length} ({points})"),
    # play --show and replay: a game turn by turn
    "cli.show_game": M("game {n}: A = {a}, B = {b} ({played})"),
    "cli.show_seed": M("seed {seed}"),
    "cli.show_over_board": M("over the board"),
    "cli.show_jarnac": M("(Jarnac! +{points}, {loser} loses {lost})"),
    "cli.show_draws": M("draws {tiles}"),
    "cli.show_time_over": M("[{seconds:.3f} s, time over: the rules' {action}]"),
    # play: a match's summary
    "cli.match_header": M("{games} on {lexicon}, rules {rules}{clock}, seeds {first}..{last} ({seconds:.1f} s)"),
    "cli.match_clock": M(" with a {seconds} s clock"),
    "cli.match_player": M("player"),
    "cli.match_wins": M("wins"),
    "cli.match_win_pct": M("win %"),
    "cli.match_mean_score": M("mean score"),
    "cli.match_jarnacs": M("jarnacs"),
    "cli.match_swung": M("swung"),
    "cli.match_summary": _n(
        "{games}, {count:,} drawn; mean length {turns:.1f} turns",
        "{games}, {count:,} drawn; mean length {turns:.1f} turns",
        "count",
    ),
    # play --list-players
    "cli.players_title": M(
        "The built-in players, strongest first on {lexicon} (Elo, the planner at 0; docs/levels.md):"
    ),
    "cli.players_title_unrated": M(
        "The built-in players, strongest first by their mean Elo over {lexicons} ({lexicon} was never rated;"
        " the planner at 0; docs/levels.md):"
    ),
    "cli.players_plays_as": M("plays as {name}"),
    "cli.players_against_planner": M(
        "* the Elo of its win rate in its games against the planner, not the round robin's (docs/levels.md)"
    ),
    "cli.players_unrated": M("not rated (errs on purpose)"),
    # moves and plan
    "cli.moves_header": _n(
        "{tray} on {lexicon}: {count} legal move (tray: {points} pts)",
        "{tray} on {lexicon}: {count} legal moves (tray: {points} pts)",
        "count",
    ),
    "cli.moves_line": M("line {n} {word}: {moves}"),
    "cli.moves_new": M("new word on line {n}: {moves}"),
    "cli.plan_header": _n(
        "{tray} on {lexicon}: a ladder of {count} move, {drawing}",
        "{tray} on {lexicon}: a ladder of {count} moves, {drawing}",
        "count",
    ),
    "cli.plan_drawing": _n("drawing {draws} letter", "drawing {draws} letters", "draws"),
    "cli.plan_step": M("{n}. {move}  (draw {n}; tray {points} pts, rack {rack})"),
    "cli.plan_step_full": M("{n}. {move}  (the tray is full: the turn ends; tray {points} pts, rack {rack})"),
    "cli.not_proven": M("not proven"),
    "cli.not_proven_best": M("not proven the best"),
    "cli.not_proven_longest": M("not proven the longest"),
    "cli.unproven_memory": M("(stopped at a search's memory limit, {states:,} states: the best found, {proven})"),
    "cli.unproven_default": M(
        "(the best found within the default {seconds} s ceiling, {proven}; --exact for the proof)"
    ),
    "cli.unproven_budget": M("(the best found in {ms} ms, {proven})"),
    # word listings: words, anagram, extend, search
    "cli.title_words": M("words from {rack}"),
    "cli.title_anagrams": M("anagrams of {letters}"),
    "cli.title_extensions": M("extensions of {word} with {rack}"),
    "cli.title_search": M("words matching {pattern}"),
    "cli.title_search_from": M("words matching {pattern} from {letters}"),
    "cli.in_lexicon": M("in {lexicon}"),
    "cli.not_in_lexicon": M("not in {lexicon}"),
    "cli.listing_header": M("{title} on {lexicon}: {words}"),
    "cli.listing_cut": M("the first {shown:,} shown (--limit)"),
    "cli.hidden_shorter": _n(
        "{count:,} shorter word not shown (the default --min-len 3, Jarnac's; --min-len 1 shows them)",
        "{count:,} shorter words not shown (the default --min-len 3, Jarnac's; --min-len 1 shows them)",
        "count",
    ),
    "cli.skipped_note": M("{entries} of the list skipped when read (lexicon info {source} says why)"),
    "cli.probability_note": M("probability: of drawing the word's tiles from the full bag {bag} ({tiles} tiles)"),
    "cli.rank_note": M("#n: the word's probability rank among the lexicon's words of its length (1 = likeliest)"),
    "cli.mark_note": M("{symbol} not in {lexicon}"),
    "cli.ways": M("ways {ways:,}"),
    "cli.more": M("... and {more:,} more (--limit 0 lists them all)"),
    # check and hooks
    "cli.check_lexicon": M("lexicon {lexicon} ({source})"),
    "cli.a_word_list": M("a word list"),
    "cli.check_valid": M("{word}: valid ({tiles})"),
    "cli.check_invalid": M("{word}: NOT valid ({tiles})"),
    "cli.check_apart": M("{word}: NOT valid ({tiles}); {apart} is, its I and J two tiles ({apart_tiles})"),
    "cli.word_column": M("word"),
    "cli.yes": M("yes"),
    "cli.hooks_header": M("hooks on {lexicon}"),
    "cli.hooks_header_odds": M("hooks on {lexicon} (odds of drawing from the bag {bag})"),
    "cli.hooks_word": M("{front} {word} {back}: {hooks}"),
    "cli.hooks_word_invalid": M("{front} {word} {back} ({folded} is NOT in {lexicon}): {hooks}"),
    "cli.hook_front": M("front"),
    "cli.hook_back": M("back"),
    "cli.hook_inner": M("inner"),
    # audit and review
    "cli.games_audited": M("{games} audited, {windows}"),
    "cli.games_reviewed": M("{games} reviewed, {decisions} weighed"),
    # usage errors
    "cli.error_mark_names": M("{command}: --mark takes lexicon names, e.g. --mark en-large"),
    "cli.error_mark_many": M("{command}: --mark takes at most {count} lexicons"),
    "cli.error_bundled_only": M("{command}: {option} {spec}: give a bundled lexicon ({names})"),
    # the library's errors a person meets first
    "error_unknown_lexicon": M("{spec} is neither a bundled lexicon ({names}) nor a file"),
    # the joint of a heading's parts
    "cli.then": M("{first}; {then}"),
    "cli.group": M("{label}: {words}"),
    "cli.group_heading": M("{label}:"),
    # the part of an input an error points at
    "what.word": M("word"),
    "what.tray_rack": M("tray rack"),
    "what.tray_line": M("tray line {n}"),
    "what.rack": M("rack"),
    "what.tray": M("tray"),
    "what.exchange": M("exchange"),
    "what.leftover": M("leftover"),
    "what.bag_tile": M("bag tile"),
    "what.text": M("text"),
}
"""The command line's messages, merged into :data:`~.catalog.MESSAGES`."""
