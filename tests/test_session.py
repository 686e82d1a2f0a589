"""Session: people and bots at one table, undo, and saved games that resume exactly."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardmath.errors import (
    ActionSyntaxError,
    CardMathError,
    IllegalMove,
    OptionError,
    SerializationError,
)
from cardmath.games import get_game
from cardmath.games.navigator import VARIANTS
from cardmath.play import play_game
from cardmath.session import HUMAN, Session

# Every game, in short settings so that many whole games run in a few seconds.
TABLES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "navigator": ({"rounds": 3}, ["strong", "greedy", "random"]),
    "sequences": ({}, ["strong", "greedy"]),
    "permutations": ({"target": 40}, ["strong", "greedy", "random"]),
    "dotter": ({"laps": 1, "lap_length": 61}, ["strong", "greedy", "random"]),
    "sum15": ({}, ["strong", "greedy", "random", "random"]),
    "demo": ({}, ["random", "random"]),
}

NAVIGATOR_SETTINGS: list[dict[str, Any]] = [
    {"rounds": 2, "hotshot": True, "slingshot": True, "extrapolation": True},
    *({"rounds": 2, "variant": name} for name in VARIANTS),
    {"rounds": 2, "variant": ("pirate-map", "forced-precog"), "hotshot": True},
    {"rounds": 2, "variant": ("pirate-map", "select-override"), "extrapolation": True},
]


def human_policy(session: Session, rng: random.Random, as_text: bool) -> Any:
    """A test person: a seeded choice among the legal moves, typed or clicked."""
    action = rng.choice(session.legal_actions())
    return str(action) if as_text else action


def play_out(session: Session, rng: random.Random, *, as_text: bool = False) -> None:
    """Bots and test people play to the end."""
    for _ in range(100_000):
        session.run_bots()
        if session.is_over:
            return
        session.apply(human_policy(session, rng, as_text))
    raise AssertionError("the game did not end")


def snapshot(session: Session) -> tuple[Any, ...]:
    return (session.state, list(session.log), session.moves, session.to_json())


def make(name: str, seats: list[str], seed: int, **extra: Any) -> Session:
    options = {**TABLES[name][0], **extra}
    return Session(name, seats, seed, options=options)


# --- bots only, people only, mixed ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TABLES))
def test_bots_only_play_to_the_end_as_play_game_does(name: str) -> None:
    options, bots = TABLES[name]
    game = get_game(name, players=len(bots), **options)
    for seed in range(3):
        session = Session(game, bots, seed)
        session.run_bots()
        assert session.is_over and session.human_to_move() is None
        played = play_game(game, bots, seed)
        assert session.state == played.final
        assert [move.action for move in session.moves] == [step.action for step in played.steps]
        assert session.outcome() == played.outcome
        expected = [event["text"] for event in game.start_report(session.initial)]
        for move in session.moves:
            expected += [
                event["text"] for event in game.report(move.before, move.action, move.after)
            ]
        assert session.log == expected
        assert not session.can_undo and session.undo() is False


@pytest.mark.parametrize("name", sorted(TABLES))
def test_people_only_play_to_the_end(name: str) -> None:
    players = len(TABLES[name][1])
    for seed in range(3):
        session = make(name, [HUMAN] * players, seed)
        assert session.run_bots() == [] and not session.moves  # no bot ever moves
        play_out(session, random.Random(seed), as_text=seed % 2 == 1)
        assert session.is_over
        assert all(move.player in session.humans for move in session.moves)
        assert session.outcome().winners


@pytest.mark.parametrize("name", sorted(TABLES))
def test_people_and_bots_take_turns(name: str) -> None:
    bots = TABLES[name][1]
    seats = [HUMAN, *bots[1:]]
    session = make(name, seats, seed=11)
    rng = random.Random(11)
    while not session.is_over:
        session.run_bots()
        if session.is_over:
            break
        assert session.human_to_move() == 0
        assert session.bot_to_move() is None
        session.apply(human_policy(session, rng, as_text=False))
    players = {move.player for move in session.moves}
    assert 0 in players and players - {0}


@pytest.mark.parametrize("settings_", NAVIGATOR_SETTINGS, ids=str)
def test_navigator_variants_with_people_and_bots(settings_: dict[str, Any]) -> None:
    session = Session("navigator", [HUMAN, "greedy", HUMAN], seed=5, options=settings_)
    play_out(session, random.Random(5), as_text=True)
    assert session.is_over
    resumed = Session.from_json(session.to_json())
    assert resumed.state == session.state and resumed.log == session.log


def test_a_bot_decision_depends_on_seed_seat_and_count_only() -> None:
    """Two tables dealt alike, where the person plays the same, see the same bot moves."""
    first = Session("navigator", [HUMAN, "random", "random"], seed=3, options={"rounds": 2})
    second = Session("navigator", [HUMAN, "random", "random"], seed=3, options={"rounds": 2})
    play_out(first, random.Random(1))
    play_out(second, random.Random(1))
    assert first.to_json() == second.to_json()


# --- refusals leave everything unchanged ------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TABLES))
def test_apply_on_a_bots_turn_changes_nothing(name: str) -> None:
    bots = TABLES[name][1]
    session = make(name, [*bots[:-1], HUMAN], seed=2)
    assert session.human_to_move() is None  # seat 0 is a bot and moves first
    before = snapshot(session)
    legal = session.state.legal_actions()
    with pytest.raises(IllegalMove, match="not a person's turn") as error:
        session.apply(legal[0])
    assert error.value.rule == "turn"
    assert snapshot(session) == before


@pytest.mark.parametrize("name", sorted(TABLES))
def test_illegal_moves_change_nothing(name: str) -> None:
    players = len(TABLES[name][1])
    session = make(name, [HUMAN] * players, seed=4)
    rng = random.Random(4)
    for _ in range(6):  # refusals at several points of the game
        before = snapshot(session)
        for bad in ("", "nonsense", "pick ZZ", "declare : =", "x" * 10_000, "play 99X"):
            with pytest.raises(ActionSyntaxError):
                session.apply(bad)
            assert snapshot(session) == before
        with pytest.raises(CardMathError):
            session.apply(object())
        assert snapshot(session) == before
        session.apply(human_policy(session, rng, as_text=False))


def test_apply_after_the_end_is_refused() -> None:
    session = make("demo", [HUMAN, HUMAN], seed=1)
    play_out(session, random.Random(1))
    before = snapshot(session)
    with pytest.raises(IllegalMove, match="game is over"):
        session.apply("pick 9S")
    assert snapshot(session) == before


def test_seats_must_match_the_game() -> None:
    with pytest.raises(OptionError, match="2 to 4 players"):
        Session("navigator", [HUMAN], seed=1)
    with pytest.raises(OptionError, match="3 players, but 2 seats"):
        Session(get_game("navigator", players=3), [HUMAN, "strong"], seed=1)
    with pytest.raises(OptionError, match="neither 'human' nor a bot"):
        Session("navigator", [HUMAN, "clever"], seed=1)
    with pytest.raises(OptionError, match="options go with a game's name"):
        Session(get_game("demo"), [HUMAN, HUMAN], seed=1, options={"players": 2})
    with pytest.raises(OptionError, match="no option"):
        Session("demo", [HUMAN, HUMAN], seed=1, options={"colour": "red"})


def test_a_fresh_seed_is_kept() -> None:
    session = Session("demo", [HUMAN, "random"])
    assert isinstance(session.seed, int) and session.state.seed == session.seed
    assert Session.from_json(session.to_json()).seed == session.seed


# --- undo ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TABLES))
def test_undo_goes_back_to_the_last_human_decision(name: str) -> None:
    bots = TABLES[name][1]
    session = make(name, [HUMAN, *bots[1:]], seed=8)
    rng = random.Random(8)
    checked = 0
    while not session.is_over and checked < 12:
        session.run_bots()
        if session.is_over:
            break
        before = snapshot(session)
        action = human_policy(session, rng, as_text=False)
        session.apply(action)
        session.run_bots()
        after = snapshot(session)
        assert session.can_undo
        assert session.undo() is True
        assert snapshot(session) == before  # state, log, moves: as before the decision
        assert session.human_to_move() == 0
        session.apply(action)  # the same decision again: the bots answer the same
        session.run_bots()
        assert snapshot(session) == after
        checked += 1
    assert checked >= 3


def test_undo_with_two_people_takes_back_one_decision_at_a_time() -> None:
    session = Session("navigator", [HUMAN, HUMAN], seed=6, options={"rounds": 1})
    states = [session.state]
    session.apply(session.legal_actions()[0])
    states.append(session.state)
    session.apply(session.legal_actions()[-1])
    assert session.undo() and session.state == states[1] and session.human_to_move() == 1
    assert session.undo() and session.state == states[0] and session.human_to_move() == 0
    assert not session.can_undo and session.undo() is False and session.state == states[0]


def test_run_bots_stops_when_asked() -> None:
    """A dashboard pauses on a finished Navigator round."""
    session = Session("navigator", ["greedy", "random"], seed=9, options={"rounds": 3})
    rounds = []

    def round_over(before: Any, action: Any, after: Any) -> bool:
        return after.last_round is not None and after.last_round != before.last_round

    while not session.is_over:
        lines = session.run_bots(stop=round_over)
        assert len(lines) == 1 and lines[0].startswith(f"Round {len(rounds) + 1}:")
        rounds.append(lines[0])
    assert len(rounds) == 3
    session = Session("navigator", ["greedy", "random"], seed=9, options={"rounds": 3})
    session.run_bots(max_moves=5)
    assert len(session.moves) == 5


# --- saving and resuming -------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TABLES))
def test_json_round_trip_mid_game_then_identical_play(name: str) -> None:
    bots = TABLES[name][1]
    for seed in range(3):
        session = make(name, [HUMAN, *bots[1:]], seed=seed)
        rng = random.Random(seed)
        for _ in range(1 + seed * 3):  # save at different points
            session.run_bots()
            if session.is_over:
                break
            session.apply(human_policy(session, rng, as_text=False))
        text = session.to_json()
        resumed = Session.from_json(text)
        assert resumed.state == session.state
        assert resumed.log == session.log
        assert resumed.moves == session.moves
        assert resumed.seats == session.seats and resumed.seed == session.seed
        assert resumed.can_undo == session.can_undo
        assert resumed.to_json() == text
        # both go on alike: the same person's moves, the same bot moves
        play_out(session, random.Random(seed + 100))
        play_out(resumed, random.Random(seed + 100))
        assert resumed.to_json() == session.to_json() and resumed.log == session.log
        assert resumed.undo() == session.undo() and resumed.state == session.state


def test_saved_moves_round_trip_exactly_in_every_game_and_variant() -> None:
    """Every action of many seeded games comes back equal after saving (as text where the
    game reads it back exactly, else as data)."""
    tables = [(name, TABLES[name][0], len(TABLES[name][1])) for name in TABLES]
    tables += [("navigator", settings_, 3) for settings_ in NAVIGATOR_SETTINGS]
    tables += [("navigator", {"rounds": 2, "variant": "pirate-map"}, 4)]
    saved = 0
    for name, options, players in tables:
        for seed in range(4):
            session = Session(name, ["random"] * players, seed, options=options)
            session.run_bots()
            text = session.to_json()
            resumed = Session.from_json(text)
            assert [m.action for m in resumed.moves] == [m.action for m in session.moves]
            assert resumed.state == session.state and resumed.log == session.log
            saved += len(session.moves)
    assert saved > 2_000


def test_saved_data_is_compact_and_names_everything() -> None:
    session = Session("navigator", [HUMAN, "strong"], seed=12, options={"hotshot": True})
    session.run_bots()
    session.apply(session.legal_actions()[0])
    data = json.loads(session.to_json())
    assert data["game"] == "navigator" and data["seed"] == 12
    assert data["options"]["players"] == 2 and data["options"]["hotshot"] is True
    assert set(data["options"]) == set(get_game("navigator").option_fields())
    assert data["seats"] == ["human", "strong"]
    assert all(isinstance(move, str) for move in data["moves"])  # "pick 7H", "lock 7H"
    assert data["moves"][0].split()[0] in ("pick", "lock")


def test_an_action_whose_text_does_not_read_back_is_saved_as_data() -> None:
    """A declaration with a value too long for the typed form is kept exactly."""
    session = Session("navigator", [HUMAN, HUMAN], seed=1, options={"rounds": 1})
    while session.state.phase == "draft":
        session.apply(session.legal_actions()[0])
    from cardmath.games.navigator import Declare

    best = session.legal_actions()[0]
    huge = Declare(best.memory, best.beacon, best.expression, 10**20, best.target)
    session.apply(huge)  # accepted: a wrong declared result forfeits at the showdown
    data = json.loads(session.to_json())
    assert isinstance(data["moves"][-1], dict)
    resumed = Session.from_json(session.to_json())
    assert resumed.moves[-1].action == huge and resumed.state == session.state


SAVED = Session("navigator", [HUMAN, "greedy"], seed=3, options={"rounds": 2})
SAVED.run_bots()
SAVED.apply(SAVED.legal_actions()[0])
SAVED.run_bots()
SAVED_TEXT = SAVED.to_json()


def edited(**changes: Any) -> str:
    data = json.loads(SAVED_TEXT)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '"session"',
        SAVED_TEXT[:-1],
        SAVED_TEXT[: len(SAVED_TEXT) // 2],
        edited(format="chess"),
        edited(version=2),
        edited(game="chess"),
        edited(game=7),
        edited(options={"players": 5}),
        edited(options={"colour": "red"}),
        edited(options=[1, 2]),
        edited(options={"players": {"type": "nowhere.Nothing", "fields": {}}}),
        edited(seats=["human"]),
        edited(seats=["human", "wizard"]),
        edited(seats="human,greedy"),
        edited(seed="7"),
        edited(seed=True),
        edited(moves={"0": "pick 7H"}),
        edited(moves=["pick ZZ"]),
        edited(moves=["declare 2H 3H + beacon: 2 + 3 = 5"]),
        edited(moves=[17]),
        edited(moves=[{"data": {"type": "navigator.Pick", "fields": {"card": 5}}}]),
        edited(moves=[{"data": {"type": "navigator.Pick", "fields": {}}}]),
        edited(moves=[{"data": {"type": "nowhere.Pick", "fields": {}}}]),
        edited(moves=[{"data": "pass", "text": "pass"}]),
        edited(moves=[*json.loads(SAVED_TEXT)["moves"], "pass"]),
        edited(extra=1),
        json.dumps({k: v for k, v in json.loads(SAVED_TEXT).items() if k != "seed"}),
        "[" * 100_000,
    ],
)
def test_malformed_or_unreplayable_saves_are_refused(text: str) -> None:
    with pytest.raises(SerializationError):
        Session.from_json(text)


def test_a_game_played_past_its_end_is_refused() -> None:
    session = make("demo", [HUMAN, HUMAN], seed=2)
    play_out(session, random.Random(2))
    data = json.loads(session.to_json())
    data["moves"].append(data["moves"][-1])
    with pytest.raises(SerializationError, match="after the end"):
        Session.from_json(json.dumps(data))
    with pytest.raises(SerializationError):
        Session.from_json(123)  # type: ignore[arg-type]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SAVED_TEXT) - 1), st.sampled_from('0123456789{}[]",:x ahpsck-'))
def test_any_one_character_edit_is_refused_or_replays(position: int, character: str) -> None:
    """A tampered save never crashes: it is refused, or it is a legal game."""
    text = SAVED_TEXT[:position] + character + SAVED_TEXT[position + 1 :]
    try:
        resumed = Session.from_json(text)
    except SerializationError:
        return
    assert Session.from_json(resumed.to_json()).state == resumed.state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(TABLES)),
    st.integers(0, 10_000),
    st.integers(0, 40),
    st.booleans(),
)
def test_saving_and_undoing_anywhere_is_exact(name: str, seed: int, steps: int, text: bool) -> None:
    """Save after any number of decisions; undo in the copy matches undo in the original."""
    bots = TABLES[name][1]
    session = make(name, [*bots[:-1], HUMAN], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        session.run_bots()
        if session.is_over:
            break
        session.apply(human_policy(session, rng, as_text=text))
    resumed = Session.from_json(session.to_json())
    assert snapshot(resumed) == snapshot(session)
    assert resumed.undo() == session.undo()
    assert snapshot(resumed) == snapshot(session)
