"""Players' words only (issue 16 item 8): no option key, internal name, rule number or note for
developers in what a player reads: option labels, help and values, prompts, buttons and the log
of long bot games of every game, and the refusals each game can say."""

from __future__ import annotations

import ast
import importlib
import re
import typing
from pathlib import Path
from typing import Literal

import pytest
from every_game import every_game
from source_trees import source_nodes
from ui_driver import Driver

from cardtable.ai import bot_kinds, make_bot
from cardtable.games import get_game, package_of
from cardtable.ui.scenes.setup import SetupScene, value_words

RULE_NUMBER = r"\([^)]*\b(?:R|A)\d+\b[^)]*\)"
"""A rule number in brackets: (R13), (A5 option), (one per turn, A16)."""
DEVELOPER_WORDS = re.compile(
    RULE_NUMBER
    + r"|\b[a-z]+_[a-z_]+\b"  # an option key or internal name: after_link, end_of_turn
    r"|\bseed'?s?\b|\bv\d+(?:\.\d+)+|authors'|\bwording\b"  # notes on where a rule came from
    r"|\brules' \"|\blayers?\b",  # Cersei's setup: 'as the rules' "otherwise" says', 'war and battle layers'
    re.IGNORECASE,
)

pytestmark = pytest.mark.usefixtures("test_games")  # the test-only games keep the contract too


def developer_words(text: str) -> list[str]:
    return DEVELOPER_WORDS.findall(text)


def test_the_scan_finds_what_the_issue_names():
    for bad in ("after_link", "(the seed's wording)", "(the authors' v1.2)", "it is discarded (R13)",
                "as the rules' \"otherwise\" says", "war and battle layers"):
        assert developer_words(bad), bad
    assert developer_words("A 10 may be played on anything.") == []


@pytest.mark.parametrize("game", every_game())
def test_every_option_reads_as_a_sentence(game):
    model = get_game(game).Options
    for name, field in model.model_fields.items():
        assert field.title and field.description, name
        for words in (field.title, field.description):
            assert developer_words(words) == [], (name, words)
            # "(0: play until the players stop)" is a code to decipher: the spinner says it instead.
            assert not re.search(r"(?:^|[(.]\s*)\d+:", words), (name, words)
        if typing.get_origin(field.annotation) is Literal:
            shown = value_words(field)
            values = typing.get_args(field.annotation)
            assert set(shown) == set(values), f"{name}: every value needs its words"
            for value in values:
                assert developer_words(shown[value]) == [] and shown[value] != str(value), (name, value)


@pytest.mark.parametrize("game", every_game())
def test_every_rule_book_reads_in_players_words(game):
    """Walking Cersei's match with its rule book open: "Names: the seed's names, spelled Assassin
    (seed: "Assassain")…", a note on where the rules came from, and "the contesting cards of that
    layer", the engine's word for a war or battle."""
    from cardtable.games import rule_book

    assert developer_words(rule_book(get_game(game))) == []


def test_a_number_that_means_no_limit_is_shown_in_words_on_the_setup_page():
    from cardtable.ui.scenes.setup import option_widget

    def shown(game: str, name: str, value: int) -> str:
        widget = option_widget(get_game(game).Options, name, value, lambda v: None)
        return widget.show(widget.value)  # type: ignore[attr-defined]

    assert shown("fscking-ace", "round_limit", 0) == "No limit"
    # a unit where the number alone read as a count of nothing in particular
    assert shown("fscking-ace", "round_limit", 3) == "3 rounds"
    assert shown("fscking-ace", "round_limit", 1) == "1 round"
    assert shown("fscking-ace", "balance_target", 0) == "None"
    assert shown("cunt-soul", "stalemate_rounds", 0) == "Never"  # a slider: 0 to 1000
    assert shown("cunt-soul", "stalemate_rounds", 40) == "40"


def test_a_balance_target_is_shown_in_the_money_the_page_has_chosen():
    """Fscking Ace's "Balance target" read a bare "5" on the new-game page: five of what? It is
    an amount of the stake (the sitting ends once anyone is up or down that much, A14's money), so it
    reads "$5", "5¢" or "5 pts" as the Money option beside it is set, and follows that option."""
    d = Driver()
    scene = SetupScene(d.app, "fscking-ace")
    d.app.push(scene)
    d.frame()
    target = next(w for w in scene.form.widgets if getattr(w, "label", "") == "balance_target")
    money = next(w for w in scene.form.widgets if getattr(w, "label", "") == "money")
    assert target.show(0) == "None" and target.show(5) == "$5"
    money.on_change("pennies")
    assert target.show(5) == "5¢"
    money.on_change("points")
    assert target.show(5) == "5 pts" and target.show(1) == "1 pt"
    assert scene.game.new_state(["A", "B", "C"], scene.game.Options(money="points", balance_target=5), 1) \
        .money(500) == "5 pts", "the target is counted in whole units of the stake"


def strings_said(game: str) -> list[str]:
    """Every string constant of the game's folder outside docstrings and assertions: the refusals
    and log lines it can say, also those no bot game happens to reach."""
    folder = Path(importlib.import_module(package_of(get_game(game))).__file__).parent
    return [s for path in sorted(folder.glob("*.py")) for s in _constants(path.read_text("utf-8"))]


def _constants(source: str) -> list[str]:
    tree = source_nodes(source)
    skip = set()
    for node in tree:
        if isinstance(node, ast.Assert) and node.msg is not None:
            skip |= {id(n) for n in ast.walk(node.msg)}
        if isinstance(node, ast.Expr):  # a docstring, or a note under an assignment: for readers
            skip.add(id(node.value))
    return [n.value for n in tree
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
            and " " in n.value]


@pytest.mark.parametrize("game", every_game())
def test_no_rule_number_in_anything_a_game_says(game):
    said = [s for s in strings_said(game) if re.search(RULE_NUMBER, s)]
    assert said == []


@pytest.mark.parametrize("game", every_game())
def test_long_bot_games_log_and_prompt_in_players_words(game):
    g = get_game(game)
    kind = "heuristic" if "heuristic" in bot_kinds(game) else "random"
    seen: set[str] = set()
    for seed in range(3):
        players = g.max_players if seed == 0 else g.min_players + seed % (g.max_players - g.min_players + 1)
        names = [f"P{i}" for i in range(players)]
        state = g.new_state(names, g.Options(), seed)
        bots = [make_bot(game, kind, seed * 10 + i) for i in range(players)]
        for _ in range(3000):
            if state.is_over:
                break
            seen.add(state.prompt())
            legal = state.legal_actions()
            seen.update(state.describe(a) for a in legal)
            seat = state.to_move
            action = bots[seat].choose(state.view(seat))
            seen.update(ev.text for ev in state.apply(action) if ev.text)
    bad = {line: developer_words(line) for line in seen if developer_words(line)}
    assert bad == {}
