"""The ``pinochle`` command as a package: each verb's module loads when it runs, one error
type carries its exit status, and one rule says whether a profile's name is a file.

docs/cli.md, "Profiles": a name that ends in .toml or holds a slash or a backslash is a
file; any other name is a file of that name in the current folder if there is one, else a
built-in profile; an option left out is the built-in default. docs/architecture.md: the
command loads each verb's module only when that verb runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pinochle
from pinochle.cli import main
from pinochle.errors import InvariantError

# What a verb that does not need them must not load: the terminal game, the demo, the
# records, the score sheets, the checks, the web table, the bots and the arena.
HEAVY = (
    "pinochle.play",
    "pinochle.demo",
    "pinochle.records",
    "pinochle.sheet",
    "pinochle.checking",
    "pinochle.serve",
    "pinochle.bots",
    "pinochle.arena",
)
VERB_MODULES = (
    "_analysis",
    "_arena",
    "_cards",
    "_games",
    "_profiles",
    "_records",
    "_review",
    "_score",
    "_serve",
)


def _loaded_by(argv: list[str]) -> set[str]:
    """The pinochle modules a fresh interpreter holds after ``main(argv)``."""
    code = (
        "import contextlib, io, json, sys\n"
        "from pinochle.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({argv!r})\n"
        "assert status == 0, status\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('pinochle'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


@pytest.mark.parametrize(
    ("argv", "module"),
    [
        (["--version"], None),
        (["variants", "list"], "_profiles"),
        (["variants", "show", "pinochlerun"], "_profiles"),
        (["count", "AH", "TH"], "_cards"),
        (["meld", "AH", "KH", "QH"], "_cards"),
    ],
    ids=["version", "variants-list", "variants-show", "count", "meld"],
)
def test_a_verb_loads_its_own_module_and_nothing_heavy(argv: list[str], module: str | None) -> None:
    loaded = _loaded_by(argv)
    assert "pinochle.cli._arguments" in loaded  # the check sees the command when it is there
    assert not [name for name in HEAVY if name in loaded]
    verbs = {m for m in VERB_MODULES if f"pinochle.cli.{m}" in loaded}
    assert verbs == ({module} if module else set())


def test_every_verb_names_a_run_that_exists() -> None:
    # The parser names each run by module and function; a typo would only show when that
    # verb runs, so every one is resolved here.
    import importlib

    from pinochle.cli import _parser

    runs = set()
    todo = [_parser()]
    while todo:
        parser = todo.pop()
        run = parser.get_default("run")
        if run is not None:
            runs.add((run.module, run.function))
        for action in parser._actions:
            choices = getattr(action, "choices", None)
            if isinstance(choices, dict):
                todo.extend(choices.values())
    assert {m for m, _ in runs} == set(VERB_MODULES)
    for module, function in runs:
        assert callable(getattr(importlib.import_module(f"pinochle.cli.{module}"), function))


def test_the_package_runs_as_the_module_did() -> None:
    # `python -m pinochle.cli` ran the command when it was one module; it still does.
    done = subprocess.run(
        [sys.executable, "-m", "pinochle.cli", "--version"], capture_output=True, text=True
    )
    assert (done.returncode, done.stdout) == (0, f"pinochle {pinochle.__version__}\n")


# --- One error type, carrying its exit status ----------------------------------------------


def test_bad_input_and_a_failed_check_are_one_error_type_with_its_status(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pinochle.cli import _common, _profiles

    def refuse(args: object) -> int:
        raise _common.CommandError("first \x1b[2J", "second")

    def fail(args: object) -> int:
        raise _common.CommandError("house: loads\rbut", status=_common.EXIT_FAILED)

    monkeypatch.setattr(_profiles, "run_list", refuse)
    assert main(["variants"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "pinochle: error: first \\x1b[2J\npinochle: error: second\n"
    monkeypatch.setattr(_profiles, "run_list", fail)
    assert main(["variants", "list"]) == 1
    assert capsys.readouterr().err == "pinochle: house: loads\\rbut\n"


# --- One rule for profile names and files --------------------------------------------------


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder, holding a file named like a built-in profile."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pinochlerun").write_text(
        'extends = "cutthroat-3"\nname = "house-rules"\n', encoding="utf-8"
    )
    return tmp_path


def _profile_named(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Which profile the verb used, as its output names it."""
    assert main(argv) == 0
    out = capsys.readouterr().out
    names = [name for name in ("house-rules", "pinochlerun") if name in out]
    assert len(names) == 1, out
    return names[0]


