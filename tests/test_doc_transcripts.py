"""Every `pinochle` transcript in the docs is the command's real output, so the docs cannot drift.

A transcript is the fenced block right after a marker comment (mkdocs leaves it out)::

    <!-- transcript: pinochle demo --variant cutthroat-3 --seed 4 --max-hands 1 -->

Each is run through `pinochle.cli.main` and compared with its block, line by line. A line
that is only ``...`` stands for any run of output lines, so a long game can be shortened; a
``$ pinochle ...`` first line (a console block) must repeat the marker's command. The
answers of a `pinochle play` transcript are read back from its prompts (``Your card> 1``):
a scripted game echoes each answer after its prompt, so the block shows them all.

A marker may chain commands with `` && `` (``pinochle demo --seed 1 --record game.json &&
pinochle replay game.json``): they run in order in an empty temporary folder, each must
succeed, and the block is the last one's output (a ``$`` line repeats the last command).
"""

from __future__ import annotations

import io
import re
import shlex
import sys
from pathlib import Path

import pytest

from pinochle.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
MARKED = re.compile(
    r"^<!-- transcript: (?P<command>pinochle .*?) -->\n```[\w-]*\n(?P<block>.*?)\n```$",
    re.DOTALL | re.MULTILINE,
)
FENCED = re.compile(r"^```[\w-]*\n(?P<block>.*?)\n```$", re.DOTALL | re.MULTILINE)
HEADER = re.compile(r"\(seed \d+\)$", re.MULTILINE)  # the first line `demo` and `play` print
PROMPT = re.compile(r"^[A-Z][A-Za-z ]*> (.*)$")  # "Your card> 1": an echoed answer
ELLIPSIS = "..."


def transcripts() -> list[tuple[str, str, str]]:
    """(page, command, block) for every marked transcript in the README and the docs."""
    found = []
    for page in PAGES:
        for match in MARKED.finditer(page.read_text(encoding="utf-8")):
            found.append((str(page.relative_to(ROOT)), match["command"], match["block"]))
    return found


TRANSCRIPTS = transcripts()


def fits(expected: list[str], actual: list[str]) -> bool:
    """Whether the output matches the block, each ``...`` line standing for any lines."""
    parts: list[list[str]] = [[]]
    for line in expected:
        if line.strip() == ELLIPSIS:
            parts.append([])
        else:
            parts[-1].append(line)
    if len(parts) == 1:
        return expected == actual
    first, *middle, last = parts
    start, end = len(first), len(actual) - len(last)
    if start > end or actual[:start] != first or actual[end:] != last:
        return False
    for part in middle:  # each in order, after the previous one, before the ending
        at = next(
            (i for i in range(start, end - len(part) + 1) if actual[i : i + len(part)] == part),
            None,
        )
        if at is None:
            return False
        start = at + len(part)
    return True


@pytest.mark.parametrize(
    ("expected", "actual", "result"),
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "b"], ["a", "c"], False),
        (["a", "...", "d"], ["a", "b", "c", "d"], True),
        (["a", "...", "d"], ["a", "d"], True),
        (["a", "...", "d"], ["a", "b", "c"], False),
        (["a", "  ...", "c", "...", "e"], ["a", "b", "c", "d", "e"], True),
        (["a", "...", "c", "...", "e"], ["a", "b", "e", "c"], False),
        (["a", "...", "a"], ["a"], False),  # the two ends may not share a line
    ],
)
def test_fits_reads_ellipses(expected: list[str], actual: list[str], result: bool) -> None:
    assert fits(expected, actual) is result


def test_every_transcript_in_the_docs_is_marked() -> None:
    # An unmarked transcript would escape the check below: every block that shows a
    # game's header line must carry a marker.
    unmarked = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        marked = {match.start("block") for match in MARKED.finditer(text)}
        for block in FENCED.finditer(text):
            if HEADER.search(block["block"]) and block.start("block") not in marked:
                line = text.count("\n", 0, block.start()) + 1
                unmarked.append(f"{page.relative_to(ROOT)}:{line}")
    assert not unmarked, f"transcripts without a '<!-- transcript: ... -->' marker: {unmarked}"
    verbs = {command.split(" && ")[-1].split()[1] for _, command, _ in TRANSCRIPTS}
    assert verbs == {"arena", "demo", "play", "replay", "review", "solve", "stats"}


@pytest.mark.parametrize(
    ("page", "command", "block"), TRANSCRIPTS, ids=[f"{p}: {c}" for p, c, _ in TRANSCRIPTS]
)
def test_transcript_is_the_real_output(
    page: str,
    command: str,
    block: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    *before, command = command.split(" && ")
    expected = block.splitlines()
    if expected[0].startswith("$ "):
        assert expected[0] == f"$ {command}", "the block's command differs from its marker"
        expected = expected[1:]
    monkeypatch.chdir(tmp_path)  # commands that write files write them here
    for earlier in before:
        assert main(shlex.split(earlier)[1:]) == 0, earlier
        capsys.readouterr()
    answers = [m[1] for m in map(PROMPT.match, expected) if m]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{a}\n" for a in answers)))
    assert main(shlex.split(command)[1:]) == 0
    output = capsys.readouterr().out
    if not fits(expected, output.splitlines()):
        pytest.fail(f"{page}: `{command}` now prints (paste it into the page):\n{output}")
