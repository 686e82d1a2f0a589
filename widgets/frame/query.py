"""The URL contract every dashboard obeys, read from the page's query string.

``?seed=N`` deals that game; ``?mode=...`` opens a mode (``play`` opens with a game
dealt against the computer); ``?bots=strong,greedy`` names the computer players (one
strength per seat); ``?players=N`` is how many sit at the table; ``?theme=projector``;
``?game=ID`` resumes a saved game; ``?length=10|20|40`` is the lesson length in minutes
(``?length=full``: the whole game of the seed). A bad value is never an error page: it gives a
one-line message on the page and the default is used.

>>> page = read_query("seed=2481&mode=puzzle&theme=dark", modes=("projector", "play", "puzzle"))
>>> page.seed, page.mode, page.theme, page.messages
(2481, 'puzzle', 'projector', ())
>>> page = read_query("seed=abc&mode=chess", modes=("projector", "play"))
>>> page.seed, page.mode
(None, None)
>>> for line in page.messages: print(line)
?seed=abc is not a whole number from 0 to 999,999,999: a new seed was dealt.
?mode=chess is not a mode of this dashboard (projector, play): opened projector.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from cardmath.errors import OptionError, is_ascii_digits, quoted
from cardmath.game import MAX_SEED
from cardmath.lesson_length import FULL_GAME, LESSON_MINUTES, read_length
from widgets.components.theme import THEMES, theme_name

__all__ = [
    "MAX_SEED",
    "PageQuery",
    "preheated_request_query",
    "query_string",
    "read_query",
    "seed_from_query",
]

SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{6,40}$")
SERVER_CODE_VARIABLE = "CARDMATH_SERVER_CODE"
"""Where a class server gives its preheated kernels the code its request socket asks for."""


def query_string() -> str:
    """The page's URL query string when running under Voilà (``""`` elsewhere).

    Without preheating, Voilà puts it in the kernel's ``QUERY_STRING``; with preheated
    kernels the notebook must wait for the visitor's request (:func:`preheated_request_query`).
    """
    return preheated_request_query()


def preheated_request_query(environ: Mapping[str, str] | None = None) -> str:
    """In a preheated Voilà kernel, wait for the visitor's request; its URL query string.

    A class server keeps kernels waiting with the notebook run up to the point where it
    needs the page's URL. Voilà's own ``voila.utils.get_query_string`` does the same wait,
    but importing it loads Jupyter Server, nbconvert and JupyterLab's server into every
    kernel: about 45 MB of the 100 a warm dashboard kernel then holds, which a class of 30
    pays 60 times over (visitors' kernels and the refilled pool). This speaks the same
    small protocol with the ``websockets`` client only: one message on Voilà's request
    socket for this kernel, whose fields become the kernel's environment (as Voilà's do).
    Outside a preheated kernel it returns ``QUERY_STRING`` at once.

    >>> preheated_request_query({"QUERY_STRING": "seed=5"})
    'seed=5'
    """
    env = os.environ if environ is None else environ
    if env.get("VOILA_PREHEAT", "False") == "False":
        return env.get("QUERY_STRING", "")
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL", "/")
    url = (
        f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
        f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"
    )
    if env.get(SERVER_CODE_VARIABLE):  # a class server opens this socket to its kernels only
        url += "?" + urlencode({"token": env[SERVER_CODE_VARIABLE]})
    try:
        with connect(url, open_timeout=5, max_size=2**20) as socket:
            request = json.loads(socket.recv())
    except (OSError, TimeoutError, ValueError, WebSocketException):
        return env.get("QUERY_STRING", "")
    for key, value in request.items():
        os.environ[str(key)] = str(value)
    return str(request.get("QUERY_STRING", ""))


@dataclass(frozen=True)
class PageQuery:
    """What a dashboard's address asks for (``None``: not asked, or asked wrongly) and a
    one-line message for each value that could not be used."""

    seed: int | None = None
    mode: str | None = None
    theme: str | None = None
    bots: tuple[str, ...] | None = None
    players: int | None = None
    game: str | None = None
    messages: tuple[str, ...] = ()
    length: int | str | None = None
    """The lesson length asked for: minutes (10, 20, 40), ``"full"`` for the whole game,
    ``None`` when not asked (or asked wrongly): the dashboard's usual length."""


def _first(values: dict[str, list[str]], name: str) -> str | None:
    found = values.get(name)
    return found[0] if found else None


