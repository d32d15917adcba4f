"""Practice: puzzles cut from games, and word quizzes on a spaced schedule.

Key idea: a puzzle is a position where one answer is clearly best *by an exact solver* (the best Jarnac,
the longest ladder, the end-game model), never by a sampled simulation: its answer, the margin to the next
best and its explanation are facts, so judging an answer is a comparison of values, not an opinion. The
positions come from self-play of strong players (:mod:`.puzzles`) and from a person's own reviewed games
(:mod:`.mistakes`); a stated filter drops the weak ones (near-equal answers, a trivial one). The word
quizzes (:mod:`.quiz`) drill a lexicon's anagram classes, extensions and rack words, scheduled by FSRS or
Leitner boxes (:mod:`.schedule`), their progress kept per person in a store (:mod:`.progress`).

A layer above :mod:`jarnac_solver.play` (it reads self-play records and reviews), beside
:mod:`jarnac_solver.studies`; the command line's ``puzzle`` and ``quiz`` use it.
"""
