"""The engine as an HTTP service: every command that answers a question, the same JSON as ``--json``.

The top layer, above the command line. ``jarnac-solver serve`` (``command``)
starts the Starlette app (``app``) on uvicorn; a request's body is read into
the command's ``argv`` (``requests``) and run by the command line's own
parser and handler (``jarnac_solver.cli.run_json``), so the HTTP answer is
the document ``jarnac-solver COMMAND ... --json`` prints; the OpenAPI
document (``openapi``) is built from ``jarnac_solver/server/schema.json`` and the parser.

Starlette and uvicorn (the ``server`` extra) are imported by ``app`` and
``command`` only: importing this package, or ``requests`` and ``openapi``,
needs neither.
"""
