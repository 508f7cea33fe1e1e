"""Every game's state keeps the engine's contract (issue 13.6): its deal, ``clone``, ``view`` and
``determinize`` set every slot; its fingerprint lists every field exactly once; the legal memo
and the apply guard of the base ``State`` behave alike in every game; the hot-path Event helpers
build exactly what the keyword constructor builds."""

from __future__ import annotations

import importlib
import inspect

import pytest
from every_game import every_game
from source_trees import nodes

from cardtable.engine.declared import DeclaredState
from cardtable.engine.fields import BASE_FIELDS
from cardtable.engine.fingerprint import fingerprint, plain, slot_names
from cardtable.engine.protocol import (
    MOVE,
    Action,
    Event,
    IllegalAction,
    LegalMemo,
    State,
    card_actions,
    fact_event,
    move_event,
)
from cardtable.engine.rng import CUT, Rng
from cardtable.games import games, layout_of, package_of, parts_of, teller_of

GAMES = every_game()
pytestmark = pytest.mark.usefixtures("test_games")  # the test-only games keep the contract too
NOBODYS_MOVE = Action("no_such_move", (999,), 42, "never")  # bad input: refused with words


def _unset_slots(state: State) -> list[str]:
    missing = []
    for name in slot_names(type(state)):
        try:
            getattr(state, name)
        except AttributeError:
            missing.append(name)
    return missing


def _positions(name: str, seed: int = 7, stride: int = 9) -> list[State]:
    """The deal and every ``stride``-th position of one random game (at most 40)."""
    game = games()[name]
    n = min(max(game.min_players, 3), game.max_players)
    state = game.new_state([f"P{i}" for i in range(n)], None, seed)
    rng = Rng(seed)
    seen = [state.clone()]
    step = 0
    while state.to_move is not None and len(seen) < 40:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
        if step % stride == 0:
            seen.append(state.clone())
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_fingerprint_fields_name_every_slot_once(name: str) -> None:
    cls = type(games()[name].new_state(["A", "B", "C"] if games()[name].max_players >= 3 else ["A", "B"]))
    declared = cls.fingerprint_fields
    assert declared, f"{cls.__name__} declares its fingerprint's fields (saves depend on their order)"
    assert len(set(declared)) == len(declared)
    # a field that replaced several keeps digesting them by their old labels, now properties of it
    stand_ins = {label for labels in cls.fingerprint_through.values() for label in labels}
    # (a property, or its compiled form: a data descriptor on the class that is no field)
    fields = {f.name for f in cls.fields}
    assert all(inspect.isdatadescriptor(getattr(cls, label, None)) and label not in fields
               for label in stand_ins)
    attrs = {cls.fingerprint_renamed.get(f, f) for f in declared if f not in stand_ins}
    attrs |= set(cls.fingerprint_through)
    # the legal memo is derived (recorded as a constant): games that had it before fingerprints were
    # frozen list it, the others need not; other derived slots (kept for speed) are left out
    derived = set(cls.derived_fields)
    assert not attrs & derived, "a derived slot is never part of a fingerprint"
    assert attrs - {"_memo"} == set(slot_names(cls)) - {"_memo"} - derived, "every slot, and nothing else"


@pytest.mark.parametrize("name", GAMES)
def test_deal_clone_view_determinize_set_every_slot(name: str) -> None:
    for state in _positions(name):
        assert _unset_slots(state) == []
        clone = state.clone()
        assert _unset_slots(clone) == []
        assert fingerprint(clone) == fingerprint(state)
        for seat in range(len(state.names)):
            view = state.view(seat)
            assert _unset_slots(view) == [], f"view of seat {seat}"
            assert view.viewer == seat
            full = view.determinize(Rng(seat))
            assert _unset_slots(full) == []
            assert full.viewer is None


@pytest.mark.parametrize("name", GAMES)
def test_only_the_movers_view_has_options_or_may_act(name: str) -> None:
    """The viewer guard, once in the base State (Takku-Sum's own copy had lost it)."""
    for state in _positions(name):
        if state.to_move is None:
            continue
        mover = state.to_move
        legal = state.legal_actions()
        assert legal
        assert state.view(mover).legal_actions() == legal
        for seat in range(len(state.names)):
            if seat == mover:
                continue
            view = state.view(seat)
            assert view.legal_actions() == []
            with pytest.raises(IllegalAction, match="view of another seat"):
                view.apply(legal[0])


