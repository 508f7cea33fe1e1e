"""Learn: every game's lessons, the ones done ticked (remembered in the settings), each one opened
at the real table with the coach over it; and the offer to learn a game the first time it is
opened. A lesson that did not load (bad lesson data) is listed as unavailable, with why."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine.lessons import Lesson
from cardtable.games import games, get_game, layout_of, lessons_of
from cardtable.ui import theme
from cardtable.ui.lessons import done_count, has_lessons, lesson_id, start_lesson
from cardtable.ui.scene import register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.widgets import OnPress


@register("learn")
class LearnScene(ButtonsScene):
    """The games with lessons (how many done), or one game's lessons."""

    def __init__(self, app, game: str | None = None, play: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.play = play
        """How the title opens a new game of a game (its table, or its unfinished match): a game's
        lessons end with "Play <game>", the step a learner takes next."""
        self.refresh()

    def refresh(self) -> None:
        if self.game is None:
            self.title = "Learn to play"
            self.lines = [("Short lessons at the real table: a coach shows you each rule with real "
                           "cards. Pick a game.", theme.TEXT)]
            return
        game = get_game(self.game)
        loaded = lessons_of(game)
        self.title = f"Learn {game.title}"
        self.lines = [("Each lesson takes a few minutes. The ones you have done say so; any lesson "
                       "can be played again.", theme.TEXT)]
        self.disabled = set()
        for key, why in loaded.unavailable.items():
            self.lines.append((f"The lesson {key!r} is unavailable: {why}", theme.ILLEGAL))
            self.disabled.add(self._unavailable_label(key))

    @staticmethod
    def _unavailable_label(key: str) -> str:
        return f"{key} (unavailable)"

    def enter(self) -> None:
        self.refresh()  # a lesson may have been ticked since
        super().enter()
        if self.game is not None:
            # back from a lesson the light stayed on the lesson just done (Enter played it again):
            # it goes to the learner's next step, the first lesson not done, else the game
            done = set(self.app.settings.lessons_done)
            lessons = lessons_of(get_game(self.game)).lessons
            labels = [label for label, _ in self.items()]
            play = f"Play {get_game(self.game).title}"
            todo = [i for i, le in enumerate(lessons) if lesson_id(self.game, le) not in done]
            self.form.set_focus(todo[0] if todo else labels.index(play) if play in labels else 0)

    def items(self) -> list[tuple[str, OnPress]]:
        out: list[tuple[str, OnPress]] = []
        if self.game is None:
            for name, game in games().items():
                if layout_of(game) is None or not has_lessons(name):
                    continue
                done, total = done_count(self.app, name)
                out.append((f"{game.title}: {done} of {total} done", self._open_game(name)))
        else:
            name = self.game
            ticked = set(self.app.settings.lessons_done)
            for n, lesson in enumerate(lessons_of(get_game(name)).lessons, 1):
                tick = "  (done)" if lesson_id(name, lesson) in ticked else ""
                out.append((f"{n}. {lesson.title}{tick}", self._start(name, lesson)))
            for key in lessons_of(get_game(name)).unavailable:
                out.append((self._unavailable_label(key), lambda: None))
            if self.play is not None:
                out.append((f"Play {get_game(name).title}", self._play(name)))
        out.append(("Back", self.back))
        return out

    def _open_game(self, name: str) -> Callable[[], None]:
        def go() -> None:
            self.app.push("learn", game=name, play=self.play)
        return go

    def _play(self, name: str) -> Callable[[], None]:
        def go() -> None:
            assert self.play is not None
            self.play(name)
        return go

    def _start(self, name: str, lesson: Lesson) -> Callable[[], None]:
        def go() -> None:
            start_lesson(self.app, name, lesson)
        return go

    def back(self) -> None:
        self.app.pop()

    def on_escape(self) -> None:
        self.app.pop()


@register("learn_offer")
class LearnOfferScene(ButtonsScene):
    """The first time a game is opened: learn it first, or play straight away."""

    overlay = True
    backdrop = False

    def __init__(self, app, game: str, on_play: Callable[[], None],
                 play: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.game, self.on_play, self.play_game = game, on_play, play
        title = get_game(game).title
        self.title = f"New to {title}?"
        self.lines = [(f"Learn to play: a few short lessons at the table show you {title} one rule at "
                       "a time. Or play straight away (How to play opens first).", theme.TEXT)]

    def items(self) -> list[tuple[str, OnPress]]:
        return [("Learn to play", self.learn), ("Just play", self.play), ("Back", self.back)]

    def back(self) -> None:
        self.app.pop()

    def learn(self) -> None:
        self.app.replace("learn", game=self.game, play=self.play_game)

    def play(self) -> None:
        self.app.pop()
        self.on_play()

    def on_escape(self) -> None:
        self.app.pop()
