"""The seats of a game between people: who may act for which seat, said by a secret key.

Key idea: a game created with ``"seats": "invite"`` gives each seat a key,
and a request acting for a seat carries it (``X-Seat-Key``). The store
keeps only the keys' SHA-256 digests (in the game's setting), so a copy of
the database acts for nobody; a key is checked by comparing digests in
constant time (:func:`hmac.compare_digest`), and never logged. Every key
is 32 random bytes of :mod:`secrets`, made for the device that holds it.

The creator holds seat A's key and an invitation: a join code, the short
text one person reads aloud to the other (:func:`join_code`: 12 letters and
digits of Crockford's base 32, 60 random bits), and its join link
(``/#join=CODE``). The first device that uses it gets a fresh key for seat
B, made then and never derived from the code; afterwards the code opens
nothing (the store closes it in the transaction that seats B). The store
finds an invitation by its code's digest, stretched by scrypt
(:func:`code_digest`): a copy of the database cannot be searched for the
codes of the invitations still open. The game's id is random, and tells
nothing of the code.

A seat's holder moves the seat to another device with a transfer link
(``/#move=TOKEN``, 32 random bytes): its first use gives that device a new
key and the old one acts no more; a second use opens nothing.

A key or a token travels in the fragment of a link: a browser never sends
a fragment to the server, so it is in no request line, no proxy's log and
no ``Referer``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import secrets
from typing import Any
from urllib.parse import quote

SEATS = ("A", "B")
"""The seats, in the order of the game's players."""
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand is not misread."""
CODE_LENGTH = 12
"""Letters of a join code: 60 random bits, written in three groups of four."""
_MISREAD = str.maketrans({"O": "0", "I": "1", "L": "1"})


def digest(key: str) -> str:
    """The SHA-256 digest of a key, as the store keeps it (hexadecimal)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _derived(purpose: str, stretched: bytes) -> str:
    raw = hashlib.sha256(f"jarnac-solver {purpose}:".encode() + stretched).digest()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _stretched(code: str) -> bytes:
    # A plain hash of 60 bits kept in the store could be searched offline for an open invitation's code in
    # 2**60 hashes. scrypt makes each guess cost about 16 MiB and tens of milliseconds, which puts that
    # search out of reach; the server pays it once an invitation and once a join.
    return hashlib.scrypt(code.encode("ascii"), salt=b"jarnac-solver join code", n=2**14, r=8, p=1, dklen=32)


def join_code() -> str:
    """A new join code (:data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`, from :mod:`secrets`)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str | None:
    """The code ``text`` writes (any case, dashes and spaces left out, O read as 0, I and L as 1), or
    ``None`` when it cannot be one.

    >>> normal_code("k7qm-2pxa 9b3c"), normal_code("k7qm-2pxa-9b3"), normal_code("K7QM-2PXU-9B3C")
    ('K7QM2PXA9B3C', None, None)
    """
    code = "".join(text.upper().split()).replace("-", "").translate(_MISREAD)
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def shown_code(code: str) -> str:
    """The code as a person reads it: three groups of four (``K7QM-2PXA-9B3C``)."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def code_digest(code: str) -> str:
    """The digest the store finds an invitation by: the code (:func:`normal_code`'s form) stretched by scrypt."""
    return _derived("invitation", _stretched(code))


def new_key() -> str:
    """A new seat key, or a transfer link's token: 32 random bytes of :mod:`secrets`, URL-safe text."""
    return secrets.token_urlsafe(32)


def new_game_id() -> str:
    """A new game's id: 16 random bytes (22 characters), which tell nothing of any code or key."""
    return secrets.token_urlsafe(16)


def seat_of(given: str | None, digests: tuple[str, str]) -> str | None:
    """The seat whose key ``given`` is (``"A"`` or ``"B"``), or ``None``: no key, or nobody's.

    Both digests are compared, each in constant time, whatever the first says: the answer's time tells
    nothing of which seat, or which characters, a guess got right.
    """
    if not given:
        return None
    asked = digest(given)
    found = [hmac.compare_digest(asked, held) for held in digests]
    return next((seat for seat, same in zip(SEATS, found, strict=True) if same), None)


def qr_code(text: str) -> str | None:
    """``text`` as a QR code, an SVG image in a ``data:`` URL (the page's policy lets images be those), or
    ``None`` without the pure-Python ``segno`` (the server extra has it)."""
    try:
        import segno
    except ImportError:  # pragma: no cover - the server extra installs it
        return None
    made = io.BytesIO()
    segno.make(text, error="m").save(made, kind="svg", scale=4, xmldecl=False, border=2)
    return "data:image/svg+xml;base64," + base64.b64encode(made.getvalue()).decode("ascii")


def links(base: str, game_id: str, keys: dict[str, str]) -> dict[str, str]:
    """The links of the seats whose ``keys`` are given and the watch link, under the page at ``base``
    (``http://host/``): each key in the fragment, never in the path or the query."""
    page = _page(base)
    made = {seat: f"{page}#game={quote(game_id)}&seat={seat}&key={quote(key)}" for seat, key in keys.items()}
    made["watch"] = f"{page}#watch={quote(game_id)}"
    return made


def _page(base: str) -> str:
    return base if base.endswith("/") else base + "/"


def join_link(base: str, code: str) -> str:
    """An invitation's link: its code in the fragment (``/#join=K7QM-2PXA-9B3C``)."""
    return f"{_page(base)}#join={quote(shown_code(code))}"


def transfer_link(base: str, token: str) -> str:
    """A transfer link: its token in the fragment (``/#move=TOKEN``)."""
    return f"{_page(base)}#move={quote(token)}"


def invitation(base_url: str, code: str) -> dict[str, Any]:
    """An invitation as the creator gets it: the code to read aloud, its link, the link's QR code."""
    link = join_link(base_url, code)
    made: dict[str, Any] = {"code": shown_code(code), "link": link}
    qr = qr_code(link)
    if qr is not None:
        made["qr"] = qr
    return made
