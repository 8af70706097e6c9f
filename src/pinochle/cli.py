"""The ``pinochle`` command: score meld, count tricks and inspect variant profiles.

Each verb is one small ``_run_*`` function with its own subparser, so a new verb is one
more pair. Bad input never shows a traceback: it prints one line starting with
``pinochle: error:`` on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from pinochle import __version__
from pinochle.cards import (
    Card,
    CardStyle,
    Suit,
    check_in_deck,
    format_cards,
    parse_cards,
    parse_suit,
)
from pinochle.errors import PinochleError, VariantError
from pinochle.meld import Meld, meld_by_trump, score_meld
from pinochle.tricks import card_points, deck_points, round_trick_points
from pinochle.variant import DEFAULT_VARIANT, Rounding, Variant, builtin_variants, load_variant

__all__ = ["main"]

PROG = "pinochle"
EXIT_OK = 0
EXIT_BAD_INPUT = 2


class _InputError(Exception):
    """Bad command-line input that the library's own errors do not cover."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pinochle`` command.

    Args:
        argv: The arguments after the program name (default: ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 2 on bad input or a usage error.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except (PinochleError, _InputError) as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


# --- Parser ----------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Pinochle rules: score meld, count tricks, inspect profiles."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    verbs = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    meld = verbs.add_parser("meld", help="score the meld of a hand")
    _add_cards(meld)
    meld.add_argument(
        "-t", "--trump", help="trump suit (H, ♥ or hearts); default: every suit and no trump"
    )
    _add_variant(meld)
    meld.add_argument("--ascii", action="store_true", help="write cards as AH TH, not A♥ 10♥")
    meld.add_argument("--json", action="store_true", help="machine-readable output")
    meld.set_defaults(run=_run_meld)

    count = verbs.add_parser("count", help="count the trick points of captured cards")
    _add_cards(count)
    count.add_argument("--last-trick", action="store_true", help="add the last-trick bonus")
    _add_variant(count)
    count.add_argument("--json", action="store_true", help="machine-readable output")
    count.set_defaults(run=_run_count)

    variants = verbs.add_parser("variants", help="list, show or check variant profiles")
    variants.set_defaults(run=_run_variants_list)
    actions = variants.add_subparsers(title="actions", metavar="ACTION")
    actions.add_parser("list", help="list the built-in profiles (the default)").set_defaults(
        run=_run_variants_list
    )
    show = actions.add_parser("show", help="print a profile as fully resolved TOML")
    show.add_argument("profile", metavar="NAME_OR_FILE")
    show.set_defaults(run=_run_variants_show)
    check = actions.add_parser("check", help="validate a house profile file")
    check.add_argument("file", metavar="FILE")
    check.set_defaults(run=_run_variants_check)
    return parser


def _add_cards(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards", nargs="+", metavar="CARDS", help='cards such as "AH 10H K♥", quoted or not'
    )


def _add_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        metavar="NAME_OR_FILE",
        help=f"built-in profile or .toml file (default: {DEFAULT_VARIANT})",
    )


# --- Verbs -----------------------------------------------------------------------------


def _run_meld(args: argparse.Namespace) -> int:
    variant = _load(args.variant)
    cards = _read_hand(args.cards, variant)
    style: CardStyle = "ascii" if args.ascii else "symbols"
    if args.trump is not None:
        trump = _read_suit(args.trump)
        blocks: list[tuple[Suit | None, Meld]] = [(trump, score_meld(cards, trump, variant))]
    else:
        blocks = [*meld_by_trump(cards, variant).items(), (None, score_meld(cards, None, variant))]
    if args.json:
        data: dict[str, Any] = {
            "variant": variant.name,
            "scale": variant.scale,
            "cards": [card.ascii for card in cards],
        }
        if args.trump is not None:
            data |= {"trump": trump.letter} | _meld_data(blocks[0][1])
        else:
            data["by_trump"] = {s.letter: _meld_data(m) for s, m in blocks if s is not None}
            data["no_trump"] = _meld_data(blocks[-1][1])
        _print_json(data)
        return EXIT_OK
    print(f"hand     {format_cards(cards, style)}")
    print(f"variant  {variant.name} ({_scale_word(variant)})")
    print("\n".join(_meld_table(blocks, style)))
    if args.trump is None:
        totals = (f"{_suit_heading(suit, style, short=True)} {meld.total}" for suit, meld in blocks)
        print(f"\nsummary  {'   '.join(totals)}")
    return EXIT_OK