VERBS_WITH_A_PROFILE = {
    "meld": ["meld", "AS", "--variant"],
    "count": ["count", "AS", "--variant"],
    "variants-show": ["variants", "show"],
    "variants-validate": ["variants", "validate", "--games", "0"],
    "score-new": ["score", "new", "sheet.json", "--variant"],
}


@pytest.mark.parametrize("verb", list(VERBS_WITH_A_PROFILE))
def test_a_bare_name_that_is_a_file_here_is_the_file(
    capsys: pytest.CaptureFixture[str], here: Path, verb: str
) -> None:
    argv = [*VERBS_WITH_A_PROFILE[verb], "pinochlerun"]
    assert _profile_named(capsys, argv) == "house-rules"


@pytest.mark.parametrize("verb", ["meld", "count", "score-new"])
def test_an_option_left_out_is_the_built_in_default_whatever_files_are_here(
    capsys: pytest.CaptureFixture[str], here: Path, verb: str
) -> None:
    argv = VERBS_WITH_A_PROFILE[verb][:-1]
    assert _profile_named(capsys, argv) == "pinochlerun"


@pytest.mark.parametrize("verb", list(VERBS_WITH_A_PROFILE))
def test_a_bare_name_that_is_no_file_is_a_built_in_name(
    capsys: pytest.CaptureFixture[str], here: Path, verb: str
) -> None:
    (here / "pinochlerun").unlink()
    argv = [*VERBS_WITH_A_PROFILE[verb], "pinochlerun"]
    assert _profile_named(capsys, argv) == "pinochlerun"


@pytest.mark.parametrize("verb", [*VERBS_WITH_A_PROFILE, "check", "arena"])
def test_an_unknown_bare_name_gets_the_same_error_from_every_verb(
    capsys: pytest.CaptureFixture[str], here: Path, verb: str
) -> None:
    given = {"check": ["check"], "arena": ["arena", "--variant"]}
    argv = [*given.get(verb, VERBS_WITH_A_PROFILE.get(verb, [])), "pinochelrun"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(
        "pinochle: error: no profile file or built-in profile 'pinochelrun'; "
        "did you mean 'pinochlerun'? (known: "
    )
    assert err.count("\n") == 1
    assert not (here / "sheet.json").exists()


@pytest.mark.parametrize(
    "name", ["house.toml", "sub/pinochlerun", "sub\\pinochlerun", "./pinochlerun-x"]
)
@pytest.mark.parametrize("verb", list(VERBS_WITH_A_PROFILE))
def test_a_name_that_says_it_is_a_file_is_never_a_built_in_name(
    capsys: pytest.CaptureFixture[str], here: Path, verb: str, name: str
) -> None:
    # None of these files exists: each is looked for as a file, and the error says so.
    argv = [*VERBS_WITH_A_PROFILE[verb], name]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pinochle: error: {name}: no profile file ")
    assert "built-in profile" not in err


def test_a_name_ending_in_toml_that_is_here_is_read(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    (here / "house.toml").write_text('extends = "cutthroat-3"\nname = "house-rules"\n', "utf-8")
    for verb in VERBS_WITH_A_PROFILE:
        argv = [*VERBS_WITH_A_PROFILE[verb], "house.toml"]
        assert _profile_named(capsys, argv) == "house-rules"
        (here / "sheet.json").unlink(missing_ok=True)


def test_the_check_reads_a_bare_file_name_as_the_file(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    assert main(["check", "pinochlerun", "--games", "1"]) == 0
    assert capsys.readouterr().out.startswith("house-rules: house rules based on cutthroat-3")


@pytest.mark.parametrize("error", [InvariantError("the deck lost a card"), KeyError("x")])
def test_a_bug_of_the_library_is_an_internal_error_not_bad_input(
    error: Exception, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # An InvariantError is a PinochleError, but a broken promise of the library, not the
    # user's input: it gets the internal error's status (70) and line, as any other bug.
    def broken(args: object) -> int:
        raise error

    monkeypatch.setattr("pinochle.cli._cards.run_count", broken)
    assert main(["count", "AS"]) == 70
    err = capsys.readouterr().err
    assert err.startswith("pinochle: internal error: ")
    assert "error:" not in err.split("internal error:")[0]
