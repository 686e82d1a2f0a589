"""``python -m cardmath play`` and ``games``: every flag refuses bad input by rule.

Conflicting flags are errors naming both flags (never silently dropped), ``--rounds 0``
means the same in every game (it is refused with one message), options out of bounds are
refused before any play, and no message repeats more than about 60 characters of what
was typed.
"""

from __future__ import annotations

import json

import pytest

from cardmath.__main__ import main


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command, check it was refused before any play, return the message."""
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse refuses with status 2
        status = stop.code
    out, err = capsys.readouterr()
    assert status == 2, out
    assert out == "", "nothing is played"
    assert "Traceback" not in err
    assert all(len(word) <= 61 for word in err.split()), err
    return err


def test_an_option_given_twice_with_different_values_names_both_flags(capsys) -> None:
    err = refused(
        capsys,
        "play",
        "navigator",
        "--option",
        "variant=pirate-map",
        "--variant",
        "forced-override",
    )
    assert "--option variant=pirate-map and --variant forced-override both set Variants" in err
    err = refused(capsys, "play", "navigator", "--option", "players=4", "--players", "2")
    assert "--option players=4 and --players 2 both set Players" in err
    err = refused(capsys, "play", "dotter", "--option", "laps=2", "--option", "laps=3")
    assert "--option laps=2 and --option laps=3 both set Laps to win" in err
    err = refused(capsys, "play", "dotter", "--rounds", "2", "--option", "max_rounds=3")
    assert "--option max_rounds=3 and --rounds 2 both set Round limit" in err
    err = refused(capsys, "play", "demo", "--players", "2", "--players", "3")
    assert "--players is given twice (2 and 3): give it once" in err
    err = refused(capsys, "play", "demo", "--seed", "1", "--seed", "2")
    assert "--seed is given twice" in err
    err = refused(capsys, "play", "demo", "--players", "2", "--bots", "random,random,random")
    assert "--players 2 and --bots random,random,random disagree" in err


def test_the_same_value_twice_is_no_conflict(capsys) -> None:
    argv = ["play", "demo", "--option", "players=2", "--players", "2", "--seed", "3"]
    assert main([*argv, "--bots", "random"]) == 0
    assert capsys.readouterr().out.startswith("Pick (demonstration), seed 3")


@pytest.mark.parametrize("game", ["navigator", "permutations", "dotter", "sequences", "sum15"])
def test_rounds_zero_is_refused_the_same_way_in_every_game(capsys, game: str) -> None:
    err = refused(capsys, "play", game, "--rounds", "0")
    assert "argument --rounds: 1 or more, not 0: it is how many rounds to play" in err


def test_rounds_for_a_game_without_rounds_is_refused(capsys) -> None:
    err = refused(capsys, "play", "sum15", "--rounds", "3")
    assert "sum15 is not played in rounds, so --rounds does not apply" in err
    assert "--option deals=N" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("permutations", "--option", "target=1000000000"), "Target score is a whole number"),
        (("navigator", "--option", "starting_chips=1000"), "Starting chips is a whole number"),
        (("dotter", "--option", "laps=0"), "Laps to win is a whole number from 1 to 20"),
        (("sum15", "--players", "41"), "Sum 15 is for 2 to 40 players"),
        (("sequences", "--option", "division=nearest"), "Division is one of"),
        (("sequences", "--variant", "pirate-map"), "sequences has no variants"),
        (("navigator", "--option", "hotshot=maybe"), "Hotshot Spacer is on or off"),
        (("demo", "--option", "=3"), "--option needs a name"),
    ],
)
def test_options_out_of_bounds_are_refused_before_any_play(capsys, argv, words) -> None:
    assert words in refused(capsys, "play", *argv)


@pytest.mark.parametrize(
    "argv",
    [
        ("play", "x" * 10_000),
        ("play", "demo", "--players", "9" * 10_000),
        ("play", "demo", "--seed", "9" * 5_000),
        ("play", "demo", "--seed", "1" * 19),
        ("play", "demo", "--option", "x" * 10_000),
        ("play", "demo", "--option", "players=" + "9" * 5_000),
        ("play", "demo", "--bots", "b" * 10_000),
        ("play", "demo", "--variant", "v" * 150),
        ("play", "demo", "y" * 10_000),
    ],
    ids=[
        "game",
        "players",
        "seed",
        "seed-19-digits",
        "option",
        "value",
        "bots",
        "variant",
        "extra",
    ],
)
def test_long_input_is_refused_with_a_short_quote(capsys, argv) -> None:
    err = refused(capsys, *argv)
    assert len(err) < 1200


def test_games_lists_every_option_in_plain_words(capsys) -> None:
    assert main(["games", "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    permutations = {item["name"]: item for item in rows["permutations"]["settings"]}
    assert permutations["target"]["label"] == "Target score"
    assert permutations["target"]["maximum"] == 500
    colourings = {choice["value"]: choice for choice in permutations["colouring"]["choices"]}
    assert colourings["blocks"]["help"].startswith("Cards 1 to 12 are red")
    variants = {item["name"]: item for item in rows["navigator"]["settings"]}["variant"]
    assert len(variants["choices"]) == 5 and all(choice["help"] for choice in variants["choices"])
    for row in rows.values():
        for item in row["settings"]:
            assert item["label"] and item["help"], (row["name"], item["name"])
    assert main(["games"]) == 0
    text = capsys.readouterr().out
    assert "Starting chips (starting_chips, 1 to 30, default 10)" in text
