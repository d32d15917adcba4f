"""The commands, each declared once: its request as a typed model whose bounds are in its annotations
(:mod:`.model`), and the function that answers it. The command line builds its options and help from a
model (:func:`~jarnac_solver.cli.models.add_arguments`) and calls the function; the service validates a body
against the same model (:mod:`jarnac_solver.server.models`, pydantic) and calls the same function, in
process or in a worker of a lane, with no ``argv``.

This layer imports the library below it only: no validation library (the core installs with
``pip install .`` alone), no argparse, no web framework.
"""
