"""The move layer: a player's tray in, legal moves, Jarnac witnesses and the best Jarnac out.

Key idea: one shared walk (or one hash lookup per rack sub-multiset) finds
every new word and every extension of every line at once; letter multisets
are packed integers (7 bits a letter), so "fits in the rack" is one
subtraction, and the best set of steals is an exact branch and bound.
"""
