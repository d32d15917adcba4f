"""The options of ``serve``: where the service listens and who may call it, the lexicons and the longest
search it offers, its worker processes, where it keeps the live games, and how it holds a crowd of clients
(docs/service.md). Apart from the other commands' parser: they are the server's settings, not a question's.
"""

from __future__ import annotations

import argparse
import os

from .models import number_in, whole_in


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """``serve``'s options on its parser."""
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (0.0.0.0: every interface; refused without --token unless --insecure)",
    )
    parser.add_argument("--port", type=whole_in(0, 65535), default=8000, help="the TCP port")
    parser.add_argument(
        "--lexicon",
        dest="lexicons",
        action="append",
        metavar="NAME",
        help="a bundled lexicon the service offers, once per lexicon (default: every bundled one)",
    )
    parser.add_argument(
        "--token", help="requests must carry 'Authorization: Bearer TOKEN' (for a server open to a network)"
    )
    parser.add_argument(
        "--max-budget",
        type=number_in(1, 1e9, "a number of milliseconds"),
        default=10_000,
        metavar="MS",
        help="the longest search a request may ask for, in milliseconds (a larger --budget is cut to it)",
    )
    parser.add_argument(
        "--workers",
        type=whole_in(0, 256, " workers"),
        default=min(4, os.cpu_count() or 1),
        metavar="N",
        help="processes running the commands, so one long search never stalls the others (0: threads)",
    )
    parser.add_argument(
        "--heavy-workers",
        type=whole_in(1, 64, " workers"),
        default=1,
        metavar="N",
        help="more processes, for the requests that may search over a second (so they never hold up the others)",
    )
    parser.add_argument(
        "--data",
        metavar="DIR|URL",
        help="where the live games are kept: a folder for SQLite (default: the user's data folder, e.g."
        " ~/.local/share/jarnac-solver; ':memory:' keeps none), or postgresql://USER@HOST/DB, a database"
        " several servers share (docs/store.md)",
    )
    parser.add_argument(
        "--max-games", type=whole_in(1, 10**7, " games"), default=10_000, metavar="N", help="the most live games kept"
    )
    parser.add_argument(
        "--max-games-per-address",
        type=whole_in(1, 10**7, " games"),
        default=100,
        metavar="N",
        help="the most games one client address creates in 10 minutes (429 beyond)",
    )
    parser.add_argument(
        "--keep-days",
        type=whole_in(1, 36_500, " days"),
        default=30,
        metavar="N",
        help="finished games are kept this many days after their end, then forgotten (games in progress are kept"
        " while their time control runs)",
    )
    parser.add_argument(
        "--vapid-private-key",
        metavar="FILE",
        default=None,
        help="the VAPID private key (PEM) of the Web Push sent to a seat's closed tab (pip install"
        " 'jarnac-solver[push]'; make one with: jarnac-solver serve --make-vapid-key FILE); default: the"
        " environment's JARNAC_VAPID_PRIVATE_KEY, else no push",
    )
    parser.add_argument(
        "--vapid-subject",
        metavar="URL",
        default=None,
        help="the contact the push services are given with the VAPID key (mailto:you@club.example or an https"
        " URL); default: the environment's JARNAC_VAPID_SUBJECT",
    )
    parser.add_argument(
        "--make-vapid-key",
        metavar="FILE",
        default=None,
        help="write a new VAPID private key to FILE, print its public key, and exit",
    )
    parser.add_argument(
        "--cors",
        dest="cors_origins",
        action="append",
        metavar="ORIGIN",
        help="a web origin whose pages may call the service (https://club.example; '*': any), once per origin",
    )
    parser.add_argument(
        "--allowed-host",
        dest="allowed_hosts",
        action="append",
        metavar="NAME",
        help="a name the server answers by (its Host header) besides localhost and its addresses, once per name",
    )
    parser.add_argument(
        "--insecure",
        action="store_true",
        help="listen beyond the loopback without --token: anyone who reaches the port plays and fills the store",
    )
    crowd = parser.add_argument_group(
        "a crowd of clients",
        "The server raises its open-file limit to the hard one and holds connections\n"
        "well below it (a limit of 1,024 and 3 workers: 351 connections, 175 push\n"
        "streams; docs/service.md). A connection past the cap takes the place of the\n"
        "one waiting longest for a request head, else it is answered 503 with Retry-After.",
    )
    crowd.add_argument(
        "--max-connections",
        type=whole_in(16, 10_000, " connections"),
        metavar="N",
        help="the most connections held (default: what the open-file limit leaves, at most 10,000)",
    )
    crowd.add_argument(
        "--max-streams",
        type=whole_in(1, 1000, " streams"),
        metavar="N",
        help="the most push streams open (default: half the connections, at most 1,000)",
    )
    crowd.add_argument(
        "--max-streams-per-address",
        type=whole_in(1, 1000, " streams"),
        metavar="N",
        help="the most push streams of one client address (default: 32; 429 beyond)",
    )
    crowd.add_argument(
        "--head-timeout",
        type=number_in(1, 300, "a number of seconds"),
        default=10.0,
        metavar="S",
        help="a request head must arrive within S seconds, else the connection is closed (default: 10)",
    )
    crowd.add_argument(
        "--keep-alive",
        type=whole_in(1, 300, " s"),
        default=5,
        metavar="S",
        help="an idle keep-alive connection is closed after S seconds (default: 5)",
    )
    crowd.add_argument(
        "--trusted-proxy",
        dest="trusted_proxies",
        action="append",
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For names the client (an IP address or network), once per proxy;"
        " without it the header is ignored, from any address",
    )
    crowd.add_argument(
        "--log-file",
        metavar="FILE",
        help="write the log to FILE, rotated at 1 MiB with 3 old files kept (default: standard error); either"
        " way a message repeated is written once with its count, and at most 120 lines a minute",
    )
