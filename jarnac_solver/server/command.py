"""``jarnac-solver serve``: the service on uvicorn, started by one command.

Starlette and uvicorn are the ``server`` extra; without them the command
says how to install it (one line, status 2), and nothing else of the
package imports them. Everything that can be refused is refused before
the banner, in one line and status 2: a port in use, a store another
server holds or a damaged one, a database server down or its tables newer
than the code, an address beyond the loopback without a token (unless
``--insecure``).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import re
import socket

from ..cli import PROG
from ..cli.errors import UsageError
from ..errors import MissingExtraError, UnknownLexiconError
from ..lexicon.lexicon import Lexicon

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_ORIGIN = re.compile(r"^https?://[^/\s]+$")
INSTALL = "the service needs starlette and uvicorn: pip install 'jarnac-solver[server]'"


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or a usage error saying why not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise UsageError(f"{PROG} serve: --host {host!r}: not an address of this machine ({exc})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise UsageError(f"{PROG} serve: cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.set_inheritable(True)
    return sock


def _loopback(host: str) -> bool:
    """True when ``host`` only listens on this machine (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _cmd_serve(args: argparse.Namespace) -> None:
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError:
        raise MissingExtraError(INSTALL) from None
    import os

    from . import webpush
    from .contract import Offer, offered_lexicon
    from .storage import open_store
    from .store import default_data_dir

    if args.make_vapid_key is not None:
        try:
            print(webpush.make_keys(args.make_vapid_key))
        except RuntimeError as exc:
            raise MissingExtraError(str(exc)) from None
        except OSError as exc:
            raise UsageError(f"--make-vapid-key {args.make_vapid_key!r}: cannot be written ({exc.strerror})") from None
        return
    vapid_key = args.vapid_private_key or os.environ.get(webpush.ENV_KEY) or None
    vapid_subject = args.vapid_subject or os.environ.get(webpush.ENV_SUBJECT) or None
    if vapid_key is not None:
        if vapid_subject is None:
            raise UsageError(f"{PROG} serve: --vapid-private-key needs --vapid-subject (mailto:you@club.example)")
        try:
            webpush.Pusher(vapid_key, vapid_subject)  # a bad key or subject said at the start, in one line
        except RuntimeError as exc:
            raise MissingExtraError(str(exc)) from None
        except ValueError as exc:
            raise UsageError(f"{PROG} serve: {exc}") from None

    available = Lexicon.available()
    for name in args.lexicons or ():
        fault = offered_lexicon(name, Offer(tuple(available)))
        if fault:
            raise UnknownLexiconError(f"--lexicon {fault}")
    if args.token is not None and not args.token.strip():
        raise UsageError(f"{PROG} serve: --token is empty: every request would be refused (give a secret)")
    for origin in args.cors_origins or ():
        if origin != "*" and not _ORIGIN.match(origin):
            raise UsageError(
                f"{PROG} serve: --cors {origin!r} is not a web origin: scheme://host[:port], e.g. https://club.example"
            )
    if not _loopback(args.host) and args.token is None and not args.insecure:
        raise UsageError(
            f"{PROG} serve: --host {args.host} without --token lets anyone who reaches the port play, fill the"
            " store and take the CPU: give --token SECRET (or --insecure, on a network you trust)"
        )
    for name in args.allowed_hosts or ():
        if not re.fullmatch(r"[A-Za-z0-9.-]{1,253}", name):
            raise UsageError(f"{PROG} serve: --allowed-host {name!r} is not a host name (e.g. jarnac.club.example)")
    for proxy in args.trusted_proxies or ():
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise UsageError(f"{PROG} serve: --trusted-proxy {proxy!r} is not an IP address or network") from None
    from . import crowd

    try:
        budget = crowd.plan(
            crowd.raise_limit(),
            args.workers + args.heavy_workers if args.workers else 0,
            max_connections=args.max_connections,
            max_streams=args.max_streams,
            streams_per_address=args.max_streams_per_address,
        )
    except ValueError as exc:
        raise UsageError(f"{PROG} serve: {exc}") from None
    try:
        quieter = crowd.quiet_log(args.log_file)
    except OSError as exc:
        raise UsageError(f"{PROG} serve: --log-file {args.log_file!r}: {exc.strerror}") from None
    data = None if args.data == ":memory:" else (args.data or default_data_dir())
    # A folder that cannot hold the database, a damaged file, another server on it, a database server down:
    # said now, in one line.
    checked = open_store(data)
    games_in = checked.where
    checked.close()
    sock = _bind(args.host, args.port)
    from .app import create_app

    app = create_app(
        args.lexicons,
        token=args.token,
        max_budget_ms=args.max_budget,
        workers=args.workers,
        heavy_workers=args.heavy_workers,
        data=data,
        max_games=args.max_games,
        max_games_per_address=args.max_games_per_address,
        keep_days=args.keep_days,
        vapid_private_key=vapid_key,
        vapid_subject=vapid_subject,
        cors_origins=args.cors_origins or (),
        allowed_hosts=args.allowed_hosts or (),
        max_streams=budget.max_streams,
        max_streams_per_address=budget.streams_per_address,
        gate=(gate := crowd.Gate(budget.max_connections, head_seconds=args.head_timeout)),
    )
    offered = ", ".join(args.lexicons or available)
    where = f"{args.workers} + {args.heavy_workers} worker processes" if args.workers else "threads"
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    kept = f"games in {games_in}" if data is not None else "games in memory only"
    print(
        f"{PROG} serve: http://{shown}:{port}/api/ (lexicons {offered}; {where}; {kept};"
        f" {budget.describe()}; Ctrl-C stops)",
        flush=True,
    )
    from .guard import MAX_HEAD_BYTES
    from .protocol import Protocol

    class Gated(Protocol):
        pass

    Gated.gate = gate
    trusted = list(args.trusted_proxies or ())
    config = uvicorn.Config(
        app,
        log_level="warning",
        log_config=None,  # the log is crowd.quiet_log's: one handler, repeats counted, lines a minute bounded
        access_log=False,
        http=Gated,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        backlog=budget.accept_burst,  # also the most accepted in one turn of the loop: the reserve covers it
        timeout_keep_alive=args.keep_alive,
        # X-Forwarded-For names the client only when a proxy the operator named sent it: uvicorn trusts the
        # loopback's by default, which let any local client pick its address (and so its bounds) per request.
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or None,
    )

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            asyncio.get_running_loop().set_exception_handler(crowd.loop_errors)
            await super().startup(sockets)
            # uvicorn's backlog is also how many connections the loop accepts in one turn (bounded by the
            # reserve); the kernel's queue of connections waiting to be accepted is made longer again.
            for listening in sockets or ():
                listening.listen(crowd.LISTEN_QUEUE)

        def handle_exit(self, sig: int, frame: Any) -> None:
            app.state.stop_streams()  # a push stream would hold the stop until it ends: ended first
            super().handle_exit(sig, frame)

    try:
        Server(config).run(sockets=[sock])
    finally:
        for line in quieter.pending():
            logging.getLogger("jarnac_solver.server").warning("at the stop: %s", line)
