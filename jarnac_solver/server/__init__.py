"""The engine as an HTTP service: every command that answers a question, the same JSON as ``--json``.

The top layer, above the command line. ``jarnac-solver serve`` (``command``)
starts the Starlette app (``app``) on uvicorn (``protocol``: its refusals of
a malformed request); ``guard`` checks a request's ``Host``, ``Origin``, body
type and token before any endpoint. A command's body is its declared model
(``models``, from ``jarnac_solver.commands``), its checked request handed to
the function the command line calls (``declared``), so the HTTP answer is the
document ``jarnac-solver COMMAND ... --json`` prints; the other routes' bodies
are tables (``contract``); the OpenAPI document (``openapi``) is built from the
package's ``schema.json``, the models and those tables.
Live games (``live``) are kept in SQLite (``store``).

Starlette and uvicorn (the ``server`` extra) are imported by ``app``,
``guard``, ``protocol`` and ``command`` only: importing this package, or
``contract`` and ``openapi``, needs neither.
"""
