"""The puzzles' and quizzes' sentences, by code (``practice.KEY``): the kinds, the questions, the explanations
built from the exact solvers' facts (:mod:`jarnac_solver.practice`), the verdicts; the English source of each."""

from __future__ import annotations

from .message import Message

__all__ = ["PRACTICE_MESSAGES"]


def _n(singular: str, plural: str, count: str) -> Message:
    return Message(singular, plural, count)


M = Message

PRACTICE_MESSAGES: dict[str, Message] = {
    # the kinds and their questions
    "practice.kind_jarnac": M("find the Jarnac"),
    "practice.kind_best_play": M("best play"),
    "practice.kind_pass_or_play": M("pass or play?"),
    "practice.kind_jarnacable": M("is this pass Jarnac-able?"),
    "practice.question_jarnac": M(
        "Your opponent passed: call the Jarnac that swings most (its steals, such as 1:OLD+LETTERS=WORD +WORD)."
    ),
    "practice.question_best_play": M(
        "Your move: which move starts the longest ladder (the most words, then the most points)?"
    ),
    "practice.question_pass_or_play": M("One line left, and only words that fill it: pass, or play?"),
    "practice.question_jarnacable": M("Your opponent passed: can you call Jarnac? (yes or no)"),
    "practice.head": M("{kind} ({lexicon}, puzzle {id})"),
    "practice.daily": M("the daily puzzle of {date}"),
    "practice.your_tray": M("your tray:     {tray} ({score} pts)"),
    "practice.their_tray": M("their tray:    {tray} ({score} pts)"),
    # the explanations
    "practice.and": M("{first}; {second}"),
    "practice.why_call": M("{call} swings {swing}: {gain} placed on your tray, {lost} taken from the passer"),
    "practice.next_call": M("the next best call, {call}, swings {swing}"),
    "practice.no_other_call": M("no other call swings anything"),
    "practice.why_ladder": _n(
        "{move} starts the longest ladder: {ladder} ({words} word, {points} pts on your tray)",
        "{move} starts the longest ladder: {ladder} ({words} words, {points} pts on your tray)",
        "words",
    ),
    "practice.next_ladder": _n(
        "the best other first move, {move}, makes {words} word ({points} pts)",
        "the best other first move, {move}, makes {words} words ({points} pts)",
        "words",
    ),
    "practice.finish_wins": M(
        "{move} fills your last line and wins by {points}, after the opponent's best final Jarnac"
    ),
    "practice.finish_loses": M("the best word that fills your last line, {move}, ends the game {points} behind"),
    "practice.finish_open": M("after {move} the opponent could call {call} and play on: no certain result"),
    "practice.pass_open": M("passing keeps the game going"),
    "practice.pass_margin": M("after your pass the opponent's best answer ends the game at {points:+} for you"),
    "practice.jarnacable_yes": M("yes: {call} (swing {swing})"),
    # the verdicts
    "practice.say_yes": M("yes"),
    "practice.say_no": M("no"),
    "practice.say_pass": M("pass"),
    "practice.say_play": M("play"),
    "practice.right": M("right"),
    "practice.wrong": M("wrong: the answer is {answer}"),
    "practice.wrong_said": M("wrong"),
    "practice.your_answer": M("your answer: {answer}"),
    "practice.date_malformed": M("the date must be written YYYY-MM-DD, not {given}"),
    "practice.answer_empty": M("the answer is empty"),
    "practice.answer_yes_no": M("the answer {answer}: answer yes or no"),
    "practice.answer_pass_play": M("the answer {answer}: answer pass, play or a move such as +WORD"),
    "practice.answer_no_move": M("the answer {answer}: write a move as +WORD or N:OLD+LETTERS=WORD"),
    "practice.date_out_of_range": M("{date}: the daily puzzles run from {first} to {last}"),
    # the quizzes
    "practice.quiz_anagrams": M("the anagrams of {letters}"),
    "practice.quiz_extensions": M("the words {word} extends to with one or two letters"),
    "practice.quiz_rack": M("the words of {size} letters or more the rack {letters} makes"),
    "practice.quiz_count": _n("{count} word", "{count} words", "count"),
    "practice.quiz_right": M("right: all {count}"),
    "practice.quiz_missed": M("missed: {words}"),
    "practice.quiz_wrong_words": M("not answers: {words}"),
    "practice.quiz_back_next_now": M("this card comes back {due}; another card is due now"),
    "practice.quiz_back_next_later": M("this card comes back {due}; the next card is due {next}"),
    "practice.quiz_none_due": M("no card is due: the next is due {due}"),
    "practice.quiz_empty": M("no card in this quiz"),
    # the service's refusals (jarnac_solver.server.practice_routes), each naming its field
    "practice.person_malformed": M("a practice id is 16 to 64 letters, digits, - or _ (the page makes one)"),
    "practice.puzzle_malformed": M("a puzzle's id is 12 hexadecimal digits"),
    "practice.puzzle_unknown": M("no puzzle {id} here: ask for the daily puzzle or the next one"),
    "practice.puzzle_expired": M("puzzle {id} has expired: review a game again for new puzzles"),
    "practice.pool_exhausted": M("no new puzzle left for you on this server"),
    "practice.deck_too_big": M("a quiz holds at most {most:,} cards: narrow the ranks"),
    "practice.ranks_reversed": M("the last rank ({last}) comes before the first ({first})"),
    "practice.too_many_cards": M("you hold {most:,} quiz cards already: go on with a quiz you have"),
    "practice.card_unknown": M("no card {card} of yours"),
    "practice.challenge_answers": M("{count} answers; the challenge asks {size}"),
    "practice.challenge_done": M("you finished today's challenge already"),
    "practice.challenge_not_started": M("start today's challenge first: its clock starts with its questions"),
    "practice.too_many": M("more than {most} practice requests in {seconds} s from this address: wait a little"),
    # the page's Puzzles and Quiz tabs (server/static/practice.js)
    "page.tab_puzzles": M("Puzzles"),
    "page.tab_quiz": M("Quiz"),
    "page.practice_puzzles_title": M("Jarnac puzzles"),
    "page.practice_daily": M("Today's puzzle"),
    "page.practice_next": M("Next rated puzzle"),
    "page.practice_loading": M("Finding the puzzle…"),
    "page.practice_answer": M("Your answer"),
    "page.practice_answer_button": M("Answer"),
    "page.practice_mine": M("My puzzles"),
    "page.practice_none": M("No puzzle of yours yet: review a game below."),
    "page.practice_mistakes_title": M("Learn from your mistakes"),
    "page.practice_mistakes_text": M("A game you played (its record)"),
    "page.practice_mistakes_player": M("Your seat"),
    "page.practice_mistakes_button": M("Make my puzzles"),
    "page.practice_mistakes_last": M("The game just played"),
    "page.practice_mistakes_working": M("Reviewing the game…"),
    "page.practice_quiz_title": M("Word quiz"),
    "page.practice_kind": M("Quiz"),
    "page.practice_kind_anagrams": M("Anagrams"),
    "page.practice_kind_extensions": M("Extensions"),
    "page.practice_kind_rack": M("Words of a rack"),
    "page.practice_order": M("List"),
    "page.practice_order_probability": M("by probability"),
    "page.practice_order_alphabet": M("alphabetically"),
    "page.practice_order_missed": M("words I missed in games"),
    "page.practice_length": M("Letters"),
    "page.practice_first": M("From rank"),
    "page.practice_last": M("to rank"),
    "page.practice_quiz_start": M("Next card"),
    "page.practice_words": M("Your words (spaces between)"),
    "page.practice_challenge_title": M("Daily challenge"),
    "page.practice_challenge_start": M("Start today's challenge"),
    "page.practice_challenge_name": M("Your name on the leaderboard"),
    "page.practice_challenge_finish": M("Finish"),
    "page.practice_challenge_board": M("Leaderboard"),
    "page.practice_puzzle_rating": M("puzzle rated {rating}"),
    "page.practice_opponent": M("Your opponent ({points} pts)"),
    "page.practice_you": M("You ({points} pts)"),
    "page.practice_yes": M("Yes"),
    "page.practice_no": M("No"),
    "page.practice_written_jarnac": M("1:OLD+LETTERS=WORD +WORD"),
    "page.practice_written_best_play": M("+WORD, 1:OLD+LETTERS=WORD"),
    "page.practice_pass": M("Pass"),
    "page.practice_play": M("Play"),
    "page.practice_right": M("Right!"),
    "page.practice_wrong": M("Not the best."),
    "page.practice_expected": M("The answer: {answer}"),
    "page.practice_rating": M("Your rating: {rating} (±{deviation})"),
    "page.practice_answered": M("answered"),
    "page.practice_quiz_none": M("No card is due: the next is due {due}."),
    "page.practice_answer_words": M("The words: {words}"),
    "page.practice_quiz_due": M("This card comes back {due}."),
    "page.practice_challenge_done": M("You have done today's challenge."),
    "page.practice_challenge_left": M("{seconds} s left"),
    "page.practice_challenge_score": M("{score} of {size} in {seconds} s"),
    "page.practice_mistakes_made": _n(
        "{count} puzzle from your mistakes", "{count} puzzles from your mistakes", "count"
    ),
}
