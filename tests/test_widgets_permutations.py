"""The Permutations dashboard, Python side: the frame drives the presenter and the engine.

Every number on the screen is checked against the engine: the bids revealed and the
drafting order, who took what, each player's colour counts and the score they would make
now, the round scores and the winner. Secret bids stay secret at a shared screen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardmath.games.permutations import (
    AUCTIONS_PER_ROUND,
    Bid,
    Draft,
    colour_counts,
    drafting_order,
    triangular,
)
from widgets.frame.playview import PlayView
from widgets.frame.store import SessionStore
from widgets.games.permutations.dashboard import PermutationsDashboard


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path)


def enabled(view: PlayView) -> list[str]:
    return [c["id"] for row in view.table.rows for c in row["cards"] if not c["disabled"]]


def row(view: PlayView, start: str) -> list[dict]:
    """The cards of the table row whose title starts with ``start``."""
    for found in view.table.rows:
        if found["title"].startswith(start):
            return found["cards"]
    raise AssertionError(f"no row {start!r} in {[r['title'] for r in view.table.rows]}")


def board_cells(view: PlayView) -> list[list[str]]:
    """The scoreboard's body rows as text cells (name, counts..., max, score, total, now)."""
    body = view.scoreboard.value.split("<tbody>")[1]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body)
    return [
        [
            re.sub(r"<[^>]+>", "", cell).replace("★", "").strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", found)
        ]
        for found in rows
    ]


def check_board(view: PlayView) -> None:
    """The board shows every player's colour counts this round, max and the score if the
    round ended now, exactly as the engine counts the real piles, and the totals."""
    state = view.session.state
    colours = ("red", "yellow", "green", "blue")[: 3 if state.num_players == 3 else 4]
    for player, cells in enumerate(board_cells(view)):
        counts = colour_counts(state.piles[player], state.options.colouring)
        assert cells[0] == view.name(player)
        assert [int(cell) for cell in cells[1 : 1 + len(colours)]] == [counts[c] for c in colours]
        largest = max(counts.values())
        assert int(cells[1 + len(colours)]) == largest
        assert cells[2 + len(colours)] == f"{triangular(largest)} = {largest} × {largest + 1} ÷ 2"
        assert int(cells[3 + len(colours)]) == state.totals[player]


# --- the address --------------------------------------------------------------------------


def test_play_from_the_address_deals_against_three_computer_players(store) -> None:
    board = PermutationsDashboard.from_query("seed=7&mode=play", store=store)
    view = board.play_views["play"]
    session = view.session
    assert session.seats == ("human", "greedy", "greedy", "greedy") and view.person == 0
    assert board.page_message.value == "" and "Seed 7" in board.seed_label.value
    hand = session.observation(0).hand
    assert sorted(enabled(view)) == sorted(f"hand-{card.number}" for card in hand)
    assert len(hand) == 11
    assert [c["label"] for c in row(view, "Pool")] == [
        f"{c.colour} {c.number}" for c in session.state.pool
    ]
    bids = row(view, "Bids")
    assert [c["label"] for c in bids] == [
        "You: choosing",
        "Computer 2: to bid",
        "Computer 3: to bid",
        "Computer 4: to bid",
    ]
    assert "You: choose a secret bid" in view.prompt.value
    check_board(view)
    assert "choosing a bid" in view.scoreboard.value


def test_class_mode_is_the_class_against_the_computer_drawn_large(store) -> None:
    board = PermutationsDashboard.from_query("seed=3&mode=class&bots=strong,greedy", store=store)
    view = board.play_views["class"]
    assert view.session.seats == ("human", "strong", "greedy") and view.audience == "class"
    assert view.name(0) == "The class" and "cm-class-play" in view._dom_classes
    assert view.card_width > board.card_width  # larger cards for the back row
    assert "The class: agree on a secret bid, then click it" in view.prompt.value
    assert "The class's hand: click a card to bid it" in [r["title"] for r in view.table.rows]
    # three players: the blue cards are set aside, and the board has three colours
    assert "blue" not in view.scoreboard.value
    assert all(card.colour != "blue" for card in view.session.observation(0).hand)


# --- a whole round by clicks -----------------------------------------------------------------