@pytest.mark.parametrize("name", GAMES)
def test_apply_starts_a_new_memo_and_refuses_what_is_not_legal(name: str) -> None:
    for state in _positions(name):
        if state.to_move is None:
            with pytest.raises(IllegalAction, match="game is over"):
                state.apply(NOBODYS_MOVE)
            continue
        legal = state.legal_actions()
        legal.clear()  # a caller's copy: the memo is not changed through it
        assert state.legal_actions()
        before = fingerprint(state)
        with pytest.raises(IllegalAction):
            state.apply(NOBODYS_MOVE)
        assert fingerprint(state) == before, "a refused action leaves the state unchanged"
        clone = state.clone()
        clone._apply(clone.legal_actions()[0])  # search's path: no check, but a new position
        assert not clone._memo, "_apply starts a new memo"
        assert state.legal_actions(), "the state's own memo is untouched by its clone's move"
        # the memo's own object is found by identity; an equal one built elsewhere (a save, a
        # phone) is legal too, and a plain tuple of the same fields is not an action
        last = state.legal_actions()[-1]
        with pytest.raises(IllegalAction, match="not an action"):
            state.clone().apply(tuple(last))  # type: ignore[arg-type]
        equal, same = state.clone(), state.clone()
        assert equal.apply(Action.from_json(last.to_json())) == same.apply(last)
        assert fingerprint(equal) == fingerprint(same)



def test_event_helpers_agree_with_the_keyword_constructor() -> None:
    assert Event._fields == ("kind", "text", "cards", "src", "dst", "face_up", "seat", "data")
    fast = move_event("Ann plays 7♥", (22,), "hand/0", "play", True, 0)
    plain = Event(kind="move", text="Ann plays 7♥", cards=(22,), src="hand/0", dst="play", face_up=True,
                  seat=0)
    assert fast == plain and type(fast) is Event and fast._asdict() == plain._asdict()
    fact = fact_event("burn", "A 10 burns the pile", 2, (33, 34), {"n": 2})
    assert fact == Event(kind="burn", text="A 10 burns the pile", cards=(33, 34), seat=2, data={"n": 2})
    assert fact_event("turn", "", 1) == Event(kind="turn", seat=1)
    assert type(fact_event("turn", "", 1)) is Event


def test_card_actions_agree_with_the_keyword_constructor() -> None:
    assert Action._fields == ("kind", "cards", "target", "choice")
    choices = [(3, 9, 40), (5,), ()]
    fast = card_actions("arrange", choices)
    assert fast == [Action(kind="arrange", cards=c) for c in choices]
    for action, cards in zip(fast, choices, strict=True):
        assert type(action) is Action and action._asdict() == Action("arrange", cards)._asdict()


def test_views_share_a_cut_stream_and_memos_digest_as_a_constant() -> None:
    """A view's stream is cut: drawing from it raises, so a bot cannot deal itself the next card;
    it still digests as the state-0 stream every view has always recorded. A filled memo digests
    like an empty one (saves' fingerprints never saw its content)."""
    for name in ("shithead", "cunt-soul"):
        state = games()[name].new_state(["A", "B", "C"], None, 3)
        view = state.view(0)
        assert view.rng is CUT and view.clone().rng is CUT
        with pytest.raises(RuntimeError, match="cut"):
            view.rng.below(52)
        assert fingerprint(CUT) == fingerprint(Rng(0))
        before = fingerprint(state)
        state.legal_actions()
        assert state._memo and fingerprint(state) == before
        assert fingerprint(LegalMemo([Action("x")])) == fingerprint(LegalMemo())
        # a memo may be a plain list (four times cheaper to make): a state digests the same
        for memo in ([], [state.legal_actions()], LegalMemo()):
            state._memo = memo
            assert fingerprint(state) == before and fingerprint(state.view(0)) == fingerprint(view)


def test_events_are_built_by_field_name() -> None:
    """Issue 13.6: an Event built positionally breaks silently if Event's fields change, so code
    names every field after ``kind``; the hot paths go through move_event and fact_event."""
    import ast
    from pathlib import Path

    import cardtable

    folders = {Path(cardtable.__file__).parent}  # every game's folder, wherever it is kept, too
    folders |= {Path(importlib.import_module(package_of(g)).__file__).parent for g in games().values()}
    offenders = []
    for path in sorted({p for folder in folders for p in folder.rglob("*.py")}):
        for node in nodes(path):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Event" \
                    and len(node.args) > 1:
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


