"""The engine as an HTTP service: every command that answers a question, the same JSON as ``--json``.

The top layer, above the command line. ``jarnac-solver serve`` (``command``)
starts the Starlette app (``app``) on uvicorn (``protocol``: its refusals of
a malformed request); ``guard`` checks a request's ``Host``, ``Origin``, body
type and token before any endpoint. Each route's body is declared once
(``contract``): the server reads a request with it, a command's body becomes
its ``argv``, run by the command line's own parser and handler
(``jarnac_solver.cli.run_json``), so the HTTP answer is the document
``jarnac-solver COMMAND ... --json`` prints; the OpenAPI document
(``openapi``) is built from the package's ``schema.json`` and those tables.
Live games (``live``) are kept in SQLite (``store``).

Starlette and uvicorn (the ``server`` extra) are imported by ``app``,
``guard``, ``protocol`` and ``command`` only: importing this package, or
``contract`` and ``openapi``, needs neither.
"""
