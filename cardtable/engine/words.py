"""Words every game's lines share."""

from __future__ import annotations

import re
from collections.abc import Iterable


def count(n: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun in the right form: "1 card", "2 cards", "0 cards"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


_SECOND = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
"""Verbs whose "you" form is not the "he" form less its s."""


BLIND_PLAY = "Your face-down cards are played blind: any one is as good as another."
"""Why a hint names one face-down card over another: nothing tells them apart."""


def a_or_an(word: str) -> str:
    """A card's word with the article it is read with: "a 9", "an 8", "an A", "a Joker"."""
    return ("an " if word[:1] in ("8", "A") else "a ") + word


def _you_verb(word: str) -> str:
    """The "you" form of a verb in the "he" form: "chooses" -> "choose", "passes" -> "pass"."""
    if word in _SECOND:
        return _SECOND[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


_AND_VERBS = ("wins", "pays", "is", "keeps", "burns", "takes", "starts", "shows", "goes", "plays",
              "draws", "picks", "ends", "loses", "scores", "has", "cycles", "reverses", "adds", "opens",
              "banks", "gives")
"""Second verbs a game's line gives its subject ("... and wins the match", "..., or ends the sitting")."""
_AND_VERB = re.compile(rf"\b(?:and|then|or) ({'|'.join(_AND_VERBS)})\b")
_CLAUSE_START = (". ", ": ", "! ", "? ", "; ", "(", "— ")
_JOINS = (" and ", " then ", " but ", " so ", ", ", " while ", " when ", " until ", " if ", " as ")
"""Words after which a name may be the subject of its own clause: "the round is over and You pays"."""


def in_second_person(line: str, names: Iterable[str]) -> str:
    """A game's line as a seat named "You" should read it: the game says "Ann chooses" of every
    seat, so a seat called You must be "You choose", "You have", "your deck", "to you" (the
    learner of a lesson, or a player who named themself so). Lines about other seats unchanged."""
    you = {n for n in names if n.strip().lower() == "you"}
    if not you or not line:
        return line
    pattern = "|".join(re.escape(n) for n in sorted(you, key=len, reverse=True))
    edits: dict[int, tuple[int, str]] = {}  # start: (end, the words there instead)
    for m in re.finditer(rf"(?<![\w'])(?:{pattern})(?![\w])('s)?(?: ([a-z]+))?", line):
        start = m.start()
        opens = start == 0 or line[:start].endswith(_CLAUSE_START)
        subject = opens or line[:start].endswith(_JOINS)
        word = "You" if opens else "you"
        rest = f" {m.group(2)}" if m.group(2) else ""
        if m.group(1):  # a possessive: "You's deck"
            word = "Your" if opens else "your"
        elif subject and m.group(2):  # the subject, its verb next: "You chooses"
            rest = f" {_you_verb(m.group(2))}"
            # and its second verb in the same clause: "You has 12 points and wins the match"
            clause = re.match(r"[^.:;!?]*", line[m.end():])
            end = m.end() + (clause.end() if clause else 0)
            for v in _AND_VERB.finditer(line[m.end():end]):
                at = m.end() + v.start(1)
                edits[at] = (at + len(v.group(1)), _you_verb(v.group(1)))
            for v in re.finditer(r"\btheir\b", line[m.end():end]):  # "You have chosen your up cards"
                edits[m.end() + v.start()] = (m.end() + v.end(), "your")
        edits[start] = (m.end(), word + rest)
    out: list[str] = []
    pos = 0
    for start in sorted(edits):
        end, words = edits[start]
        out += [line[pos:start], words]
        pos = end
    out.append(line[pos:])
    return "".join(out)
