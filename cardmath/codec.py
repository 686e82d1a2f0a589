"""Lossless JSON for game states, actions and observations.

Game states are trees of frozen dataclasses, tuples, cards, enums and integers. This
module turns such a tree into plain JSON data and back, so that every saved game
round-trips exactly: ``from_data(to_data(x)) == x``.

Dataclasses are tagged with a registered name (see :func:`serializable`); tuples become
lists (and come back as tuples); cards are written in their text form; a whole number too
big for JSON text (Python writes at most 4,300 digits) is written in hexadecimal.

>>> from cardmath.cards import Card
>>> data = to_data((Card.parse("QH"), frozenset({3, 1}), {"chips": 10}))
>>> data
[{'card': 'QH'}, {'set': [1, 3]}, {'dict': [['chips', 10]]}]
>>> from_data(data) == (Card.parse("QH"), frozenset({1, 3}), {"chips": 10})
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import json
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from cardmath.cards import Card, NumberCard, SequencesCard
from cardmath.errors import SerializationError, quoted

_REGISTRY: dict[str, type] = {}
_CARD_KINDS: dict[str, type[Card] | type[SequencesCard] | type[NumberCard]] = {
    "Card": Card,
    "SequencesCard": SequencesCard,
    "NumberCard": NumberCard,
}

T = TypeVar("T", bound=type)


def serializable(name: str, *, formerly: tuple[str, ...] = ()) -> Callable[[T], T]:
    """Class decorator: register a dataclass or enum under a stable saved-type name.

    ``name`` is ``namespace.ClassName`` with the game's name as the namespace (for
    example ``navigator.Pick``): it is written into every saved game, so it never changes
    when code moves between files. ``formerly`` lists names older saves used; they are
    read back as this class. Two classes under one name fail at import:

    >>> @serializable("doctest.Thing")
    ... @dataclasses.dataclass(frozen=True)
    ... class Thing:
    ...     size: int
    >>> from_data(to_data(Thing(3)))
    Thing(size=3)
    >>> @serializable("doctest.Thing")
    ... @dataclasses.dataclass(frozen=True)
    ... class Other:
    ...     size: int
    Traceback (most recent call last):
      ...
    cardmath.errors.SerializationError: two classes are saved as 'doctest.Thing': cardmath.codec.Thing and cardmath.codec.Other
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise SerializationError(f"a saved-type name is 'namespace.ClassName', not {quoted(name)}")

    def register(cls: T) -> T:
        for tag in (name, *formerly):
            existing = _REGISTRY.get(tag)
            if existing is not None and not _same_class(existing, cls):
                raise SerializationError(
                    f"two classes are saved as {tag!r}: "
                    f"{existing.__module__}.{existing.__qualname__} and "
                    f"{cls.__module__}.{cls.__qualname__}"
                )
        for tag in (name, *formerly):
            _REGISTRY[tag] = cls
        cls.__codec_tag__ = name  # type: ignore[attr-defined]
        return cls

    return register


_NAME = re.compile(r"[a-z][a-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*")


def _same_class(one: type, other: type) -> bool:
    """The same class defined again (a module reloaded), not a second class."""
    return one is other or (
        one.__module__ == other.__module__ and one.__qualname__ == other.__qualname__
    )


def to_data(value: Any) -> Any:
    """Turn a state tree into JSON-ready data (dicts, lists, strings, numbers)."""
    kind = type(value)
    if kind in _PLAIN:  # the leaves of every tree, answered without a call
        return value
    if kind is int and -_BIG < value < _BIG:
        return value
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _encoder_for(kind)
        _ENCODERS[kind] = encoder
    return encoder(value)


def _dataclass_encoder(kind: type) -> Callable[[Any], Any]:
    """The encoder of one registered dataclass: its tag and field names found once."""
    tag = _tag(kind)
    names = tuple(f.name for f in dataclasses.fields(kind) if f.init)

    def encode(value: Any) -> Any:
        return {"type": tag, "fields": {name: to_data(getattr(value, name)) for name in names}}

    return encode


def _encode_set(value: frozenset[Any]) -> Any:
    items = [to_data(item) for item in value]
    return {"set": sorted(items, key=lambda item: json.dumps(item, sort_keys=True))}


_BIG_BITS = 13_000
"""Whole numbers with more bits than this (about 3,900 digits) are saved in hexadecimal,
which Python converts at any size."""
_BIG = 1 << _BIG_BITS
"""A whole number ``n`` with ``-_BIG < n < _BIG`` has at most ``_BIG_BITS`` bits."""
_PLAIN = frozenset({type(None), bool, str, float})
"""The types written as themselves."""


