"""Rooms on the class server: how long a move takes to show on the other screens of its room.

A class of 30 in 8 rooms of Sum 15 (six tables of 4, two of 3) on ``python -m
deploy.classroom`` with the rooms' store in a temporary SQLite file (``CARDMATH_ROOMS``),
``room.ipynb`` warmed for the class. Every student is a
:class:`~benchmarks.widgetclient.WidgetPage` (the page's own widget protocol, no
rendering): seated with their token in the address (``room.ipynb?room=CODE&seat=...``),
as a reload would. In every room in turn the student to move presses their card; the
time from the press to the moment each other screen of that room has redrawn (its turn
line or its table changed) is one sample. Reported: p50, p95 and max over all samples,
against a target of 300 ms p95, with the same pages' time to show their own move as the
baseline.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.classserver import CODE, ROOT, class_server
from benchmarks.widgetclient import Press, WidgetPage

TABLES = (4, 4, 4, 4, 4, 4, 3, 3)
"""Seats at each of the 8 tables: 30 students."""

WATCHED = ("cm-room-turn", "cm-room-details", "cm-room-seat")


def _classes(state: dict) -> list[str]:
    return list(state.get("_dom_classes") or [])


def _snapshot(page: WidgetPage) -> str:
    """What a student sees change after a move: the turn line, the table, the cards."""
    parts = []
    for state in page.states.values():
        classes = _classes(state)
        if "cm-room-turn" in classes or "cm-room-details" in classes:
            parts.append(str(state.get("value", "")))
        elif {"rows", "selected", "card_width"} <= state.keys():
            parts.append(str(state.get("rows")))
    return "\n".join(parts)


async def _changed(page: WidgetPage, before: str, started: float, limit: float) -> float | None:
    while time.perf_counter() - started < limit:
        if _snapshot(page) != before:
            return (time.perf_counter() - started) * 1000
        await asyncio.sleep(0.002)
    return None


def _card_press(page: WidgetPage, action: str) -> Press | None:
    from widgets.components.cardtable import card_label
    from widgets.rooms.render import as_card

    words = [card_label(c) for c in (as_card(w) for w in action.split()[1:]) if c is not None]
    for press in page.pressable():
        state = page.states[press.model_id]
        if "rows" in state:
            for row in state["rows"]:
                for card in row.get("cards", []):
                    if card.get("id") == press.content.get("id") and card.get("label") in words:
                        return press
        elif press.what == action:
            return press
    return None


async def _measure(url: str, store, rounds: int) -> tuple[list[float], list[float], list[str]]:
    rooms = []
    for index, seats in enumerate(TABLES):
        room = store.create_room("sum15", players=seats, seed=100 + index, options={"decks": 2})
        tokens = [store.join(room.code, f"Student {index}-{n}").token for n in range(seats)]
        rooms.append((room.code, tokens))
    pages: dict[tuple[str, str], WidgetPage] = {}
    for code, tokens in rooms:
        for token in tokens:
            page = WidgetPage(
                url, f"{url}/voila/render/room.ipynb?room={code}&seat={token}&token={CODE}"
            )
            pages[(code, token)] = page
    await asyncio.gather(*(page.open() for page in pages.values()))
    await asyncio.sleep(2.0)
    others_ms: list[float] = []
    own_ms: list[float] = []
    errors: list[str] = []
    for _ in range(rounds):
        for code, tokens in rooms:
            table = store.table(code)
            if table.get("is_terminal"):
                continue
            views = {t: store.view(code, t) for t in tokens}
            mover = next(t for t, v in views.items() if v["seat"] == table["current_player"])
            action = str(views[mover]["legal_actions"][0])
            press = _card_press(pages[(code, mover)], action)
            if press is None:
                errors.append(f"room {code}: no card to press for {action!r}")
                continue
            watched = [pages[(code, t)] for t in tokens]
            befores = [_snapshot(p) for p in watched]
            started = time.perf_counter()
            waits = [
                asyncio.create_task(_changed(p, b, started, 10.0))
                for p, b in zip(watched, befores, strict=True)
            ]
            await pages[(code, mover)].press(press, 10.0)
            results = await asyncio.gather(*waits)
            for token, result in zip(tokens, results, strict=True):
                if result is None:
                    errors.append(f"room {code}: a screen did not show the move within 10 s")
                elif token == mover:
                    own_ms.append(result)
                else:
                    others_ms.append(result)
    for page in pages.values():
        errors.extend(page.errors)
    await asyncio.gather(*(page.leave() for page in pages.values()), return_exceptions=True)
    return others_ms, own_ms, errors


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(quick: bool = False) -> list[dict]:
    from cardmath.rooms import open_store

    rounds = 2 if quick else 6
    with tempfile.TemporaryDirectory(prefix="cardmath-rooms-") as tmp:
        store_url = f"sqlite:///{Path(tmp) / 'rooms.sqlite'}"
        saved = os.environ.get("CARDMATH_ROOMS")
        os.environ["CARDMATH_ROOMS"] = store_url
        try:
            notebooks = {"room.ipynb": ROOT / "lessons" / "room.ipynb"}
            with class_server(notebooks, sum(TABLES), "--dashboards", "room.ipynb") as server:
                server.wait_warm()
                store = open_store(store_url)
                others, own, errors = asyncio.run(_measure(server.url, store, rounds))
        finally:
            if saved is None:
                os.environ.pop("CARDMATH_ROOMS", None)
            else:
                os.environ["CARDMATH_ROOMS"] = saved
    if not others:
        raise RuntimeError(f"no move was measured: {errors[:5]}")
    own_median = statistics.median(own) if own else None
    p95 = _percentile(others, 0.95)
    rows = [
        {
            "name": "rooms: move on other screens p50 (30 students)",
            "value": statistics.median(others),
            "unit": "ms",
            "baseline": own_median,
            "ratio": statistics.median(others) / own_median if own_median else None,
        },
        {
            "name": "rooms: move on other screens p95 (30 students)",
            "value": p95,
            "unit": "ms",
            "baseline": own_median,
            "ratio": p95 / own_median if own_median else None,
            "target": "under 300 ms",
        },
        {"name": "rooms: move on other screens max", "value": max(others), "unit": "ms"},
        {"name": "rooms: samples (moves x other screens)", "value": len(others), "unit": ""},
        {"name": "rooms: errors seen by the pages", "value": len(errors), "unit": ""},
    ]
    for line in errors[:5]:
        print(f"    {line}")
    return rows
