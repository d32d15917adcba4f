"""The seats of a game between people: who may act for which seat, said by a secret key.

Key idea: a game created with ``"seats": "invite"`` gives each seat a key,
and a request acting for a seat carries it (``X-Seat-Key``). The store
keeps only the keys' SHA-256 digests (in the game's setting), so a copy of
the database acts for nobody; a key is checked by comparing digests in
constant time (:func:`hmac.compare_digest`), and never logged.

Seat B's key is made from the game's join code, the short text one person
reads aloud to the other (:func:`join_code`: 12 letters and digits of
Crockford's base 32, 60 random bits); the game's id is made from it too.
So the code alone finds the game and its seat (``POST /api/join``) on any
server of the store, after any restart, with nothing kept but the digests;
and neither the id (what spectators hold) nor a key tells the code back.
Seat A's key is 32 random bytes of its own.

A key travels in the fragment of a join link (``/#game=ID&seat=B&key=KEY``):
a browser never sends a fragment to the server, so the key is in no
request line, no proxy's log and no ``Referer``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import secrets
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
    # The game's id, which every spectator holds, is made from the code: a plain hash of 60 bits could be
    # searched offline for the code (and so seat B's key) in 2**60 hashes. scrypt makes each guess cost
    # about 16 MiB and tens of milliseconds, which puts that search out of reach; the server pays it
    # once an invitation and once a join.
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


def from_code(code: str) -> tuple[str, str]:
    """The id of the game a join code invites to (22 characters, 128 bits of a digest) and seat B's key,
    both made from the code (stretched by scrypt: the id tells the code back to no search)."""
    stretched = _stretched(code)
    return _derived("game", stretched)[:22], _derived("seat B", stretched)


def new_keys() -> tuple[str, tuple[str, str], str]:
    """A new invitation: its join code, the two seats' keys (A's random, B's from the code), the game's id."""
    code = join_code()
    game_id, guest = from_code(code)
    return code, (secrets.token_urlsafe(32), guest), game_id


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


def links(base: str, game_id: str, keys: tuple[str, str]) -> dict[str, str]:
    """The join links of both seats and the watch link, under the page at ``base`` (``http://host/``): each
    key in the fragment, never in the path or the query."""
    page = base if base.endswith("/") else base + "/"
    pairs = zip(SEATS, keys, strict=True)
    made = {seat: f"{page}#game={quote(game_id)}&seat={seat}&key={quote(key)}" for seat, key in pairs}
    made["watch"] = f"{page}#watch={quote(game_id)}"
    return made
