"""A lesson length makes every game end at the length chosen, with bots playing, and the
dashboards keep it: ``?length=`` is read (a bad value is refused with a message), the
settings panel sets it, and the page address brings it back after a reload."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardmath.errors import OptionError
from cardmath.games import get_game
from cardmath.lesson_length import (
    LESSON_MINUTES,
    MEASURED_TABLES,
    lesson_length,
    read_length,
    rounds_reached,
)
from cardmath.play import play_game
from widgets.frame.query import read_query
from widgets.frame.store import SessionStore
from widgets.games.dotter.dashboard import DotterDashboard
from widgets.games.navigator.dashboard import NavigatorDashboard
from widgets.games.permutations.dashboard import PermutationsDashboard
from widgets.games.sequences.dashboard import SequencesDashboard
from widgets.games.sum15.dashboard import Sum15Dashboard

TABLES = MEASURED_TABLES
SEEDS = (1, 2, 3)


@pytest.mark.parametrize("minutes", LESSON_MINUTES)
@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_game_ends_at_the_length_chosen(game: str, minutes: int) -> None:
    players = TABLES[game]
    length = lesson_length(game, minutes, players)
    assert length.units >= 1 and length.estimate_seconds <= max(
        minutes * 60, length.seconds_per_unit
    )
    played = []
    for seed in SEEDS:
        result = play_game(
            get_game(game, players=players, **length.options), ["greedy"] * players, seed
        )
        assert result.final.is_terminal
        count = rounds_reached(game, result.final)
        assert 1 <= count <= length.units, (game, minutes, seed, count)
        played.append(count)
    if game in ("navigator", "sum15"):  # nothing else ends these games: exactly the length
        assert played == [length.units] * len(SEEDS)


def test_navigator_ends_after_the_rounds_and_the_most_chips_win() -> None:
    length = lesson_length("navigator", 10, 3)
    result = play_game(get_game("navigator", players=3, **length.options), ["greedy"] * 3, 5)
    assert result.final.round == length.units == 2
    chips = result.outcome.scores
    assert result.outcome.winners == tuple(p for p, c in enumerate(chips) if c == max(chips))
    assert "round" in result.outcome.reason


def test_sum15_deals_add_up_the_cards_taken() -> None:
    game = get_game("sum15", players=4, deals=3)
    result = play_game(game, ["greedy"] * 4, 8)
    assert result.final.deal_number == 2
    assert len(result.steps) == 3 * 4 * 6
    assert sum(result.outcome.scores) == sum(result.final.earlier) + sum(
        len(pile) for pile in result.final.taken
    )
    assert "each of the 3 deals" in result.outcome.reason
    dealers = {step.state.dealer for step in result.steps}
    assert len(dealers) == 3  # each deal the next player deals
    with pytest.raises(OptionError, match="Deals: with real cards"):
        get_game("sum15", players=4, deals=2, cards="table")


def test_sequences_rounds_stop_and_score_every_sequence() -> None:
    result = play_game(get_game("sequences", rounds=5), ["greedy"] * 2, 3)
    assert result.final.turn_number == 10
    assert result.outcome.reason == "the round limit of 5 rounds is reached"
    assert result.outcome.scores == result.final.scores()


def test_dotter_in_ten_minutes_is_one_round() -> None:
    assert lesson_length("dotter", 10, 2).options == {
        "laps": 1,
        "max_rounds": 1,
        "fewer_laps": False,
    }


def test_only_the_allow_listed_lengths_are_read() -> None:
    assert [read_length(text) for text in ("10", "20", "40", "full", " FULL ")] == [
        10,
        20,
        40,
        None,
        None,
    ]
    for bad in ("15", "0", "-10", "1e1", "10.0", "ten", "", "٢٠", None, True, 25):
        with pytest.raises(OptionError, match="Lesson length is 10, 20 or 40 minutes"):
            read_length(bad)
    with pytest.raises(OptionError, match="has no lesson length: play the whole game"):
        lesson_length("demo", 10)


@pytest.mark.parametrize("text", ["15", "abc", "<b>20</b>", "20minutes", "99999999999"])
def test_a_bad_length_in_the_address_is_a_message_and_the_usual_length(text: str) -> None:
    page = read_query(f"length={text}")
    assert page.length is None
    assert len(page.messages) == 1
    message = page.messages[0]
    assert message.startswith("?length=") and "is not a lesson length" in message
    assert "10, 20 or 40 minutes" in message and "the usual length is used" in message


BOARDS = {
    "navigator": NavigatorDashboard,
    "sequences": SequencesDashboard,
    "permutations": PermutationsDashboard,
    "dotter": DotterDashboard,
    "sum15": Sum15Dashboard,
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_length_survives_a_reload(name: str, tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    board = BOARDS[name].from_query("seed=31&mode=play&length=10", store=store)
    assert board.length == 10
    assert "length=10" in board.url.query
    session = board.play_views["play"].session
    assert session is not None
    players = session.state.options.players
    for option, value in lesson_length(name, 10, players).options.items():
        assert getattr(session.state.options, option) == value
    # the teacher chooses 40 minutes in the settings panel and applies it
    board.settings_button.value = True
    board.length_choice.value = "40"
    board.apply_settings()
    assert "✔" in board.settings_message.value
    assert "length=40" in board.url.query
    # the reload opens the address the page now has: the length is still 40
    fresh = BOARDS[name].from_query(board.url.query.replace("&game=", "&old="), store=store)
    assert fresh.length == 40 and fresh.page_message.value == ""
    dealt = fresh.play_views["play"].session
    assert dealt is not None
    for option, value in lesson_length(name, 40, players).options.items():
        assert getattr(dealt.state.options, option) == value


def test_the_full_game_is_one_setting_away(tmp_path: Path) -> None:
    board = NavigatorDashboard.from_query(
        "seed=4&mode=play&length=full", store=SessionStore(tmp_path)
    )
    assert board.length is None and "length=full" in board.url.query
    session = board.play_views["play"].session
    assert session is not None and session.state.options.rounds == 0
    board.settings_button.value = True
    labels = [label for label, _value in board.length_choice.options]
    assert labels[-1].startswith("Full game") and labels[0].startswith("10 minutes: 2 rounds")


def test_a_bad_length_shows_on_the_page_and_the_dashboard_opens(tmp_path: Path) -> None:
    board = DotterDashboard.from_query("seed=4&mode=play&length=15", store=SessionStore(tmp_path))
    assert board.length == DotterDashboard.default_length
    assert "?length=15 is not a lesson length" in board.page_message.value
    assert f"length={DotterDashboard.default_length}" in board.url.query


def test_a_lesson_length_locks_the_options_it_sets(tmp_path: Path) -> None:
    board = DotterDashboard.from_query("seed=4&mode=play&length=20", store=SessionStore(tmp_path))
    board.settings_button.value = True
    inputs = board.options_panel.inputs
    assert inputs["laps"].input.disabled and inputs["max_rounds"].input.disabled
    assert (inputs["laps"].input.value, inputs["max_rounds"].input.value) == (2, 2)
    assert not inputs["bank"].input.disabled
    board.length_choice.value = "10"
    assert (inputs["laps"].input.value, inputs["max_rounds"].input.value) == (1, 1)
    board.apply_settings()
    assert board.game_options["laps"] == 6  # the rules keep the seed's laps under the length
    board.length_choice.value = "full"
    assert not inputs["laps"].input.disabled
    assert (inputs["laps"].input.value, inputs["max_rounds"].input.value) == (6, 0)
    inputs["laps"].input.value = 2
    board.apply_settings()
    assert "length=full" in board.url.query
    assert board.play_options(2)["laps"] == 2 and "max_rounds" not in board.length_options(2)


def test_sum15_stops_between_deals_and_shows_the_deal(tmp_path: Path) -> None:
    board = Sum15Dashboard.from_query(
        "seed=9&mode=play&length=20&bots=greedy,greedy,greedy", store=SessionStore(tmp_path)
    )
    view = board.play_views["play"]
    session = view.session
    assert session is not None and session.state.options.deals == 3
    titles: list[str] = []
    for _ in range(200):
        if session.is_over or (session.state.deal_number == 1 and view.announcement is None):
            break
        if view.announcement is not None:
            titles.append(view.announcement.title)
            view.go_on()
            continue
        assert view.act(session.legal_actions()[0]) is None
    assert "Deal 1 of 3 is over" in titles
    assert session.state.deal_number == 1 and not session.is_over
    figures = {f.caption: f for f in view.presenter.picture(session, 0).figures}
    assert figures["Deal"].value == 2 and figures["Deal"].note == "of 3"


def test_random_play_harness_with_several_deals_and_a_round_limit() -> None:
    """Cards conserved in every deal, JSON round-trips, the same seed the same game."""
    from cardmath.testing import check_random_play

    deals = check_random_play(lambda: get_game("sum15", players=3, deals=3), games=20, seed=3)
    assert deals.finished == 20 and deals.shortest == deals.longest == 3 * 3 * 6
    rounds = check_random_play(lambda: get_game("sequences", rounds=4), games=20, seed=3)
    assert rounds.finished == 20 and rounds.longest <= 8


LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def lesson_code(name: str) -> str:
    import json

    cells = json.loads((LESSONS / name).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


@pytest.mark.parametrize(
    ("notebook", "board", "minutes"),
    [
        ("01-navigator.ipynb", NavigatorDashboard, 20),
        ("03-permutations.ipynb", PermutationsDashboard, 10),
        ("04-dotter.ipynb", DotterDashboard, 10),
        ("05-sum15.ipynb", Sum15Dashboard, 20),
    ],
)
def test_each_lessons_game_fits_its_time(
    notebook: str, board: type, minutes: int, tmp_path: Path
) -> None:
    assert 'mode="play"' in lesson_code(notebook)
    assert f"length={minutes})" in lesson_code(notebook)
    dashboard = board(seed=5, mode="play", length=minutes, store=SessionStore(tmp_path))
    view = dashboard.play_views["play"]
    view.start()
    assert view.session is not None
    players = view.session.state.options.players
    length = lesson_length(board.game, minutes, players)
    assert length.estimate_seconds <= max(minutes * 60, length.seconds_per_unit)
    for option, value in length.options.items():
        assert getattr(view.session.state.options, option) == value


def test_the_projector_counts_the_targets_of_the_lesson(tmp_path: Path) -> None:
    board = NavigatorDashboard.from_query(
        "seed=12&mode=projector&length=10", store=SessionStore(tmp_path)
    )
    from widgets.games.navigator.views import ProjectorView

    view = next(v for v in board.views() if isinstance(v, ProjectorView))
    view.press_deal()
    assert "Target 1 of 2 in a 10-minute lesson." in view.message.value
    view.press_deal()
    assert "Target 2 of 2 in a 10-minute lesson: the last one." in view.message.value
    full = NavigatorDashboard(seed=12, mode="projector", store=SessionStore(tmp_path))
    plain = next(v for v in full.views() if isinstance(v, ProjectorView))
    plain.press_deal()
    assert "lesson" not in plain.message.value and "Target" not in plain.message.value
