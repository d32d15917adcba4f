"""Play: the players and the audit, clients of both the game engine and the planning layer.

Key idea: the engine (:mod:`jarnac_solver.game`) knows the rules and nothing of how a player thinks;
the planners (:mod:`jarnac_solver.planning`) know positions and nothing of matches. What uses both sits
here, above them: the built-in players and matches between them (:mod:`.players`), and the audit of a
game's Jarnac windows and turns (:mod:`.audit`).
"""