def test_a_round_against_the_computer_reveals_drafts_and_scores_as_the_engine(store) -> None:
    board = PermutationsDashboard(seed=11, mode="class", store=store)
    view = board.play_views["class"]
    view.start()
    session = view.session
    for auction in range(1, AUCTIONS_PER_ROUND + 1):
        state = session.state
        assert (state.round_number, state.auction) == (1, auction) and view.person == 0
        check_board(view)
        hand = session.observation(0).hand
        assert len(enabled(view)) == len(hand) == 12 - auction
        chosen = enabled(view)[-1]
        view.table.click(chosen)
        # the reveal: every bid at once, highest first, before anyone drafts
        revealed = session.state
        assert revealed.phase == "draft" and view.announcement is not None
        assert f"auction {auction} of 11: the bids are revealed" in view.prompt.value
        assert revealed.bids[0].number == int(chosen.removeprefix("hand-"))
        order = drafting_order(revealed.bids)
        assert order == revealed.draft_order
        shown = re.findall(r'cm-permutations-who">([^<]+)<', view.panel.value)
        assert shown == [view.name(p) for p in order]
        for rank, player in enumerate(order, start=1):
            assert f"bid {revealed.bids[player].number}: drafts <b>{rank}" in view.panel.value
        assert view.table.layout.display == "none"  # no clicking through an announcement
        assert view.moves.children[0].description == "Draft, highest bid first"
        view.moves.children[0].click()
        # the class drafts when its turn comes (the computer players before it have drafted)
        assert view.person == 0 and session.state.current_player == 0
        pool = session.state.pool
        assert sorted(enabled(view)) == sorted(f"pool-{card.number}" for card in pool)
        check_board(view)
        view.table.click(enabled(view)[0])
        # the draft: each card goes to its player, highest bid first
        result = session.state.last_auction
        assert (result.round_number, result.auction) == (1, auction)
        steps = re.findall(r'cm-permutations-who">([^<]+)<', view.panel.value)
        assert steps == [
            f"{rank}{suffix}: {view.name(p)}"
            for rank, suffix, p in zip(
                (1, 2, 3, 4), ("st", "nd", "rd", "th"), result.order, strict=False
            )
        ]
        for player in result.order:
            took = result.drafts[player]
            assert f'aria-label="{took.colour} {took.number}"' in view.panel.value
        if auction < AUCTIONS_PER_ROUND:
            assert "the draft" in view.prompt.value
            assert sorted(session.state.pool) == sorted(result.bids)  # bids: the next pool
            assert view.moves.children[0].description == f"Next auction ({auction + 1} of 11)"
            view.moves.children[0].click()
    # the round is over: the engine's maxes and triangular scores, and the next round's hands
    state = session.state
    outcome = state.rounds[0]
    assert "Round 1 is over" in view.prompt.value
    for player in range(state.num_players):
        pile = state.hands[player]  # the drafted cards are the next round's hand
        counts = colour_counts(pile)
        assert outcome.maxes[player] == max(counts.values())
        assert outcome.scores[player] == triangular(outcome.maxes[player])
        assert (
            f'{outcome.scores[player]}</span><span class="cm-permutations-working"> = '
            f"{outcome.maxes[player]} × {outcome.maxes[player] + 1} ÷ 2" in view.panel.value
        )
        assert f"0 + {outcome.scores[player]} = {outcome.totals[player]}" in view.panel.value
    assert view.moves.children[0].description == "Round 2"
    view.moves.children[0].click()
    assert session.state.round_number == 2 and view.person == 0
    check_board(view)  # a new round: nothing drafted yet, the totals carried
    assert all(cells[1:5] == ["0"] * 4 for cells in board_cells(view))


def play_to_the_end(view: PlayView) -> None:
    session = view.session
    for _ in range(2000):
        if session.is_over:
            return
        if view.announcement is not None:
            view.moves.children[0].click()
        else:
            view.table.click(enabled(view)[0])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"target": 20}, "the game ends after the round in which a total reaches 20"),
        ({"max_rounds": 1}, "the round limit of 1 round is reached"),
    ],
)
def test_a_whole_game_ends_with_the_engines_winner(store, options: dict, why: str) -> None:
    board = PermutationsDashboard(seed=5, mode="play", options=options, store=store)
    view = board.play_views["play"]
    view.computers.value = 2
    view.strength.value = "random"
    view.start()
    session = view.session
    play_to_the_end(view)
    outcome = session.outcome()
    assert view.prompt.value.count("Game over") == 1
    assert view.winners_text(outcome.winners) in view.prompt.value
    assert "★ wins" in view.scoreboard.value and "points this round" in view.scoreboard.value
    best = outcome.scores[outcome.winners[0]]
    rounds = len(session.state.rounds)
    assert f"{best} points after {rounds} round" in view.panel.value and why in view.panel.value
    assert view.moves.children[0].description == "New game"
    view.moves.children[0].click()
    assert view.session is None and view.setup.layout.display == "flex"


# --- secret bids at a shared screen ------------------------------------------------------------


def everything_shown(view: PlayView) -> str:
    """All the text and drawings the screen holds now."""
    parts = [view.prompt.value, view.panel.value, view.scoreboard.value, view.log_box.value]
    parts += [view.message.value, repr(view.table.rows)]
    parts += [getattr(child, "description", "") for child in view.cover.children]
    return "\n".join(parts)


def mentions(text: str, card) -> bool:
    """Whether ``text`` names ``card``: "17R", or its label "red 17" (not "red 170")."""
    named = rf"(?<![0-9]){card.number}{card.colour[0].upper()}(?![A-Za-z0-9])"
    label = rf"{card.colour} {card.number}(?![0-9])"
    return re.search(named, text) is not None or re.search(label, text) is not None


