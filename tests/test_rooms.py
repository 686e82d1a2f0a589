"""The rooms' store, on SQLite and on a real PostgreSQL: one suite, both stores.

What a class would notice: a student joins with the code on the projector and gets a
seat; the same deal as the engine's; a wrong code, a full room, a forged key, a move out
of turn or a double click each get a sentence and change nothing; two seats acting at
once never both apply; a restart loses nothing; a page waiting on the room wakes when
someone moves; the teacher's console does what its buttons say.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardmath.errors import ActionSyntaxError, CardMathError, IllegalMove, OptionError
from cardmath.games import get_game
from cardmath.rooms import (
    BadName,
    BadToken,
    NameTaken,
    NotYourTurn,
    RoomClosed,
    RoomExpired,
    RoomFull,
    RoomLocked,
    RoomNotFound,
    RoomPaused,
    SeatRemoved,
    StaleMove,
    core,
    open_store,
)
from cardmath.rooms.referee import card_names
from cardmath.rooms.store import CODE_ALPHABET, RoomStore


@pytest.fixture
def store(store_url: str) -> Iterator[RoomStore]:
    opened = open_store(store_url)
    yield opened
    opened.close()


def seated(store: RoomStore, game: str, players: int, seed: int = 3, **options):
    room = store.create_room(game, players=players, seed=seed, options=options)
    seats = [store.join(room.code, f"Student {n + 1}") for n in range(players)]
    return room, seats


def mover_token(store: RoomStore, code: str, seats) -> str:
    return seats[store.table(code)["current_player"]].token


# --- opening, joining, the deal ---------------------------------------------------------


def test_a_room_deals_what_the_engine_deals(store: RoomStore) -> None:
    room, seats = seated(store, "permutations", 3, seed=11)
    state = get_game("permutations", players=3).new_state(seed=11)
    assert room.seed == 11 and room.players == 3
    for seat in seats:
        assert store.observation(room.code, seat.token) == state.observation(seat.index)
        view = store.view(room.code, seat.token)
        assert view["observation"]["hand"] == [str(c) for c in state.observation(seat.index).hand]
    legal = store.view(room.code, seats[0].token)["legal_actions"]
    assert legal == [str(a) for a in state.legal_actions()]


def test_codes_are_short_and_readable(store: RoomStore) -> None:
    codes = {store.create_room("demo", players=2).code for _ in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert 4 <= len(code) <= 6 and set(code) <= set(CODE_ALPHABET)
        assert not set(code) & set("0O1I")


def test_joining_fills_seats_in_order_then_refuses(store: RoomStore) -> None:
    room = store.create_room("sum15", players=3, seed=1)
    ana = store.join(room.code.lower(), "  Ana ")
    ben = store.join(f" {room.code} ", "Ben")
    assert (ana.index, ana.name, ben.index) == (0, "Ana", 1)
    with pytest.raises(NameTaken, match="Ana is already at this table"):
        store.join(room.code, "ANA")
    for bad in ("", "   ", "x" * 40, "a\x00b", None):
        with pytest.raises(BadName):
            store.join(room.code, bad)
    store.join(room.code, "Cy")
    with pytest.raises(RoomFull, match=f"room {room.code} is full: all 3 seats are taken"):
        store.join(room.code, "Dee")
    with pytest.raises(RoomNotFound, match="there is no room ZZZZZ"):
        store.join("ZZZZZ", "Dee")
    with pytest.raises(RoomNotFound):
        store.join(None, "Dee")  # type: ignore[arg-type]
    assert [s["name"] for s in store.table(room.code)["seats"]] == ["Ana", "Ben", "Cy"]


def test_a_chosen_code_and_a_rush_of_students(store_url: str) -> None:
    """Six students type the code at the same instant for four seats: four sit, two
    are told the room is full; nobody shares a seat."""
    stores = [open_store(store_url) for _ in range(6)]
    try:
        room = stores[0].create_room("navigator", players=4, code="k7qx2")
        assert room.code == "K7QX2"
        with pytest.raises(OptionError, match="room K7QX2 already exists"):
            stores[1].create_room("sum15", players=2, code="K7QX2")
        with pytest.raises(OptionError, match="no 0, O, 1 or I"):
            stores[1].create_room("sum15", players=2, code="OI01")
        results: list[object] = [None] * 6
        barrier = threading.Barrier(6)

        def join(n: int) -> None:
            barrier.wait()
            try:
                results[n] = stores[n].join("K7QX2", f"Student {n}")
            except Exception as error:
                results[n] = error

        threads = [threading.Thread(target=join, args=(n,)) for n in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seats = [r for r in results if not isinstance(r, Exception)]
        assert sorted(seat.index for seat in seats) == [0, 1, 2, 3]  # type: ignore[union-attr]
        assert [type(r) for r in results if isinstance(r, Exception)] == [RoomFull, RoomFull]
    finally:
        for store in stores:
            store.close()


def test_a_wrong_game_or_option_is_refused(store: RoomStore) -> None:
    with pytest.raises(OptionError, match="there is no game 'chess'"):
        store.create_room("chess", players=2)
    with pytest.raises(OptionError):
        store.create_room("navigator", players=9)
    with pytest.raises(OptionError):
        store.create_room("navigator", players=3, options={"colour": "red"})
    assert store.rooms() == []


def test_an_old_room_has_expired(store: RoomStore, monkeypatch) -> None:
    room, seats = seated(store, "demo", 2)
    later = time.time() + core.ROOM_LIFETIME + 60
    monkeypatch.setattr(core, "now", lambda: later)
    with pytest.raises(RoomExpired, match="has expired"):
        store.view(room.code, seats[0].token)
    with pytest.raises(RoomExpired):
        store.join(room.code, "Late")
    assert store.rooms() == []
    assert store.purge() == [room.code]
    with pytest.raises(RoomNotFound, match="there is no room"):
        store.table(room.code)


# --- acting --------------------------------------------------------------------------


def test_refused_moves_change_nothing(store: RoomStore) -> None:
    room, (ana, ben) = seated(store, "sum15", 2, seed=5)
    before = (store.table(room.code), store.view(room.code, ana.token))
    legal = before[1]["legal_actions"]
    refusals = [
        (ben.token, legal[0], NotYourTurn, "it is Player 1's turn \\(Student 1\\), not yours"),
        (ana.token, "play 1Z", ActionSyntaxError, "'play 1Z' is not a card to play"),
        (ana.token, "", ActionSyntaxError, "not a card to play|is not a move"),
        (ana.token, "x" * 5000, ActionSyntaxError, "at most 1,000 characters"),
        ("forged-token-123", legal[0], BadToken, "seat key is not one room"),
        (None, legal[0], BadToken, "seat key"),
        (ben.token[:-2] + "xx", legal[0], BadToken, "seat key"),
        (ana.token, None, ActionSyntaxError, "a move is text"),
        (ana.token, {"card": "7H"}, ActionSyntaxError, "a move is text"),
    ]
    for token, text, error, message in refusals:
        with pytest.raises(error, match=message):
            store.act(room.code, token, text)
    other = store.create_room("sum15", players=2, seed=5)
    with pytest.raises(BadToken):
        store.act(other.code, ana.token, legal[0])
    assert (store.table(room.code), store.view(room.code, ana.token)) == before
    assert store.events(room.code) == []
    game = store._referees[room.code]
    for token, text, error in (
        (ben.token, legal[0], IllegalMove),
        (ana.token, "play 1Z", ActionSyntaxError),
    ):
        with pytest.raises(error):
            store.act(room.code, token, text)
    assert store._referees[room.code] is game  # a refusal replays nothing


def test_a_double_click_applies_once(store: RoomStore) -> None:
    room, (ana, _ben) = seated(store, "sum15", 2, seed=5)
    view = store.view(room.code, ana.token)
    move = view["legal_actions"][0]
    store.act(room.code, ana.token, move, version=view["version"])
    with pytest.raises(StaleMove, match="not made twice"):
        store.act(room.code, ana.token, move, version=view["version"])
    with pytest.raises(NotYourTurn):  # without the version: refused by the turn
        store.act(room.code, ana.token, move)
    assert [e["action"] for e in store.events(room.code)] == [move]


def race(stores, seats, code: str, *, with_version: bool) -> list[object]:
    """Every seat bids its first card twice (a double click), all at the same instant,
    each from its own store (its own process, in a class)."""
    results: list[object] = [None] * (2 * len(seats))
    barrier = threading.Barrier(len(results))

    def bid(n: int) -> None:
        store, seat = stores[n % len(seats)], seats[n % len(seats)]
        view = store.view(code, seat.token)
        move = f"bid {view['observation']['hand'][0]}"
        barrier.wait()
        try:
            version = view["version"] if with_version else None
            results[n] = store.act(code, seat.token, move, version=version)
        except Exception as error:  # anything but a CardMathError fails the test below
            results[n] = error

    threads = [threading.Thread(target=bid, args=(n,)) for n in range(len(results))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_seats_at_once_never_both_apply(store_url: str) -> None:
    stores = [open_store(store_url) for _ in range(4)]
    try:
        room = stores[0].create_room("permutations", players=4, seed=8)
        seats = [stores[n].join(room.code, f"S{n}") for n in range(4)]
        version = stores[0].version(room.code)
        # the pages send the version they showed: exactly one of the eight clicks counts
        results = race(stores, seats, room.code, with_version=True)
        assert [r for r in results if isinstance(r, int)] == [version + 1]
        refused = [r for r in results if not isinstance(r, int)]
        assert len(refused) == 7
        assert all(isinstance(r, (StaleMove, NotYourTurn)) for r in refused), refused
        assert {type(results[0]), type(results[4])} == {int, StaleMove}  # Player 1's two clicks
        # without versions the turn decides: bids land one after the other, never twice
        results = race(stores, seats, room.code, with_version=False)
        applied = sorted(r for r in results if isinstance(r, int))
        assert applied == list(range(version + 2, version + 2 + len(applied)))
        assert 1 <= len(applied) <= 3
        refused = [r for r in results if not isinstance(r, int)]
        assert all(isinstance(r, (NotYourTurn, IllegalMove)) for r in refused)
        events = stores[0].events(room.code)
        assert [e["seq"] for e in events] == list(range(1, len(applied) + 2))
        assert [e["seat"] for e in events] == list(range(len(events)))  # in turn order
        fresh = open_store(store_url)
        try:
            assert fresh.table(room.code) == stores[1].table(room.code)
            for seat in seats:
                assert fresh.view(room.code, seat.token) == stores[3].view(room.code, seat.token)
        finally:
            fresh.close()
    finally:
        for store in stores:
            store.close()


def play_in_a_process(url: str, code: str, token: str, moves: int, out) -> None:
    """A student's kernel: its own process and store; moves until the room has made
    ``moves`` moves, sending the version it showed; reports the moves it made."""
    store = open_store(url)
    made = refused = 0
    rng = random.Random(token)
    try:
        while True:
            view = store.view(code, token)
            if view["moves"] >= moves or view["is_terminal"]:
                break
            if view["your_turn"]:
                try:
                    store.act(
                        code, token, rng.choice(view["legal_actions"]), version=view["version"]
                    )
                    made += 1
                except CardMathError:
                    refused += 1
            else:
                store.wait(code, view["version"], 2.0)
        out.put((made, refused, None))
    except BaseException as error:
        out.put((made, refused, repr(error)))
    finally:
        store.close()


def test_four_processes_play_one_room(store_url: str) -> None:
    """Four kernels (processes) play one room of Navigator to 60 moves: every move they
    were told was made is in the log once, numbered without a gap, and replays."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    store = open_store(store_url)
    try:
        room, seats = seated(store, "navigator", 4, seed=9)
        out = context.Queue()
        workers = [
            context.Process(target=play_in_a_process, args=(store_url, room.code, s.token, 60, out))
            for s in seats
        ]
        for worker in workers:
            worker.start()
        results = [out.get(timeout=300) for _ in workers]
        for worker in workers:
            worker.join(timeout=30)
        assert [error for _made, _refused, error in results] == [None] * 4
        events = store.events(room.code)
        assert sum(made for made, _refused, _error in results) == len(events) >= 60
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        fresh = open_store(store_url)
        try:
            assert fresh.table(room.code) == store.table(room.code)
        finally:
            fresh.close()
    finally:
        store.close()


