"""The shared frame, Python side: the URL contract, saved games, the settings panel, and
the play view driven through a small presenter of the demonstration game."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import pytest

from cardmath.games import GAMES, game_class
from cardmath.games.demo import Pick
from widgets.components.cardtable import slot
from widgets.frame.dashboard import Dashboard
from widgets.frame.playview import Picture, PlayView, Presenter
from widgets.frame.query import query_string, read_query
from widgets.frame.settings import OptionsPanel
from widgets.frame.store import SessionStore

MODES = ("projector", "play", "puzzle")


# --- the URL contract ------------------------------------------------------------------


def test_good_addresses_are_read() -> None:
    page = read_query(
        "seed=7&mode=play&bots=strong,greedy&players=3&theme=projector&game=abcdefgh",
        modes=MODES,
    )
    assert (page.seed, page.mode, page.bots, page.players) == (7, "play", ("strong", "greedy"), 3)
    assert page.theme == "projector" and page.game == "abcdefgh" and page.messages == ()


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("seed=-4", "?seed=-4 is not a whole number"),
        ("seed=" + "9" * 5000, "is not a whole number"),
        ("mode=chess", "is not a mode of this dashboard"),
        ("theme=neon", "is not a theme"),
        ("bots=strong,expert", "should name up to 3 computer players"),
        ("bots=greedy,greedy,greedy,greedy", "should name up to 3 computer players"),
        ("players=1", "is not a number of players from 2 to 4"),
        ("players=3&bots=strong,greedy,random", "leaves no seat for a person"),
        ("game=../../etc/passwd", "is not a saved game's name"),
    ],
)
def test_a_bad_value_is_one_line_and_the_default_is_used(query: str, words: str) -> None:
    page = read_query(query, modes=MODES)
    assert len(page.messages) == 1 and words in page.messages[0]
    assert len(page.messages[0]) < 200  # a huge value is quoted short


def test_garbage_addresses_never_raise() -> None:
    for query in ["", "&&&", "seed", "%ff%fe", "seed=1&seed=2", "mode=" + "é" * 300, None]:
        read_query(query, modes=MODES)


def test_query_string_reads_voilas_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=99")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert query_string() == "seed=99"


# --- saved games --------------------------------------------------------------------------


def test_saved_games_live_under_random_names_in_one_folder(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    name = store.new_name()
    assert store.save(name, "{}") and store.load(name) == "{}"
    assert (tmp_path / f"{name}.json").exists()
    assert store.load("missing-game") is None
    assert not store.save("../outside", "{}") and not (tmp_path.parent / "outside.json").exists()
    (tmp_path / "file.txt").write_text("not a folder")
    assert SessionStore(tmp_path / "file.txt" / "below").save(name, "{}") is False


# --- settings from every game's options ------------------------------------------------------


@pytest.mark.parametrize("name", [name for name in GAMES if name != "demo"])
def test_every_games_settings_are_generated_in_plain_words(name: str) -> None:
    cls = game_class(name)
    panel = OptionsPanel(cls.options_class, hidden=("players",))
    assert "players" not in panel.inputs and panel.inputs
    for row in panel.inputs.values():
        labels = [child.value for child in row.children if hasattr(child, "value")]
        assert row.info.label and "_" not in row.info.label  # no code names
        assert any(isinstance(text, str) and escape(row.info.help) in text for text in labels)
    cls(**panel.values)  # the defaults read back are a game the engine accepts


# --- the play view, through a presenter of the demonstration game ----------------------------


class DemoPresenter(Presenter):
    """Pick a card from the row: the smallest possible presenter."""

    game = "demo"
    unit = "point"

    def picture(self, session: Any, player: int) -> Picture:
        seen = session.observation(player)
        legal = set(seen.legal_actions)
        return Picture(
            prompt=f"{self.view.name(player)}: pick a card.",
            rows={
                "Row": [
                    slot(card, id=f"card-{i}", disabled=Pick(card) not in legal)
                    for i, card in enumerate(seen.row)
                ],
                "Yours": [slot(card, disabled=True) for card in seen.taken[player]],
            },
        )

    def click(self, session: Any, player: int, card_id: str) -> Any:
        seen = session.observation(player)
        return Pick(seen.row[int(card_id.removeprefix("card-"))])

    def scores(self, session: Any) -> list[int]:
        return list(session.state.scores())


class DemoDashboard(Dashboard):
    game = "demo"
    title = "Pick"
    modes = {"play": "Play"}
    presenter = DemoPresenter


def enabled(view: PlayView) -> list[str]:
    return [c["id"] for row in view.table.rows for c in row["cards"] if not c["disabled"]]


def test_play_against_the_computer_until_the_end(tmp_path: Path) -> None:
    board = DemoDashboard(seed=4, store=SessionStore(tmp_path))
    view = board.play_views["play"]
    view.start()
    assert view.session is not None and view.session.seats == ("human", "random")
    while not view.session.is_over:
        assert view.person == 0 and view.prompt.value.startswith("<div>You: pick")
        view.table.click(enabled(view)[0])
    assert "Game over" in view.prompt.value and view.moves.children[0].description == "New game"
    assert "wins" in view.scoreboard.value or "share" in view.prompt.value
    view.moves.children[0].click()
    assert view.session is None and view.setup.layout.display == "flex" and board.seed == 5


def test_a_refused_move_changes_nothing_and_says_why(tmp_path: Path) -> None:
    board = DemoDashboard(seed=4, store=SessionStore(tmp_path))
    view = board.play_views["play"]
    view.start()
    before = view.session.state
    refusal = view.act("not a move at all")
    assert refusal and view.session.state is before and "✘" in view.message.value


def test_hot_seat_covers_each_hand_until_its_owner_says_who_they_are(tmp_path: Path) -> None:
    board = DemoDashboard(seed=9, store=SessionStore(tmp_path))
    view = board.play_views["play"]
    view.people.value = 2
    view.computers.value = 0
    view.start()
    for turn in range(4):
        player = view.person
        assert player == turn % 2
        assert view.table.rows == [] and "Pass the screen to <b>Player" in view.prompt.value
        view._clicked("card-0")  # a click through the cover does nothing
        assert view.person == player
        view.cover.children[0].click()
        assert view.table.rows and f"Player {player + 1}: pick" in view.prompt.value
        view.table.click(enabled(view)[0])


def test_undo_goes_back_to_the_last_decision_of_a_person(tmp_path: Path) -> None:
    board = DemoDashboard(seed=4, store=SessionStore(tmp_path))
    view = board.play_views["play"]
    view.start()
    assert view.undo_button.disabled
    first = view.session.state
    view.table.click(enabled(view)[0])  # the computer answers at once
    assert not view.undo_button.disabled and len(view.session.moves) == 2
    view.undo_button.click()
    assert view.session.state == first and view.person == 0


def test_a_game_in_progress_is_saved_and_resumed_from_the_address(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    board = DemoDashboard.from_query("seed=4&mode=play&bots=random", store=store)
    view = board.play_views["play"]
    assert view.session is not None and view.session.seats == ("human", "random")
    view.table.click(enabled(view)[0])
    name = view.saved_name
    assert name and f"game={name}" in board.url.query and "seed=4" in board.url.query
    again = DemoDashboard.from_query(f"seed=4&mode=play&game={name}", store=store)
    resumed = again.play_views["play"].session
    assert resumed.state == view.session.state and resumed.log == view.session.log
    lost = DemoDashboard.from_query("seed=4&mode=play&game=nosuchgame", store=store)
    assert "not a saved game" in lost.page_message.value
    assert lost.play_views["play"].session is not None  # a new game instead


def test_the_address_follows_the_dashboard(tmp_path: Path) -> None:
    board = DemoDashboard.from_query("seed=12&theme=dark", store=SessionStore(tmp_path))
    assert "cm-theme-projector" in board._dom_classes
    assert "seed=12" in board.url.query and "theme=projector" in board.url.query
    board.set_theme("light")
    assert "theme=light" in board.url.query
    lesson = DemoDashboard(seed=3)  # inside a lesson the page address is left alone
    assert lesson.url.query == ""


def test_bad_setup_is_refused_in_words(tmp_path: Path) -> None:
    board = DemoDashboard(seed=1, store=SessionStore(tmp_path))
    view = board.play_views["play"]
    view.people.value = 1
    view.computers.value = 0
    view.start()
    assert view.session is None and "is for 2 to" in view.setup_message.value


def test_a_presenter_may_draw_its_own_scoreboard(tmp_path: Path) -> None:
    class BoardPresenter(DemoPresenter):
        def scoreboard(self, session: Any) -> str:
            return f'<table class="demo-board"><tr><td>{len(session.moves)} moves</td></tr></table>'

    class BoardDashboard(DemoDashboard):
        presenter = BoardPresenter

    board = BoardDashboard(seed=4, store=SessionStore(tmp_path))
    view = board.play_views["play"]
    view.start()
    assert view.scoreboard.value.startswith('<table class="demo-board"><tr><td>0 moves')
    view.table.click(enabled(view)[0])  # the computer answers at once
    assert "2 moves" in view.scoreboard.value and "cm-score-table" not in view.scoreboard.value
    plain = DemoDashboard(seed=4, store=SessionStore(tmp_path)).play_views["play"]
    plain.start()
    assert "cm-score-table" in plain.scoreboard.value  # without it, the frame's table
