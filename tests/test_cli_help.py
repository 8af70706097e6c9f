"""`pinochle --help` lists every verb with one line, and every option says what it does."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from pinochle.cli import _parser


def _subparsers(
    parser: argparse.ArgumentParser,
) -> Iterator[argparse._SubParsersAction[argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield action


def _commands(
    parser: argparse.ArgumentParser, path: str = "pinochle"
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield path, parser
    for sub in _subparsers(parser):
        listed = {a.dest for a in sub._choices_actions}
        for name, child in sub.choices.items():
            if name in listed:  # a hidden alias (an earlier name) is not walked again
                yield from _commands(child, f"{path} {name}")


def test_every_verb_is_listed_with_one_line_of_help() -> None:
    for path, parser in _commands(_parser()):
        for sub in _subparsers(parser):
            for choice in sub._choices_actions:
                assert choice.help, f"{path} {choice.dest} has no help line"
                assert "\n" not in choice.help


def test_every_option_and_argument_has_help() -> None:
    missing = []
    for path, parser in _commands(_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction | argparse._HelpAction):
                continue
            if not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{path}: {action.option_strings or action.dest}")
    assert not missing, missing


def test_the_two_checks_are_named_apart() -> None:
    helps = {path: parser.format_help() for path, parser in _commands(_parser())}
    assert "pinochle variants validate" in helps
    assert "pinochle variants check" not in helps  # an alias, not listed
    listed = [line.split()[0] for line in helps["pinochle"].splitlines() if line[:4] == "    "]
    assert listed.count("check") == 1
    assert "validate" in helps["pinochle variants"]


def test_the_levels_the_parser_repeats_are_the_terminal_games() -> None:
    # The parser repeats pinochle.play's levels so that parsing does not load the game.
    from pinochle.play import DEFAULT_LEVEL, LEVELS

    commands = dict(_commands(_parser()))
    (demo,) = [a for a in commands["pinochle demo"]._actions if "--level" in a.option_strings]
    assert tuple(demo.choices or ()) == LEVELS
    for path in ("pinochle play", "pinochle serve"):
        (level,) = [a for a in commands[path]._actions if "--level" in a.option_strings]
        assert level.default == DEFAULT_LEVEL
        # a level, or a program speaking the bot protocol (docs/protocol.md)
        read = level.type
        assert callable(read)
        assert all(read(name) == name for name in (*LEVELS, "cmd:node bot.js"))
        with pytest.raises(argparse.ArgumentTypeError, match="cmd:PROGRAM ARGS"):
            read("grandmaster")
        assert ", ".join(LEVELS) in (level.help or "")


def test_the_engine_takes_every_bot_level() -> None:
    from pinochle.bots import LEVELS

    commands = dict(_commands(_parser()))
    (level,) = [a for a in commands["pinochle engine"]._actions if "--level" in a.option_strings]
    assert tuple(level.choices or ()) == tuple(LEVELS)