@pytest.mark.parametrize("name", GAMES)
def test_fields_are_declared_once_and_the_made_copies_agree(name: str) -> None:
    """Issue 27.2: a state's fields are declared once (its slots come from the declaration) and its
    clone and view are made from it; a hand-written fast path (if any) agrees with the made one,
    and so does the made ``_redact`` on a clone."""
    cls = type(games()[name].new_state(["A", "B", "C"] if games()[name].max_players >= 3 else ["A", "B"]))
    assert cls.fields, f"{cls.__name__} declares its fields"
    assert set(slot_names(cls)) - {"_memo", *BASE_FIELDS} == {f.name for f in cls.fields}
    for state in _positions(name):
        assert fingerprint(state.clone()) == fingerprint(state.made_clone()) == fingerprint(state)
        for seat in range(len(state.names)):
            view = state.view(seat)
            assert fingerprint(view) == fingerprint(state.made_view(seat)), f"view of seat {seat}"
            redacted = state.clone()
            redacted.made_redact(seat)
            redacted.viewer, redacted.rng = seat, CUT
            assert fingerprint(redacted) == fingerprint(view), f"redacted clone for seat {seat}"


@pytest.mark.parametrize("name", GAMES)
def test_a_view_that_skips_a_redaction_holds_what_the_redaction_gives(name: str) -> None:
    """``seen_when``: a view calls the game's redaction only while its condition holds; where it
    does not, the redaction must give what the view holds instead (so skipping it hides nothing)."""
    from cardtable.engine.fields import _CALL, _ELSE, _WHEN

    cls = type(games()[name].new_state(["A", "B", "C"] if games()[name].max_players >= 3 else ["A", "B"]))
    skipping = [f for f in cls.fields if f.seen.startswith(_WHEN)]
    for state in _positions(name, stride=1)[:12] + _positions(name):  # the setup's secrets too
        for f in skipping:
            method = f.seen.split(_CALL, 1)[1].split(_ELSE, 1)[0]
            for seat in range(len(state.names)):
                assert plain(getattr(state.view(seat), f.name)) == plain(getattr(state, method)(seat)), \
                    f"{f.name} for seat {seat}"


def test_copy_policies_and_the_checks_at_class_creation() -> None:
    from cardtable.engine.fields import BACKS, copied, own_row_else, rows, seen_as, seen_when, shared

    class Toy(DeclaredState):
        rules: tuple[int, ...] = shared()
        pile: list[int] = copied(seen=BACKS)
        hands: list[list[int]] = rows(seen=own_row_else("known"))
        known: list[list[int]] = shared(derived=True)
        down: list[list[int]] = shared(seen=seen_as("backs"))
        backs: list[list[int]] = shared(derived=True)

    t = Toy.__new__(Toy)
    t.names, t.rng, t.to_move, t.viewer, t._memo = ("A", "B"), Rng(1), 0, None, LegalMemo()
    t.rules, t.pile, t.hands, t.known = (1, 2), [5, 6], [[1], [2, 3]], [[-1], [-1, -1]]
    t.down, t.backs = [[7], [8]], [[-1], [-1]]
    assert Toy.__slots__ == ("rules", "pile", "hands", "known", "down", "backs")
    assert Toy.derived_fields == ("known", "backs")
    assert Toy.fingerprint_fields == ("_memo", "rules", "pile", "hands", "down", "names", "rng", "to_move",
                                      "viewer")
    c = t.clone()
    assert c.rules is t.rules and c.down is t.down, "shared: the same object"
    assert c.pile == t.pile and c.pile is not t.pile, "copied: a new list"
    assert c.hands == t.hands and c.hands is not t.hands and c.hands[1] is not t.hands[1], "rows: each row"
    assert c.rng is not t.rng and c.rng.state == t.rng.state and c._memo is t._memo
    v = t.view(1)
    assert (v.pile, v.hands, v.down, v.viewer, v.rng) == ([-1, -1], [[-1], [2, 3]], [[-1], [-1]], 1, CUT)
    assert t.hands == [[1], [2, 3]] and t.known == [[-1], [-1, -1]], "the state is untouched"
    with pytest.raises(ValueError, match="no seat 2"):
        t.view(2)

    class Parted(Toy):
        """A state put together from parts: its made copies are of itself, and it has no dict."""

        def extra(self) -> int:
            return len(self.pile)

    p = Parted.__new__(Parted)
    for name in (*Toy.__slots__, "names", "rng", "to_move", "viewer", "_memo"):
        setattr(p, name, getattr(t, name))
    assert type(p.clone()) is Parted and type(p.view(0)) is Parted and p.view(0).extra() == 2
    assert not hasattr(p, "__dict__") and Parted.fields == Toy.fields

    class Skipping(DeclaredState):
        down: list[list[int]] = shared(seen=seen_when("self.shown", "_down_seen", "backs"))
        backs: list[list[int]] = shared(derived=True)
        shown: int = shared()

        def _down_seen(self, seat: int) -> list[list[int]]:
            return [d if i == seat else b for i, (d, b) in enumerate(zip(self.down, self.backs, strict=True))]

    k = Skipping.__new__(Skipping)
    k.names, k.rng, k.to_move, k.viewer, k._memo = ("A", "B"), Rng(1), 0, None, LegalMemo()
    k.down, k.backs, k.shown = [[7], [8]], [[-1], [-1]], 0
    assert k.view(1).down is k.backs, "condition false: the other field, no call"
    k.shown = 1
    assert k.view(1).down == [[-1], [8]], "condition true: the game's redaction"
    with pytest.raises(TypeError, match="no field"):
        class _BadWhenOther(DeclaredState):
            hands: list[int] = copied(seen=seen_when("self.hands", "clone", "nowhere"))
    with pytest.raises(TypeError, match="does not define"):
        class _BadWhenMethod(DeclaredState):
            hands: list[int] = copied(seen=seen_when("self.hands", "_no_such_method"))
    with pytest.raises(TypeError, match="no field"):
        class _BadOther(DeclaredState):
            hands: list[int] = copied(seen=seen_as("nowhere"))
    with pytest.raises(TypeError, match="does not define"):
        class _BadMethod(DeclaredState):
            hands: list[int] = copied(seen="_no_such_method")
    with pytest.raises(TypeError, match="missing"):
        class _BadFrozen(DeclaredState):
            fingerprint_fields = ("a", "names", "rng", "to_move", "viewer")
            a: int = shared()
            b: int = shared()
    with pytest.raises(TypeError, match="made from them"):
        class _BadSlots(DeclaredState):
            __slots__ = ("a",)
            b: int = shared()


