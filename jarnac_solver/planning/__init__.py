"""The planning layer: the longest ladder on the current letters, hints and the draw-aware planner.

Key idea: every word formed draws a letter, so a ladder of small steps
(ORE, RETO, TORRE, RETIRO) is worth more than one long word; chains on
different lines share only the rack, so the longest ladder is an exact
dynamic programme per chain plus an allocation of the rack.
"""