def open_in_a_process(url: str, start: Any, out: Any) -> None:
    """A page's kernel opening the class store and its record (what the teacher's page
    does first), at the same moment as the others."""
    from cardmath.progress import open_record

    try:
        start.wait(timeout=60)
        record = open_record(url)
        record.store.close()
        out.put("opened")
    except BaseException as error:
        out.put(repr(error))


def test_pages_opening_a_new_store_at_once_all_open_it(store_url: str) -> None:
    """A class server starts its warm kernels and the teacher opens their page in the same
    second: eight kernels make the store's tables at once, and every one of them opens it
    (the teacher's page once showed "database is locked" instead of the console)."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    start, out = context.Barrier(8), context.Queue()
    workers = [
        context.Process(target=open_in_a_process, args=(store_url, start, out)) for _ in range(8)
    ]
    for worker in workers:
        worker.start()
    results = [out.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    assert results == ["opened"] * 8, results


def test_a_restart_loses_nothing(store_url: str) -> None:
    store = open_store(store_url)
    room, seats = seated(store, "navigator", 3, seed=4)
    rng = random.Random(0)
    for _ in range(10):
        token = mover_token(store, room.code, seats)
        store.act(room.code, token, rng.choice(store.view(room.code, token)["legal_actions"]))
    views = [store.view(room.code, s.token) for s in seats]
    table = store.table(room.code)
    store.close()
    again = open_store(store_url)
    try:
        assert [again.view(room.code, s.token) for s in seats] == views
        assert again.table(room.code) == table
        token = mover_token(again, room.code, seats)
        again.act(room.code, token, again.view(room.code, token)["legal_actions"][0])
        assert again.table(room.code)["moves"] == 11
    finally:
        again.close()


def test_wait_wakes_when_another_page_moves(store_url: str) -> None:
    projector, student = open_store(store_url), open_store(store_url)
    try:
        room, (ana, _ben) = seated(student, "sum15", 2, seed=2)
        version = projector.table(room.code)["version"]
        started = time.monotonic()
        assert projector.wait(room.code, version, 0.3) == version
        assert 0.25 <= time.monotonic() - started < 2
        woke: dict[str, float] = {}

        def watch() -> None:
            woke["version"] = projector.wait(room.code, version, 10)
            woke["at"] = time.monotonic()

        thread = threading.Thread(target=watch)
        thread.start()
        time.sleep(0.3)
        moved_at = time.monotonic()
        new = student.act(
            room.code, ana.token, student.view(room.code, ana.token)["legal_actions"][0]
        )
        thread.join()
        assert woke["version"] == new > version
        assert woke["at"] - moved_at < 1.0
        assert projector.wait(room.code, version, 5) == new  # already past: at once
        for bad in ("3", None, 1.5):
            with pytest.raises(CardMathError, match="version is a whole number"):
                projector.wait(room.code, bad, 1)  # type: ignore[arg-type]
    finally:
        projector.close()
        student.close()


def test_the_same_seat_in_two_tabs(store: RoomStore) -> None:
    room, (ana, _ben) = seated(store, "sum15", 2, seed=2)
    tab = store.seat(room.code, ana.token)
    assert (tab.index, tab.name, tab.token) == (0, "Student 1", ana.token)
    assert "token" not in repr(tab)
    view = store.view(room.code, tab.token)
    store.act(room.code, ana.token, view["legal_actions"][0])
    assert store.view(room.code, tab.token)["version"] > view["version"]
    with pytest.raises(StaleMove):
        store.act(room.code, tab.token, view["legal_actions"][1], version=view["version"])
    with pytest.raises(BadToken):
        store.seat(room.code, "not-a-seat-key")


# --- the teacher's console ----------------------------------------------------------


def test_pause_resume_lock_end(store: RoomStore) -> None:
    room, (ana, _ben) = seated(store, "sum15", 2, seed=2)
    other = store.create_room("sum15", players=3, seed=2)
    move = store.view(room.code, ana.token)["legal_actions"][0]
    store.pause(room.code)
    assert store.table(room.code)["status"] == "paused"
    with pytest.raises(RoomPaused, match="paused"):
        store.act(room.code, ana.token, move)
    store.resume(room.code)
    store.act(room.code, ana.token, move)
    store.lock(other.code)
    with pytest.raises(RoomLocked, match="locked"):
        store.join(other.code, "Cy")
    store.lock(other.code, False)
    store.join(other.code, "Cy")
    store.end(room.code)
    with pytest.raises(RoomClosed, match="ended"):
        store.act(room.code, ana.token, "play 2C")
    with pytest.raises(RoomClosed):
        store.resume(room.code)
    assert store.view(room.code, ana.token)["status"] == "ended"
    listed = {r["code"]: r for r in store.rooms()}
    assert room.code not in listed and listed[other.code]["seats"][0]["name"] == "Cy"
    assert room.code in {r["code"] for r in store.rooms(include_ended=True)}


def test_computer_players_fill_seats_and_play(store: RoomStore) -> None:
    room = store.create_room("navigator", players=3, seed=6, options={"rounds": 1})
    ana = store.join(room.code, "Ana")
    with pytest.raises(OptionError, match="no 'genius' computer player"):
        store.fill_with_bots(room.code, "genius")
    store.fill_with_bots(room.code, "greedy")
    kinds = [s["kind"] for s in store.table(room.code)["seats"]]
    assert kinds == ["human", "computer", "computer"]
    with pytest.raises(RoomFull):
        store.join(room.code, "Ben")
    rng = random.Random(2)
    while not (view := store.view(room.code, ana.token))["is_terminal"]:
        assert view["your_turn"]  # the computers have always moved already
        store.act(room.code, ana.token, rng.choice(view["legal_actions"]))
    assert store.table(room.code)["outcome"]["summary"]
    seats = {e["seat"] for e in store.events(room.code)}
    assert seats == {0, 1, 2}


def test_a_table_of_computers_plays_a_whole_game_in_stretches(store: RoomStore) -> None:
    """Four computer players play a whole game of Permutations at once, a stretch of
    moves a transaction (the screens see each stretch); the log replays."""
    room = store.create_room("permutations", players=4, seed=3)
    before = store.version(room.code)
    store.fill_with_bots(room.code, "random")
    table = store.table(room.code)
    assert table["is_terminal"] and table["outcome"]["summary"]
    stretches = table["version"] - before
    assert stretches >= table["moves"] // core.BOT_CHUNK
    assert len(store.events(room.code)) == table["moves"]


def test_removing_a_student(store: RoomStore) -> None:
    room, (ana, ben) = seated(store, "sum15", 2, seed=2)
    store.remove(room.code, 1)
    with pytest.raises(SeatRemoved, match="taken you off seat 2"):
        store.view(room.code, ben.token)
    assert store.table(room.code)["seats"][1]["kind"] == "empty"
    cy = store.join(room.code, "Cy")
    assert cy.index == 1
    store.remove(room.code, 1, computer="random")
    with pytest.raises(SeatRemoved):
        store.act(room.code, cy.token, "play 2C")
    store.act(room.code, ana.token, store.view(room.code, ana.token)["legal_actions"][0])
    assert store.view(room.code, ana.token)["your_turn"]  # the computer answered at once
    with pytest.raises(OptionError):
        store.remove(room.code, 5)


def test_anonymous_names_on_the_projector(store: RoomStore) -> None:
    room, (ana, _ben) = seated(store, "sum15", 2, seed=2)
    store.anonymise(room.code)
    assert [s["name"] for s in store.table(room.code)["seats"]] == ["Player 1", "Player 2"]
    names = [s["name"] for s in store.table(room.code, real_names=True)["seats"]]
    assert names == ["Student 1", "Student 2"]
    assert "Student" not in json.dumps(store.table(room.code))
    view = store.view(room.code, ana.token)
    assert view["name"] == "Student 1" and "Student 2" not in json.dumps(view)
    store.anonymise(room.code, False)
    assert [s["name"] for s in store.table(room.code)["seats"]] == ["Student 1", "Student 2"]


def test_a_student_who_leaves(store: RoomStore, monkeypatch) -> None:
    room, (ana, ben) = seated(store, "sum15", 2, seed=2)
    store.touch(room.code, ana.token)
    assert store.tick(room.code) is None  # policy "wait": nothing happens
    with pytest.raises(OptionError):
        store.set_leave_policy(room.code, "vanish")
    store.set_leave_policy(room.code, "computer", after=30, computer="greedy")
    assert store.tick(room.code) is None  # nobody away yet
    store.act(room.code, ana.token, store.view(room.code, ana.token)["legal_actions"][0])
    later = time.time() + 60
    monkeypatch.setattr(core, "now", lambda: later)
    store.touch(room.code, ana.token)  # Ana's page is still open; Ben's laptop slept
    assert store.tick(room.code) is not None
    table = store.table(room.code)
    assert [s["kind"] for s in table["seats"]] == ["human", "computer"]
    assert table["seats"][1]["away"] and not table["seats"][1]["connected"]
    assert store.view(room.code, ana.token)["your_turn"]  # the computer moved for Ben
    store.touch(room.code, ben.token)  # Ben's laptop wakes: his seat comes back
    assert store.table(room.code)["seats"][1]["kind"] == "human"
    assert store.table(room.code)["seats"][1]["connected"]


# --- privacy -------------------------------------------------------------------------

PRIVACY_GAMES = [
    ("permutations", 3, {}),
    ("dotter", 2, {}),
    ("sum15", 3, {}),
    ("navigator", 3, {"rounds": 2}),
    ("sequences", 2, {}),
]


def name_pattern(names: set[str]) -> re.Pattern[str]:
    """Finds any of ``names`` as a whole card name in text (not inside a longer one)."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w\[])(?:{alternatives})(?![\w\]])")