NOT_RULES = ("__init__.py", "kinds.py", "table.py", "tips.py", "lessons.py", "bots.py", "search.py")


def _kinds_in_source(name: str) -> set[str]:
    """The event kinds a game's rules modules build events with (``Event``, ``fact_event`` and
    ``move_event`` calls), read from the source: a kind no code emits is a dead name."""
    import ast
    from pathlib import Path

    package = importlib.import_module(package_of(games()[name]))
    folder = Path(package.__file__).parent
    used: set[str] = set()
    for path in folder.glob("*.py"):
        if path.name in NOT_RULES or path.name.startswith("test_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{path.stem}")
        for node in nodes(path):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id == "move_event":
                used.add(MOVE)
            elif node.func.id in ("Event", "fact_event"):
                first = node.args[0] if node.args else \
                    next((k.value for k in node.keywords if k.arg == "kind"), None)
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    used.add(first.value)
                elif first is not None:
                    used.add(eval(compile(ast.Expression(first), str(path), "eval"), vars(module)))
    return used


@pytest.mark.parametrize("name", GAMES)
def test_event_kinds_are_the_games_and_its_table_names_only_kinds_it_emits(name: str) -> None:
    """Issue 27.6: a game declares its event kinds (``event_kinds``, its constants); every event it
    emits is of one of them, each of them is built somewhere in its rules, and every caption, hold,
    spin and banner kind its table names is one of them (a misspelt kind would never show)."""
    game = games()[name]
    declared = game.event_kinds
    assert MOVE in declared and all(isinstance(k, str) and k for k in declared)
    assert _kinds_in_source(name) == declared, "declared kinds are exactly the ones the rules build"
    emitted: set[str] = set()
    for seed in range(3):
        n = min(max(game.min_players, 3), game.max_players)
        state = game.new_state([f"P{i}" for i in range(n)], None, seed)
        rng = Rng(seed)
        for _ in range(400):
            if state.to_move is None:
                break
            legal = state.legal_actions()
            emitted |= {e.kind for e in state.apply(legal[rng.below(len(legal))])}
    assert emitted <= declared, f"emitted but not declared: {emitted - declared}"
    teller = teller_of(game)
    layout = layout_of(game)
    named = {*teller.captions, *teller.holds, *teller.spins, *(layout.banner_kinds if layout else ())}
    assert named <= declared, f"the table names {named - declared}, which {game.title} never emits"
    tips = parts_of(game).tips
    counted = {*tips.notable, *tips.counted}
    assert counted <= declared, f"the results count {counted - declared}, which {game.title} never emits"


@pytest.mark.parametrize("name", GAMES)
def test_a_state_and_its_views_pickle_whole(name: str) -> None:
    """A review sends each seat's view to its worker processes by pickle. Every slot must travel,
    in the binary's compiled core too (where ``State`` is native and, unaided, pickles only its
    own five: a Takku-Sum view arrived without its fields there)."""
    import pickle

    for state in _positions(name)[:6]:
        for copy in (state, *(state.view(seat) for seat in range(len(state.names)))):
            again = pickle.loads(pickle.dumps(copy))
            assert type(again) is type(copy) and fingerprint(again) == fingerprint(copy)
            assert _unset_slots(again) == _unset_slots(copy)