def _shown(text: str) -> str:
    return quoted(text).strip("'\"")


def read_query(
    query: str | None,
    *,
    modes: Sequence[str] = (),
    bots: Sequence[str] = ("random", "greedy", "strong"),
    min_players: int = 2,
    max_players: int = 4,
    lengths: bool = True,
) -> PageQuery:
    """Read the URL contract; never raises, whatever the address says. ``lengths``:
    whether the dashboard offers lesson lengths (``?length=``).

    >>> read_query("bots=strong,greedy&players=3", bots=("random", "greedy", "strong")).bots
    ('strong', 'greedy')
    >>> read_query("players=9").messages[0]
    '?players=9 is not a number of players from 2 to 4: the usual table is used.'
    >>> read_query("length=20").length, read_query("length=full").length
    (20, 'full')
    >>> print(read_query("length=15").messages[0])
    ?length=15 is not a lesson length (10, 20 or 40 minutes, or full for the whole game): the usual length is used.
    """
    try:
        values = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    except (ValueError, TypeError):
        values = {}
    messages: list[str] = []
    seed = None
    text = _first(values, "seed")
    if text is not None:
        cleaned = text.strip()
        if is_ascii_digits(cleaned) and len(cleaned) <= 9 and 0 <= int(cleaned) <= MAX_SEED:
            seed = int(cleaned)
        else:
            messages.append(
                f"?seed={_shown(text)} is not a whole number from 0 to {MAX_SEED:,}: "
                "a new seed was dealt."
            )
    mode = None
    text = _first(values, "mode")
    if text is not None and modes:
        if text.strip().lower() in modes:
            mode = text.strip().lower()
        else:
            messages.append(
                f"?mode={_shown(text)} is not a mode of this dashboard "
                f"({', '.join(modes)}): opened {modes[0]}."
            )
    theme = None
    text = _first(values, "theme")
    if text is not None:
        theme = theme_name(text)
        if theme is None:
            messages.append(
                f"?theme={_shown(text)} is not a theme ({', '.join(THEMES)}): "
                "the usual theme is used."
            )
    chosen_bots = None
    text = _first(values, "bots")
    if text is not None:
        names = tuple(part.strip().lower() for part in text.split(",") if part.strip())
        wrong = [name for name in names if name not in bots]
        if wrong or len(names) >= max_players:
            messages.append(
                f"?bots={_shown(text)} should name up to {max_players - 1} computer players, "
                f"each {', '.join(bots)}: the usual opponents are used."
            )
        else:
            chosen_bots = names
    players = None
    text = _first(values, "players")
    if text is not None:
        cleaned = text.strip()
        if (
            is_ascii_digits(cleaned)
            and len(cleaned) <= 3
            and min_players <= int(cleaned) <= max_players
        ):
            players = int(cleaned)
        else:
            messages.append(
                f"?players={_shown(text)} is not a number of players from {min_players} to "
                f"{max_players}: the usual table is used."
            )
    if players is not None and chosen_bots is not None and len(chosen_bots) >= players:
        messages.append(
            f"?players={players} leaves no seat for a person beside {len(chosen_bots)} "
            "computer players: the usual table is used."
        )
        players = chosen_bots = None
    game = None
    text = _first(values, "game")
    if text is not None:
        if SESSION_ID.match(text.strip()):
            game = text.strip()
        else:
            messages.append(f"?game={_shown(text)} is not a saved game's name: a new game starts.")
    length: int | str | None = None
    text = _first(values, "length")
    if text is not None and lengths:
        try:
            minutes = read_length(text)
        except OptionError:
            choices = ", ".join(map(str, LESSON_MINUTES[:-1])) + f" or {LESSON_MINUTES[-1]}"
            messages.append(
                f"?length={_shown(text)} is not a lesson length ({choices} minutes, or "
                f"{FULL_GAME} for the whole game): the usual length is used."
            )
        else:
            length = FULL_GAME if minutes is None else minutes
    elif text is not None:
        messages.append(f"?length={_shown(text)}: this page has no lesson length.")
    return PageQuery(seed, mode, theme, chosen_bots, players, game, tuple(messages), length)


def seed_from_query(query: str | None) -> int | None:
    """The whole number given as ``seed=`` in a query string, else ``None``.

    >>> seed_from_query("seed=2481&mode=puzzle"), seed_from_query("seed=abc"), seed_from_query(None)
    (2481, None, None)
    """
    return read_query(query).seed
