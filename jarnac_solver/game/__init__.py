"""The game layer: two trays, the bag, the turns, the Jarnac windows; what a player is shown; records.

Key idea: every state is immutable and every action is checked as tiles
before it is applied, so ``push`` refuses what the rules forbid with the
game unchanged, ``pop`` undoes exactly, and a seed and the actions replay a
game to the tile.
"""
