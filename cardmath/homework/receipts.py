"""Hand-in receipts: a student's work on a homework, as one short line of text.

Binder sessions are anonymous and thrown away, so the receipt carries everything the
teacher needs: the homework code, the student's name, and for each puzzle the answer
given, the hints used and the tries. It is compact (a student pastes it into the
school's system), versioned (``cmhw1:`` is version 1; every later version still reads
version 1) and checksummed.

**What the checksum can promise.** An anonymous Binder session has no secret a student
could not read, so the checksum is not a signature: it catches a receipt damaged in
copying (a lost or changed character) and a naive edit of its text. What makes a
receipt trustworthy is that the teacher's side never believes it: every answer is
checked again by the engine (:mod:`cardmath.homework.checking`), so a receipt that
claims a wrong answer is flagged whatever its checksum says.

>>> work = (PuzzleWork("(9 + 6) * 7", solved=True, hints=1, tries=2), PuzzleWork())
>>> receipt = Receipt("NAV-7-2E-X", "Ada", work, fingerprint="0badcafe", handed_in=29_000_000)
>>> text = receipt.to_text()
>>> text.startswith("cmhw1:"), len(text) < 160
(True, True)
>>> read_receipt(text) == receipt
True
>>> read_receipt(text[:20] + ("A" if text[20] != "A" else "B") + text[21:])
Traceback (most recent call last):
  ...
cardmath.homework.receipts.ReceiptError: this receipt was changed or damaged after it was made (its checksum does not match)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from cardmath.errors import CardMathError, quoted

__all__ = [
    "RECEIPT_VERSION",
    "PuzzleWork",
    "Receipt",
    "ReceiptError",
    "find_receipts",
    "read_receipt",
]

RECEIPT_VERSION = 1
"""The version this cardmath writes. Every earlier version can still be read."""

MAX_RECEIPT = 20_000
"""Longest receipt text read (a real one is a few hundred characters)."""
MAX_NAME = 60
MAX_ANSWER = 200

_RECEIPT = re.compile(r"cmhw(\d{1,3}):([A-Za-z0-9_-]+):([0-9a-f]{8})")
_SALT = b"cardmath homework receipt"


class ReceiptError(CardMathError):
    """A receipt that cannot be read: damaged, edited, or not a receipt at all."""


@dataclass(frozen=True)
class PuzzleWork:
    """A student's work on one puzzle: the ``answer`` they last checked (their best one
    in Navigator), whether the page said it was ``solved``, the highest hint level they
    opened (0 to 4) and how many times they pressed Check."""

    answer: str = ""
    solved: bool = False
    hints: int = 0
    tries: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.answer, str) or len(self.answer) > MAX_ANSWER:
            raise ReceiptError(f"an answer in a receipt is text of at most {MAX_ANSWER} characters")
        if not isinstance(self.solved, bool):
            raise ReceiptError("a receipt says solved as true or false")
        for name, top in (("hints", 4), ("tries", 100_000)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise ReceiptError(
                    f"{name} in a receipt is a whole number from 0 to {top:,}, not {quoted(value)}"
                )


@dataclass(frozen=True)
class Receipt:
    """A hand-in: the homework ``code`` (as text), the student's ``name``, the ``work``
    on each puzzle in order, the set's ``fingerprint`` as the student's page dealt it,
    and when it was handed in (``handed_in``: minutes since 1970 UTC, by the student's
    clock; ``None`` when unknown)."""

    code: str
    name: str
    work: tuple[PuzzleWork, ...]
    fingerprint: str = ""
    handed_in: int | None = None
    version: int = RECEIPT_VERSION

    def __post_init__(self) -> None:
        if not isinstance(self.code, str) or not 1 <= len(self.code) <= 40:
            raise ReceiptError(f"a receipt's homework code is short text, not {quoted(self.code)}")
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            raise ReceiptError(f"a receipt's name is text of at most {MAX_NAME} characters")
        if not isinstance(self.work, tuple) or not all(
            isinstance(item, PuzzleWork) for item in self.work
        ):
            raise ReceiptError("a receipt's work is one entry for each puzzle")
        if len(self.work) > 20:
            raise ReceiptError(f"a receipt holds at most 20 puzzles, not {len(self.work)}")
        if self.handed_in is not None and (
            isinstance(self.handed_in, bool)
            or not isinstance(self.handed_in, int)
            or not 0 <= self.handed_in < 10**9
        ):
            raise ReceiptError(
                f"a receipt's time is minutes since 1970, not {quoted(self.handed_in)}"
            )

    def to_text(self) -> str:
        """The receipt as one line: ``cmhw1:<data>:<checksum>``."""
        if self.version != RECEIPT_VERSION:
            raise ReceiptError(f"this cardmath writes receipts of version {RECEIPT_VERSION} only")
        record = {
            "c": self.code,
            "n": self.name,
            "f": self.fingerprint,
            "t": self.handed_in,
            "w": [[item.answer, int(item.solved), item.hints, item.tries] for item in self.work],
        }
        raw = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
        payload = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
        return f"cmhw{RECEIPT_VERSION}:{payload}:{_checksum(RECEIPT_VERSION, payload)}"


def _checksum(version: int, payload: str) -> str:
    return hashlib.sha256(_SALT + f"|{version}|{payload}".encode()).hexdigest()[:8]


def find_receipts(text: object) -> list[str]:
    """Every receipt in a pasted text or a file (anything around them is ignored; line
    breaks and spaces inside a receipt, as mail programs add, are taken out).

    >>> find_receipts("Ada: cmhw1:eJyr:0123abcd\\n\\nBob: cmhw1:eJ\\nyr:89abcdef")
    ['cmhw1:eJyr:0123abcd', 'cmhw1:eJyr:89abcdef']
    """
    if not isinstance(text, str):
        raise ReceiptError(f"receipts are pasted as text, not {quoted(text)}")
    if len(text) > MAX_RECEIPT * 200:
        raise ReceiptError(
            "that is too much text to hold receipts: paste at most 200 receipts at once"
        )
    found = []
    # a receipt may have been broken over lines: join the text after each 'cmhw' up to the next
    for part in re.split(r"(?=cmhw\d)", text):
        if not part.startswith("cmhw"):
            continue
        joined = re.sub(r"\s+", "", part)
        match = _RECEIPT.match(joined)
        if match:
            found.append(match.group(0))
    return found


def read_receipt(text: object) -> Receipt:
    """The receipt in ``text`` (exactly one), checked: a receipt of an unknown version,
    damaged or edited is a :class:`ReceiptError` saying so."""
    if not isinstance(text, str):
        raise ReceiptError(f"a receipt is text starting with cmhw, not {quoted(text)}")
    if len(text) > MAX_RECEIPT:
        raise ReceiptError(f"a receipt is at most {MAX_RECEIPT:,} characters")
    cleaned = re.sub(r"\s+", "", text)
    match = _RECEIPT.fullmatch(cleaned)
    if match is None:
        raise ReceiptError(
            f"{quoted(text.strip())} is not a receipt (a receipt starts with cmhw1:)"
        )
    version, payload, checksum = int(match[1]), match[2], match[3]
    reader = _READERS.get(version)
    if reader is None:
        raise ReceiptError(
            f"this receipt is of version {version}, made by a newer cardmath: this one reads "
            f"versions {', '.join(map(str, sorted(_READERS)))}"
        )
    if _checksum(version, payload) != checksum:
        raise ReceiptError(
            "this receipt was changed or damaged after it was made (its checksum does not match)"
        )
    try:
        raw = zlib.decompressobj().decompress(
            base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), MAX_RECEIPT * 4
        )
        record = json.loads(raw.decode())
    except (
        binascii.Error,
        zlib.error,
        UnicodeDecodeError,
        json.JSONDecodeError,
        ValueError,
    ) as error:
        raise ReceiptError(f"this receipt cannot be read: {error}") from None
    return reader(record)


def _read_v1(record: Any) -> Receipt:
    """Version 1: ``{"c": code, "n": name, "f": fingerprint, "t": minutes or null,
    "w": [[answer, solved 0/1, hints, tries], ...]}``."""
    try:
        work = tuple(
            PuzzleWork(answer, bool(solved) if solved in (0, 1) else solved, hints, tries)
            for answer, solved, hints, tries in record["w"]
        )
        return Receipt(
            code=record["c"],
            name=record["n"],
            work=work,
            fingerprint=record.get("f", ""),
            handed_in=record.get("t"),
            version=1,
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, ReceiptError):
            raise
        raise ReceiptError(f"this receipt cannot be read: {quoted(error)}") from None


_READERS = {1: _read_v1}
"""How each version is read. A new version adds a reader; old ones stay."""
