"""Homework codes and receipts: round trips, tamper detection, and an old receipt that
still reads."""

from __future__ import annotations

import base64
import contextlib
import json
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardmath.homework import (
    CodeError,
    HomeworkCode,
    PuzzleWork,
    Receipt,
    ReceiptError,
    check_receipt,
    find_receipts,
    homework_set,
    read_code,
    read_receipt,
)
from cardmath.homework.receipts import _checksum

GOLDEN = Path(__file__).parent / "golden" / "homework-receipt-v1.txt"


def test_the_same_code_deals_the_same_puzzles_and_another_seed_others() -> None:
    code = HomeworkCode("navigator", 2481, 8, "medium")
    first = homework_set(code)
    from cardmath.homework.sets import _homework_set

    _homework_set.cache_clear()  # deal again from nothing, as another machine would
    again = homework_set(str(code))
    assert [p.description for p in again.puzzles] == [p.description for p in first.puzzles]
    assert again.fingerprint == first.fingerprint
    other = homework_set(HomeworkCode("navigator", 2482, 8, "medium"))
    assert other.fingerprint != first.fingerprint
    assert len({p.description for p in first.puzzles}) == 8  # no puzzle twice


@pytest.mark.parametrize("game", ["navigator", "sequences", "sum15"])
def test_every_puzzle_accepts_its_answer_key_and_refuses_a_wrong_answer(game: str) -> None:
    for level in ("easy", "hard"):
        for puzzle in homework_set(HomeworkCode(game, 77, 5, level)).puzzles:
            assert puzzle.check(puzzle.answer_key).solved, puzzle.description
            wrong = {"navigator": "1 + 1", "sequences": "123456", "sum15": "nothing"}[game]
            if wrong != puzzle.answer_key:
                verdict = puzzle.check(wrong)
                assert not verdict.solved and verdict.message
            assert [puzzle.hint(level) for level in (1, 2, 3, 4)]


def test_levels_follow_the_difficulty_rating() -> None:
    for game in ("navigator", "sequences", "sum15"):
        easy = homework_set(HomeworkCode(game, 5, 8, "easy"))
        hard = homework_set(HomeworkCode(game, 5, 8, "hard"))
        mean = lambda homework: sum(p.rating[0] for p in homework.puzzles) / 8  # noqa: E731
        assert mean(easy) < mean(hard), game


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("NAV-2481-8M-Q", "check letter is wrong"),
        ("XYZ-2481-8M-2", "it starts with NAV, SEQ, SUM"),
        ("NAV-2481-8Z-2", "level letter is E, M or H"),
        ("NAV-2481-99M-2", "1 to 20 puzzles"),
        ("hello", "not a homework code"),
        ("N" * 5000, "not a homework code"),
    ],
)
def test_a_mistyped_code_is_refused_in_words(text: str, reason: str) -> None:
    with pytest.raises(CodeError, match=reason):
        read_code(text)


def test_a_code_reads_back_however_it_is_typed() -> None:
    code = HomeworkCode("sequences", 31, 6, "hard")
    for typed in (
        str(code),
        str(code).lower(),
        str(code).replace("-", " "),
        str(code).replace("-", ""),
    ):
        assert read_code(typed) == code


def _receipt(**changes: object) -> Receipt:
    homework = homework_set(HomeworkCode("sequences", 9, 3, "easy"))
    work = tuple(PuzzleWork(p.answer_key, True, 1, 2) for p in homework.puzzles)
    values = {
        "code": str(homework.code),
        "name": "Ada",
        "work": work,
        "fingerprint": homework.fingerprint,
    }
    values.update(changes)
    return Receipt(**values, handed_in=29_390_400)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    name=st.text(max_size=60),
    answers=st.lists(st.text(max_size=200), min_size=0, max_size=20),
    hints=st.integers(0, 4),
)
def test_a_receipt_round_trips_whatever_it_holds(name: str, answers: list[str], hints: int) -> None:
    receipt = Receipt(
        "SEQ-9-3E-X", name, tuple(PuzzleWork(a, bool(len(a) % 2), hints, 3) for a in answers)
    )
    assert read_receipt(receipt.to_text()) == receipt


def test_a_receipt_is_short_enough_to_paste() -> None:
    homework = homework_set(HomeworkCode("navigator", 2481, 8, "medium"))
    work = tuple(PuzzleWork(p.answer_key, True, 2, 5) for p in homework.puzzles)
    text = Receipt(
        str(homework.code), "Ada Lovelace", work, homework.fingerprint, 29_390_400
    ).to_text()
    assert len(text) < 300 and "\n" not in text and " " not in text