@pytest.mark.parametrize(("game", "players", "options"), PRIVACY_GAMES)
def test_no_seat_ever_sees_another_seats_hidden_card(
    store: RoomStore, game: str, players: int, options: dict
) -> None:
    """Random whole games: at every step, the names of the cards a seat has never been
    shown by the engine (read from the full state) appear nowhere in that seat's
    ``view()``, and the projector's ``table()`` shows no card some seat has not seen."""
    seeds = (1, 2) if store.dialect == "sqlite" else (1,)
    caught = 0
    for seed in seeds:
        room, seats = seated(store, game, players, seed=seed, **options)
        state = get_game(game, players=players, **options).new_state(seed=seed)
        names = name_pattern({str(card) for card in state.full_deck()})
        seen: list[set[str]] = [set() for _ in range(players)]
        rng = random.Random(seed)
        for step in range(250):
            all_cards = {str(card) for cards in state.card_zones().values() for card in cards}
            for p in range(players):
                seen[p] |= card_names(state.observation(p))
            texts = [json.dumps(store.view(room.code, s.token)) for s in seats]
            assert not any('"seed"' in text for text in texts)  # the seed deals every hand
            shown = [set(names.findall(text)) for text in texts]
            for p in range(players):
                hidden = all_cards - seen[p]
                assert not shown[p] & hidden, (
                    f"{game} step {step}: seat {p} sees {shown[p] & hidden}"
                )
                assert card_names(state.observation(p)) <= shown[p]  # its own cards are there
                # the check can fail: another seat's view would be caught
                caught += bool(shown[(p + 1) % players] & hidden)
            public = all_cards - set.intersection(*seen)
            table_text = json.dumps(store.table(room.code))
            assert '"seed"' not in table_text
            on_table = set(names.findall(table_text))
            assert not on_table & public, (
                f"{game} step {step}: the projector shows {on_table & public}"
            )
            if state.is_terminal:
                break
            mover = state.current_player
            move = rng.choice(store.view(room.code, seats[mover].token)["legal_actions"])
            store.act(room.code, seats[mover].token, move)
            state = state.apply(state.parse_action(move))
    assert caught > 0, "no step had another seat's hidden card to catch"