def _encode_int(value: int) -> Any:
    """A whole number as itself, or ``{"int": "0x..."}`` when it is too big for JSON text.

    >>> _encode_int(7), from_data(_encode_int(-(2**20_000))) == -(2**20_000)
    (7, True)
    """
    value = int(value)
    return {"int": hex(value)} if value.bit_length() > _BIG_BITS else value


def _encoder_for(kind: type) -> Any:
    """Choose, once per type, how values of that type are written."""
    if kind in (type(None), bool, str, float):
        return lambda value: value
    if kind is int:
        return _encode_int
    if issubclass(kind, enum.Enum):
        return lambda value: {"enum": _tag(type(value)), "name": value.name}
    if issubclass(kind, Fraction):
        return lambda value: {"fraction": str(value)}
    if issubclass(kind, Card):
        return lambda value: {"card": str(value)}
    if issubclass(kind, (SequencesCard, NumberCard)):
        return lambda value: {"card": str(value), "kind": type(value).__name__}
    if issubclass(kind, tuple) and not hasattr(kind, "_fields"):
        return lambda value: [to_data(item) for item in value]
    if issubclass(kind, list):
        return lambda value: {"list": [to_data(item) for item in value]}
    if issubclass(kind, frozenset):
        return _encode_set
    if issubclass(kind, dict):
        return lambda value: {"dict": [[to_data(k), to_data(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(kind):
        return _dataclass_encoder(kind)
    if issubclass(kind, int):
        return _encode_int

    def refuse(value: Any) -> Any:
        raise SerializationError(f"cannot save a {type(value).__name__} ({quoted(value)})")

    return refuse


_ENCODERS: dict[type, Any] = {}
_READ_PLAIN = _PLAIN | {int}
"""The types :func:`from_data` gives back as they are (JSON's own, but lists and dicts)."""


def from_data(data: Any) -> Any:
    """The inverse of :func:`to_data`."""
    kind = type(data)
    if kind in _READ_PLAIN:  # JSON's own types first, without walking the checks below
        return data
    if kind is not dict:  # a list, a subclass of JSON's types, or something else
        if isinstance(data, list):
            return tuple([from_data(item) for item in data])
        if isinstance(data, (bool, int, float, str)):
            return data
        raise SerializationError(f"unexpected saved value {quoted(data)}")
    try:
        if "int" in data:
            return int(data["int"], 16)
        if "card" in data:
            return _CARD_KINDS[data.get("kind", "Card")].parse(data["card"])
        if "enum" in data:
            members: type[enum.Enum] = _lookup(data["enum"])
            return members[data["name"]]
        if "fraction" in data:
            return Fraction(data["fraction"])
        if "set" in data:
            return frozenset(from_data(item) for item in data["set"])
        if "list" in data:
            return [from_data(item) for item in data["list"]]
        if "dict" in data:
            return {from_data(key): from_data(item) for key, item in data["dict"]}
        if "type" in data:
            cls = _lookup(data["type"])
            return cls(**{name: from_data(item) for name, item in data["fields"].items()})
    except SerializationError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SerializationError(
            f"saved data could not be read back: {quoted(str(error), 200)}"
        ) from error
    raise SerializationError(f"unexpected saved object with keys {quoted(sorted(map(str, data)))}")


def dumps(value: Any) -> str:
    """JSON text for a state tree (compact, keys in a stable order)."""
    return json.dumps(to_data(value), separators=(",", ":"), sort_keys=True)


def loads(text: str) -> Any:
    """Read back what :func:`dumps` wrote."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"saved game data is JSON text, not {quoted(text)}")
    try:
        data = json.loads(text)
        return from_data(data)
    except SerializationError:
        raise
    except json.JSONDecodeError as error:
        raise SerializationError(f"this is not saved game data: {error}") from error
    except (ValueError, RecursionError) as error:  # a number too long, nesting too deep
        raise SerializationError(f"this is not saved game data: {quoted(str(error))}") from error


def _tag(cls: type) -> str:
    tag: str | None = getattr(cls, "__codec_tag__", None)
    if tag is None or _REGISTRY.get(tag) is not cls:
        raise SerializationError(f"{cls.__qualname__} is not registered with @serializable")
    return tag


_HOMES: dict[str, str] = {
    "game": "cardmath.game",
    "navigator_rules": "cardmath.games.navigator",
}
"""Namespaces whose module is not ``cardmath.games.<namespace>``."""


def _lookup(tag: str) -> type:
    if tag not in _REGISTRY:
        # Saved data may name a class whose module is not imported yet.
        import importlib

        namespace = tag.split(".", 1)[0]
        home = _HOMES.get(namespace, f"cardmath.games.{namespace}")
        with contextlib.suppress(ImportError):
            importlib.import_module(home)
    if tag not in _REGISTRY:
        raise SerializationError(f"saved data names an unknown type {quoted(tag)}")
    return _REGISTRY[tag]