def test_receipts_are_found_in_pasted_text_even_broken_over_lines() -> None:
    one, two = _receipt().to_text(), _receipt(name="Bob").to_text()
    pasted = f"Ada says:\n{one[:30]}\n{one[30:]}\n\n> Bob: {two} thanks!"
    assert find_receipts(pasted) == [one, two]


def test_a_changed_character_is_caught_by_the_checksum() -> None:
    text = _receipt().to_text()
    for position in (8, 20, len(text) - 12, len(text) - 1):
        changed = text[:position] + ("B" if text[position] != "B" else "C") + text[position + 1 :]
        if changed[-9] != ":":
            continue
        with pytest.raises(ReceiptError):
            read_receipt(changed)
        assert check_receipt(changed).flags


def test_a_naive_edit_of_the_data_is_caught_by_the_checksum() -> None:
    text = _receipt().to_text()
    _, payload, checksum = text.split(":")
    record = json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "==")))
    record["w"][0][2] = 0  # "I used no hints"
    edited_payload = (
        base64.urlsafe_b64encode(zlib.compress(json.dumps(record).encode())).decode().rstrip("=")
    )
    edited = f"cmhw1:{edited_payload}:{checksum}"
    flags = check_receipt(edited).flags
    assert flags == (
        "this receipt was changed or damaged after it was made (its checksum does not match)",
    )


def test_a_recomputed_checksum_cannot_make_a_wrong_answer_count() -> None:
    """Whoever reads the source can recompute the checksum: the engine still judges."""
    text = _receipt().to_text()
    _, payload, _ = text.split(":")
    record = json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "==")))
    record["w"][0][0] = "999"  # a wrong value, still claimed solved
    forged_payload = (
        base64.urlsafe_b64encode(zlib.compress(json.dumps(record).encode())).decode().rstrip("=")
    )
    forged = f"cmhw1:{forged_payload}:{_checksum(1, forged_payload)}"
    checked = check_receipt(forged)
    assert not checked.counted
    assert checked.flags[0].startswith("puzzle 1 is claimed solved, but the engine says: Not 999")


def test_a_receipt_for_another_homework_or_another_deal_is_flagged() -> None:
    receipt = _receipt()
    other = HomeworkCode("sequences", 10, 3, "easy")
    assert check_receipt(receipt, other).flags == (
        f"this receipt is for homework {receipt.code}, not {other}",
    )
    redealt = check_receipt(_receipt(fingerprint="00000000")).flags
    assert redealt[0].startswith("its puzzles were dealt differently")


def test_a_receipt_of_a_newer_version_is_refused_in_words() -> None:
    text = _receipt().to_text().replace("cmhw1:", "cmhw2:", 1)
    with pytest.raises(ReceiptError, match="version 2, made by a newer cardmath"):
        read_receipt(text)


def test_a_version_1_receipt_written_by_the_first_release_still_reads() -> None:
    text = next(line for line in GOLDEN.read_text().splitlines() if line.startswith("cmhw1:"))
    receipt = read_receipt(text)
    assert receipt.version == 1
    assert (receipt.code, receipt.name, receipt.handed_in) == (
        "NAV-2481-3M-R",
        "Ada Lovelace",
        29_390_400,
    )
    assert receipt.work[0] == PuzzleWork("100 − 5 × 2", True, 2, 3)
    checked = check_receipt(text)
    assert checked.counted, checked.flags
    assert [puzzle.solved for puzzle in checked.puzzles] == [True, False, False]
    assert checked.when == "2025-11-18 00:00 UTC"


@pytest.mark.parametrize(
    "bad",
    [None, 42, "", "cmhw1:", "cmhw1:!!!:00000000", "x" * 30_000, "cmhw1:" + "A" * 50 + ":0123abcd"],
)
def test_nothing_pasted_crashes_the_reader(bad: object) -> None:
    with pytest.raises(ReceiptError):
        read_receipt(bad)
    if isinstance(bad, str):
        assert find_receipts(bad) in ([], [bad])


@settings(max_examples=150, deadline=None)
@given(
    text=st.one_of(st.text(max_size=300), st.from_regex(r"[0-9 ()+*/^xJQK-]{0,40}", fullmatch=True))
)
def test_no_typed_text_crashes_a_code_a_receipt_or_a_check(text: str) -> None:
    for reader in (read_code, read_receipt):
        with contextlib.suppress(CodeError, ReceiptError):  # refusals in words are fine
            reader(text)
    find_receipts(text)
    for game in ("navigator", "sequences", "sum15"):
        verdict = homework_set(HomeworkCode(game, 3, 1, "easy")).puzzle(1).check(text)
        assert isinstance(verdict.message, str) and verdict.message