class _RefusingCursor:
    """A SQLite cursor whose switch to WAL is refused ``refusals`` times, as a new store's
    file is while another process opening it holds a lock."""

    def __init__(self, refusals: int, message: str = "database is locked") -> None:
        self.refusals, self.message, self.asked = refusals, message, 0

    def execute(self, sql: str) -> None:
        import sqlite3

        assert sql == "PRAGMA journal_mode=WAL"
        self.asked += 1
        if self.asked <= self.refusals:
            raise sqlite3.OperationalError(self.message)


def test_a_store_opened_while_another_page_locks_it_asks_again_for_wal() -> None:
    from cardmath.rooms.core import use_wal

    cursor = _RefusingCursor(refusals=3)
    use_wal(cursor, seconds=5, pause=0)
    assert cursor.asked == 4  # refused three times, then switched


def test_a_store_that_stays_locked_or_fails_otherwise_says_so() -> None:
    import sqlite3

    from cardmath.rooms.core import use_wal

    with pytest.raises(sqlite3.OperationalError, match="locked"):
        use_wal(_RefusingCursor(refusals=10**6), seconds=0.05, pause=0.001)
    broken = _RefusingCursor(refusals=1, message="disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        use_wal(broken, seconds=5, pause=0)
    assert broken.asked == 1  # only a lock is waited out


def test_a_sqlite_store_waits_for_another_process_lock(tmp_path: Path) -> None:
    """Every connection of a SQLite store waits up to SQLITE_WAIT for a lock (SQLite's
    busy timeout, set once, by the connection's timeout) before it says "locked"."""
    from cardmath.rooms.core import SQLITE_WAIT

    store = open_store(f"sqlite:///{tmp_path / 'class.sqlite'}")
    try:
        with store.engine.connect() as connection:
            waits = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
            mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
    finally:
        store.close()
    assert (waits, mode) == (int(SQLITE_WAIT * 1000), "wal")
