"""``jarnac-solver serve``: the service on uvicorn, started by one command.

Starlette and uvicorn are the ``server`` extra; without them the command
says how to install it (one line, status 2), and nothing else of the
package imports them.
"""

from __future__ import annotations

import argparse

from ..cli import PROG
from ..errors import MissingExtraError, UnknownLexiconError
from ..lexicon.lexicon import Lexicon

INSTALL = "the service needs starlette and uvicorn: pip install 'jarnac-solver[server]'"


def _cmd_serve(args: argparse.Namespace) -> None:
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError:
        raise MissingExtraError(INSTALL) from None
    available = Lexicon.available()
    for name in args.lexicons or ():
        if name not in available:
            offered = ", ".join(available)
            raise UnknownLexiconError(
                f"--lexicon {name!r}: the service offers bundled lexicons ({offered}), never a file"
            )
    from .app import create_app

    app = create_app(args.lexicons, token=args.token, max_budget_ms=args.max_budget, workers=args.workers)
    offered = ", ".join(args.lexicons or available)
    where = f"{args.workers} worker processes" if args.workers else "threads"
    print(f"{PROG} serve: http://{args.host}:{args.port}/api/ (lexicons {offered}; {where}; Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
