"""``python -m jarnac_solver``: the command line."""

from .cli import main

raise SystemExit(main())
