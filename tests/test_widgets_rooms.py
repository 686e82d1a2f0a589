"""The room screens, driven from Python against a real store (SQLite in a temporary
folder): each seat's widgets hold only its own cards, a page address brings a student
back to their seat, and every refusal is a sentence on the page."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from cardmath.rooms import open_store
from widgets.components.cardtable import card_label
from widgets.rooms.render import as_card, card_names_in
from widgets.rooms.seat import RoomSeat
from widgets.rooms.table import RoomTable
from widgets.rooms.teacher import TeacherConsole

GAMES = [
    ("permutations", 3, {"max_rounds": 1}),
    ("dotter", 3, {"laps": 1, "lap_length": 30}),
    ("sum15", 3, {}),
    ("navigator", 3, {"rounds": 1}),
    ("sequences", 2, {}),
]


@pytest.fixture
def store(tmp_path: Path) -> Any:
    return open_store(f"sqlite:///{tmp_path / 'rooms.sqlite'}")


def widget_text(root: w.Widget) -> str:
    """Every synced value of every widget under ``root``: what the page would receive."""
    seen: set[str] = set()
    parts: list[str] = []

    def walk(widget: w.Widget) -> None:
        if widget.model_id in seen:
            return
        seen.add(widget.model_id)
        parts.append(json.dumps(widget.get_state(), default=str, ensure_ascii=False))
        for key in widget.keys:
            value = getattr(widget, key, None)
            items = value if isinstance(value, list | tuple) else [value]
            for item in items:
                if isinstance(item, w.Widget):
                    walk(item)

    walk(root)
    return "\n".join(parts)


def mentions(text: str, card: str) -> bool:
    """Whether ``text`` names ``card`` (by its name, or as a screen reader says it)."""
    return any(
        re.search(r"(?<![A-Za-z0-9])" + re.escape(word) + r"(?![A-Za-z0-9])", text)
        for word in {card, card_label(as_card(card))}
    )


def seated(store: Any, code: str, names: list[str]) -> list[RoomSeat]:
    pages = []
    for name in names:
        page = RoomSeat(store, watch=False)
        page.code_box.value = code.lower()  # codes are read in any case
        page.name_box.value = name
        page.join()
        assert page.message.value == "", page.message.value
        assert page.seat_box.layout.display == "flex"
        pages.append(page)
    return pages


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_each_seat_holds_only_its_own_cards_through_a_game(
    store: Any, game: str, players: int, options: dict[str, Any]
) -> None:
    room = store.create_room(game, players=players, seed=5, options=options)
    pages = seated(store, room.code, ["Ada", "Bo", "Cy"][:players])
    projector = RoomTable(store, room.code, watch=False)
    rng = random.Random(3)
    ever: list[set[str]] = [set() for _ in pages]
    public: set[str] = set()
    for _move in range(120):
        views = [store.view(room.code, page.token) for page in pages]
        table = store.table(room.code)
        public |= card_names_in(table)
        for index, view in enumerate(views):
            ever[index] |= card_names_in(view)
        projector.refresh()
        projector_text = widget_text(projector)
        for index, page in enumerate(pages):
            page.refresh()
            text = widget_text(page)
            others = set().union(*(card_names_in(v) for i, v in enumerate(views) if i != index))
            for card in others - public - ever[index]:
                assert not mentions(text, card), (game, card)
            for card in others - public:
                assert card not in card_names_in(table)
                assert f'"{card}"' not in projector_text, (game, card)
        if table.get("is_terminal"):
            break
        mover = next(
            p for p, v in zip(pages, views, strict=True) if v["seat"] == table["current_player"]
        )
        assert "your turn" in mover.turn.value
        legal = mover.legal
        assert legal, (game, views)
        before = table["version"]
        assert mover.play(rng.choice(legal)), mover.message.value
        assert store.table(room.code)["version"] > before
    # the seat's own cards are in its widgets: the check above can see a card
    last = pages[0]
    own = card_names_in(store.view(room.code, last.token)) - public
    if own:
        assert any(mentions(widget_text(last), card) for card in own)


def test_the_page_address_puts_a_student_back_in_their_seat(store: Any) -> None:
    room = store.create_room("sum15", players=2, seed=9, options={})
    ada, bo = seated(store, room.code, ["Ada", "Bo"])
    assert ada.url.query == f"room={room.code}&seat={ada.token}"
    again = RoomSeat.from_query(store, f"room={room.code}&seat={bo.token}", watch=False)
    assert again.seat_box.layout.display == "flex"
    assert again.view["seat"] == bo.view["seat"] == 1
    assert "Bo" in again.where.value and "seat 2" in again.where.value


class Restarting:
    """A class service that does not answer for a while, then answers as ``store``."""

    dialect = "service"

    def __init__(self, store: Any) -> None:
        self.store, self.down = store, False

    def join(self, code: str, name: str) -> Any:
        return self.store.join(code, "ada")  # the service names the seat by the hub user

    def __getattr__(self, name: str) -> Any:
        from cardmath.service import ServiceUnavailable

        if self.down and name in ("view", "wait", "touch", "act"):
            raise ServiceUnavailable("the class service did not answer")
        return getattr(self.store, name)


def test_a_restarting_service_keeps_the_seat_and_the_page_comes_back(store: Any) -> None:
    room = store.create_room("sum15", players=2, seed=9, options={})
    service = Restarting(store)
    page = RoomSeat(service, watch=False)
    assert page.name_box.layout.display == "none"  # on a hub the seat carries the hub name
    assert "hub name" in page.join_box.children[0].value
    page.code_box.value = room.code
    page.join()
    before = page.version
    service.down = True
    page.refresh()
    assert "did not answer" in page.message.value and "seat is kept" in page.message.value
    assert page.seat_box.layout.display == "flex"  # still seated, not sent back to join
    assert page.join_box.layout.display == "none"
    service.down = False
    store.join(room.code, "Bo")  # the room moves on while the service was away
    page.refresh()
    assert page.message.value == ""
    assert page.version > before
    assert "Bo" in page.details.value + page.turn.value + page.log_box.value


def test_refusals_are_sentences_and_change_nothing(store: Any) -> None:
    room = store.create_room("sum15", players=2, seed=9, options={})
    page = RoomSeat(store, watch=False)
    page.code_box.value, page.name_box.value = "QQQQQ", "Ada"
    page.join()
    assert "cm-bad" in page.message.value and "QQQQQ" in page.message.value
    page.code_box.value, page.name_box.value = room.code, ""
    page.join()
    assert "Type your name" in page.message.value
    ada, bo = seated(store, room.code, ["Ada", "Bo"])
    late = RoomSeat(store, watch=False)
    late.code_box.value, late.name_box.value = room.code, "Cy"
    late.join()
    assert "full" in late.message.value.lower()
    assert late.seat_box.layout.display == "none"
    forged = RoomSeat.from_query(store, f"room={room.code}&seat=not-a-real-token", watch=False)
    assert "join again" in forged.message.value
    assert forged.seat_box.layout.display == "none" and forged.code_box.value == room.code
    for page in (ada, bo):
        page.refresh()  # what the page's watcher does when the room moves
    version = store.table(room.code)["version"]
    waiting = bo if ada.view["your_turn"] else ada
    assert not waiting.legal and not waiting.play("play 2C")
    assert "cm-bad" in waiting.message.value
    mover = ada if waiting is bo else bo
    move = mover.legal[0]
    assert mover.play(move)
    mover.version -= 1  # a second press sent before the page redrew
    assert not mover.play(move)
    assert "your move was not made twice" in mover.message.value
    assert store.table(room.code)["version"] > version


def test_the_projector_shows_the_code_a_qr_code_and_the_table(store: Any) -> None:
    room = store.create_room("permutations", players=3, seed=2, options={})
    projector = RoomTable(store, room.code, watch=False)
    projector.address.href = "http://10.0.0.5:8866/voila/render/room-table.ipynb?room=X"
    assert room.code in projector.banner.value and "<svg" in projector.banner.value
    assert f"room.ipynb?room={room.code}" in projector.banner.value
    assert "turn" in projector.turn.value
    missing = RoomTable(store, "", watch=False)
    assert "room code" in missing.message.value


def test_the_teacher_opens_rooms_and_sees_them(store: Any) -> None:
    console = TeacherConsole(store, watch=False)
    console.game.value = "sum15"
    console.tables.value = 3
    console.seats.value = 4
    codes = console.open_rooms()
    assert len(codes) == 3 and len(set(codes)) == 3
    text = widget_text(console)
    for code in codes:
        assert code in text
        assert store.table(code)["players"] == 4
    # a choice the teacher is making survives the console reading the rooms again
    row = console._rows[codes[1]][2]
    seat_choice = next(
        c for c in row.children[1].children if "cm-room-remove-seat" in c._dom_classes
    )
    seat_choice.value = 2
    store.pause(codes[2])
    console.refresh()
    assert console._rows[codes[1]][2] is row and seat_choice.value == 2
    assert "paused" in console._rows[codes[2]][1].value
    store.resume(codes[2])
    seated(store, codes[0], ["Ada"])
    console.refresh()
    assert "Ada: ● connected" in widget_text(console)
    console.fill(codes[0], "greedy")
    assert [s["kind"] for s in store.table(codes[0])["seats"]] == ["human"] + ["computer"] * 3
    console.remove(codes[0], 0)
    assert store.table(codes[0])["seats"][0]["kind"] == "empty"
    console.lock(codes[1], True)
    assert store.table(codes[1])["locked"]
    late = RoomSeat(store, watch=False)
    late.code_box.value, late.name_box.value = codes[1], "Cy"
    late.join()
    assert "locked" in late.message.value
    console.pause_all()
    assert all(store.table(code)["status"] == "paused" for code in codes)
    console.resume_all()
    console.hide_names.value = True
    assert all(store.table(code)["anonymous"] for code in codes)
    console.end(codes[2])
    assert store.table(codes[2])["status"] == "ended"
    assert "✘" not in console.message.value, console.message.value