def _run_count(args: argparse.Namespace) -> int:
    variant = _load(args.variant)
    cards = _read_hand(args.cards, variant)
    points = card_points(cards, variant)
    last = variant.counting.last_trick if args.last_trick else 0
    total = round_trick_points(points + last, variant) if args.last_trick else points
    if args.json:
        _print_json(
            {
                "variant": variant.name,
                "scale": variant.scale,
                "cards": [card.ascii for card in cards],
                "card_points": points,
                "last_trick": last,
                "points": total,
                "deck_points": deck_points(variant),
            }
        )
        return EXIT_OK
    rows = [("cards", format_cards(cards) or "(none)")]
    if args.last_trick:
        rows += [("card points", str(points)), ("last trick", str(last))]
        if variant.counting.rounding is not Rounding.NONE:
            rows.append(("before rounding", str(points + last)))
    rows.append(("trick points", str(total)))
    rows.append(
        (
            "deck total",
            f"{deck_points(variant)}  ({variant.name}: {variant.counting.method.value}, "
            f"last trick {variant.counting.last_trick})",
        )
    )
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return EXIT_OK


def _run_variants_list(args: argparse.Namespace) -> int:
    rows = []
    for name in builtin_variants():
        variant = load_variant(name)
        scale, deck = _scale_word(variant), variant.deal.deck.value
        rows.append((name, scale, deck, _players(variant), variant.title))
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(4)]
    for *cells, title in rows:
        aligned = "  ".join(f"{cell:<{w}}" for cell, w in zip(cells, widths, strict=True))
        print(f"{aligned}  {title}".rstrip())
    return EXIT_OK


def _run_variants_show(args: argparse.Namespace) -> int:
    print(_load(args.profile).to_toml(), end="")
    return EXIT_OK


def _run_variants_check(args: argparse.Namespace) -> int:
    file: str = args.file
    if not file.endswith(".toml") and "/" not in file and "\\" not in file:
        file = "./" + file  # a bare name is still a file here, never a built-in profile
    variant = load_variant(file)
    title = f": {variant.title}" if variant.title else ""
    print(f"ok: {variant.name}{title} ({_summary(variant)})")
    return EXIT_OK


# --- Helpers ---------------------------------------------------------------------------


def _load(name_or_file: str) -> Variant:
    try:
        return load_variant(name_or_file)
    except VariantError as exc:
        if exc.source == name_or_file and not exc.key:
            # An unknown built-in name: the problem text already lists the known names.
            raise _InputError(exc.problem) from None
        raise


def _read_hand(tokens: Sequence[str], variant: Variant) -> tuple[Card, ...]:
    cards = parse_cards(" ".join(tokens))
    check_in_deck(cards, variant.deal.deck)
    return cards


def _read_suit(text: str) -> Suit:
    try:
        return parse_suit(text)
    except ValueError as exc:
        raise _InputError(f"--trump: {exc}") from None


def _scale_word(variant: Variant) -> str:
    return "ones" if variant.scale == 1 else "tens"


def _players(variant: Variant) -> str:
    players = variant.deal.players
    return f"{players} players, partners" if variant.deal.partnerships else f"{players} players"


def _summary(variant: Variant) -> str:
    return f"{_scale_word(variant)}, {variant.deal.deck.value} deck, {_players(variant)}"


def _suit_heading(suit: Suit | None, style: CardStyle, *, short: bool = False) -> str:
    if suit is None:
        return "no trump"
    mark = suit.letter if style == "ascii" else suit.symbol
    return mark if short else f"trump {mark} {suit.name.lower()}"


def _meld_table(blocks: Sequence[tuple[Suit | None, Meld]], style: CardStyle) -> list[str]:
    """One block per trump choice: the items and the total, columns aligned across blocks."""
    rows = [
        (item.name, format_cards(item.cards, style), str(item.points))
        for _, meld in blocks
        for item in meld.items
    ]
    totals = [str(meld.total) for _, meld in blocks]
    name_w = max([len("total"), *(len(r[0]) for r in rows)])
    cards_w = max([0, *(len(r[1]) for r in rows)])
    points_w = max(len(p) for p in [*totals, *(r[2] for r in rows)])
    lines = []
    for suit, meld in blocks:
        lines += ["", _suit_heading(suit, style)]
        for item in meld.items:
            cards = format_cards(item.cards, style)
            lines.append(f"  {item.name:<{name_w}}  {cards:<{cards_w}}  {item.points:>{points_w}}")
        if not meld.items:
            lines.append("  (no meld)")
        lines.append(f"  {'total':<{name_w}}  {'':<{cards_w}}  {meld.total:>{points_w}}")
    return lines


def _meld_data(meld: Meld) -> dict[str, Any]:
    items = [
        {
            "name": item.name,
            "type": item.type.name.lower(),
            "cards": [card.ascii for card in item.cards],
            "points": item.points,
        }
        for item in meld.items
    ]
    return {"total": meld.total, "items": items}


def _print_json(data: dict[str, Any]) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    raise SystemExit(main())