def test_hot_seat_keeps_each_bid_secret_until_the_reveal(store) -> None:
    board = PermutationsDashboard(seed=21, mode="play", store=store)
    view = board.play_views["play"]
    view.people.value = 3
    view.computers.value = 1
    view.start()
    session = view.session
    assert session.humans == (0, 1, 2)
    bids = {}
    for player in (0, 1, 2):
        assert view.person == player
        assert view.table.rows == [] and f"Pass the screen to <b>Player {player + 1}</b>" in (
            view.prompt.value
        )
        for card in bids.values():  # nothing of an earlier bid, behind the cover
            assert not mentions(everything_shown(view), card)
        view.cover.children[0].click()
        own = session.observation(player).hand
        shown = sorted(int(i.removeprefix("hand-")) for i in enabled(view))
        assert shown == sorted(card.number for card in own)
        labels = [c["label"] for c in row(view, "Bids")]
        for earlier in bids:
            assert labels[earlier] == f"Player {earlier + 1}: a secret bid, face down"
            assert row(view, "Bids")[earlier]["face_down"]
        for card in bids.values():  # the next player sees that a bid is in, not which
            assert not mentions(everything_shown(view), card)
        choice = enabled(view)[0]
        bids[player] = next(c for c in own if f"hand-{c.number}" == choice)
        view.table.click(choice)
    # the computer player bids too, then all bids are revealed together
    assert view.announcement is not None and "the bids are revealed" in view.prompt.value
    for player, card in bids.items():
        assert f'aria-label="{card.colour} {card.number}"' in view.panel.value
        assert session.state.bids[player] == card


def test_without_the_tally_a_player_sees_only_their_own_counts(store) -> None:
    board = PermutationsDashboard(seed=8, mode="play", display={"tally": False}, store=store)
    view = board.play_views["play"]
    view.start()
    session = view.session
    for _ in range(12):  # two auctions
        if view.announcement is not None:
            view.moves.children[0].click()
        else:
            view.table.click(enabled(view)[0])
    cells = board_cells(view)
    assert session.state.num_players == 3  # red, yellow, green
    counts = colour_counts(session.state.piles[0])
    assert [int(c) for c in cells[0][1:4]] == [counts[c] for c in ("red", "yellow", "green")]
    assert cells[0][4] == str(max(counts.values()))
    for player in (1, 2):
        size = len(session.state.piles[player])
        assert cells[player][1] == f"{size} card{'s' * (size != 1)} face down"
        assert cells[player][2:4] == ["?", "?"]


# --- refusals, undo, saving, settings ---------------------------------------------------------


def test_clicks_that_are_no_move_change_nothing(store) -> None:
    board = PermutationsDashboard(seed=4, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    session = view.session
    before = session.state
    pool_card = session.state.pool[0]
    view.table.click(f"pool-{pool_card.number}")  # the pool is not for bidding
    for bogus in ("hand-99", "hand-", "bid-0", "pile-none", "nonsense"):
        view.table.click(bogus)
        assert view.presenter.click(session, 0, bogus) is None
    assert session.state is before and not session.moves
    refusal = view.act(Draft(pool_card))  # drafting before the bids: the engine's rule
    assert refusal and "every player has chosen a secret bid" in view.message.value
    assert session.state is before


def test_undo_takes_back_the_bid_before_the_reveal_is_drafted(store) -> None:
    board = PermutationsDashboard(seed=4, mode="class", store=store)
    view = board.play_views["class"]
    view.start()
    session = view.session
    first = session.state
    view.table.click(enabled(view)[0])
    assert view.announcement is not None and not view.undo_button.disabled
    view.undo_button.click()
    assert session.state == first and view.announcement is None and view.person == 0
    assert len(enabled(view)) == 11


def test_a_reload_resumes_the_game_where_it_was(store) -> None:
    board = PermutationsDashboard.from_query("seed=40&mode=play", store=store)
    view = board.play_views["play"]
    view.table.click(enabled(view)[0])
    view.moves.children[0].click()
    name = view.saved_name
    again = PermutationsDashboard.from_query(f"seed=40&mode=play&game={name}", store=store)
    resumed = again.play_views["play"]
    assert resumed.session.state == view.session.state
    assert resumed.scoreboard.value == view.scoreboard.value


def test_settings_offer_the_tally_and_refuse_a_target_beyond_500(store) -> None:
    board = PermutationsDashboard(seed=1, mode="play", store=store)
    board.settings_button.value = True
    assert set(board.display_boxes) == {"tally"} and board.display_boxes["tally"].value
    target = board.options_panel.inputs["target"]
    assert (target.input.min, target.input.max) == (1, 500)  # the box stops at the bound
    target.input.value = 1000
    assert target.input.value == 500
    board.options_panel.inputs["target"].input.value = 40
    board.display_boxes["tally"].value = False
    board.apply_settings()
    assert board.game_options["target"] == 40 and board.display["tally"] is False
    view = board.play_views["play"]
    view.start()
    assert view.session.game.options.target == 40
    assert Bid(view.session.observation(0).hand[0]) in view.session.legal_actions()
