"""Pictures: `pinochle.svg` draws hands, tricks, meld and the table from an observation (issue 16).

Each picture is parsed with `xml.etree.ElementTree`: every card it should show appears as a
``data-card`` element, the legal ones stand up, nothing else is face up, and worlds the seat
cannot tell apart give the very same picture.
"""

from __future__ import annotations

import random
import shutil
import struct
import subprocess
import sys
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest

import pinochle as pn
from pinochle import svg
from seeded_games import decisions

PROFILES = pn.builtin_variants()
SVG = "{http://www.w3.org/2000/svg}"
REGIONS = {
    "hand",
    "meld",
    "trick",
    "last-trick",
    "kitty",
    "turn-up",
    "turned-up",
    "buried",
    "passed-by-me",
    "passed-to-me",
    "hidden",
    "meld-item",
}


def _parse(text: str) -> ElementTree.Element:
    root = ElementTree.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert len(root.get("viewBox", "").split()) == 4
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    return root


def _cards_by_region(
    root: ElementTree.Element,
) -> dict[tuple[str, str | None], list[ElementTree.Element]]:
    """Each face-up card and card back under its nearest region (class, data-seat)."""
    found: dict[tuple[str, str | None], list[ElementTree.Element]] = {}

    def walk(element: ElementTree.Element, region: tuple[str, str | None]) -> None:
        for child in element:
            classes = (child.get("class") or "").split()
            if child.get("data-card") is not None or "card-back" in classes:
                found.setdefault(region, []).append(child)
                continue
            here = next((c for c in classes if c in REGIONS), None)
            walk(child, (here, child.get("data-seat")) if here else region)

    walk(root, ("outside", None))
    return found


def _names(elements: list[ElementTree.Element]) -> Counter[str]:
    return Counter(str(e.get("data-card")) for e in elements if e.get("data-card") is not None)


def _shown_meld(view: pn.Observation, seat: int) -> tuple[pn.Card, ...]:
    """The meld cards drawn at a seat: once play starts, only those still in its hand."""
    shown = view.melds[seat] if seat < len(view.melds) else None
    if shown is not None:
        played = [c for t in view.tricks for s, c in t.plays if s == seat]
        played += [c for s, c in view.trick if s == seat]
        return tuple((Counter(shown.cards) - Counter(played)).elements())
    return view.table[seat] if view.table else ()


def _legal_cards(view: pn.Observation) -> set[str]:
    if view.phase is not pn.Phase.TRICKS:
        return set()
    return {str(a.card) for a in view.legal_actions if isinstance(a, pn.Play)}


def _check_table(view: pn.Observation) -> None:
    root = _parse(svg.table(view))
    regions = _cards_by_region(root)
    seat = str(view.seat)
    # The seat's own hand, every card, the legal plays standing up.
    hand = regions.pop(("hand", seat), [])
    assert _names(hand) == Counter(str(card) for card in view.hand)
    legal = _legal_cards(view)
    for element in hand:
        assert (element.get("data-legal") == "true") == (element.get("data-card") in legal)
    # The others: backs with a count, and each seat's shown meld face up.
    players = view.variant.deal.players
    for other in range(players):
        cards = _shown_meld(view, other)
        assert _names(regions.pop(("meld", str(other)), [])) == Counter(map(str, cards))
        if other == view.seat:
            continue
        backs = regions.pop(("hidden", str(other)), [])
        face_up = len(view.table[other]) if view.table else 0
        assert len(backs) == view.hand_sizes[other] - face_up
        assert all(e.get("data-card") is None for e in backs)
        seats = [g for g in root.iter(f"{SVG}g") if g.get("class") == "seat"]
        (group,) = [g for g in seats if g.get("data-seat") == str(other)]
        assert group.get("data-cards") == str(view.hand_sizes[other])
    # The trick (between tricks, the last one), the leader marked.
    plays = view.trick or (view.tricks[-1].plays if view.tricks else ())
    kind = "trick" if view.trick else "last-trick"
    drawn = regions.pop((kind, None), [])
    assert [(e.get("data-seat"), e.get("data-card")) for e in drawn] == [
        (str(s), str(c)) for s, c in plays
    ]
    if drawn:
        assert drawn[0].get("data-leader") == "true"
        assert all(e.get("data-leader") is None for e in drawn[1:])
    # What else this seat may see, and nothing more.
    expected = {
        "kitty": view.kitty,
        "buried": view.buried,
        "passed-by-me": view.passed_by_me,
        "passed-to-me": view.passed_to_me,
    }
    for kind, cards in expected.items():
        assert _names(regions.pop((kind, None), [])) == Counter(map(str, cards)), kind
    turned = regions.pop(("turn-up", None), []) + regions.pop(("turned-up", None), [])
    if view.turn_up is not None:
        assert _names(turned) == Counter([str(view.turn_up)])
    elif turned:
        assert _names(turned) == Counter([str(view.turned_up)])
    assert regions == {}, f"cards outside the expected places: {regions}"


def _sampled_views(name: str, seed: int, every: int) -> Iterator[pn.Observation]:
    for number, state in enumerate(decisions(name, seed=seed, max_hands=1)):
        if number % every == 0 or state.is_over or (state.trick and len(state.trick) == 1):
            for seat in state.seats():
                yield pn.observe(state, seat)


@pytest.mark.parametrize("name", PROFILES)
def test_a_table_shows_every_card_the_seat_may_see_and_no_other(name: str) -> None:
    phases = set()
    for seed in range(31, 36):  # a hand may end before its tricks (thrown in, out of reach)
        for view in _sampled_views(name, seed=seed, every=5):
            phases.add(view.phase)
            _check_table(view)
        if pn.Phase.TRICKS in phases:
            break
    assert pn.Phase.TRICKS in phases


@pytest.mark.parametrize(
    "name", ["pinochlerun", "pinochlerun-double-deck", "pagat-auction-3", "bicycle-two-handed"]
)
def test_a_picture_holds_nothing_the_seat_may_not_know(name: str) -> None:
    """Worlds the seat cannot tell apart (other hidden cards) give the very same pictures."""
    rng = random.Random(5)
    for number, state in enumerate(decisions(name, seed=21, max_hands=1)):
        if state.is_over or number % 6:
            continue
        for seat in state.seats():
            view = pn.observe(state, seat)
            pictures = (svg.table(view), svg.trick(view), view._repr_svg_())
            for other in pn.sample_states(view, rng, 3):
                seen = pn.observe(other, seat)
                assert (svg.table(seen), svg.trick(seen), seen._repr_svg_()) == pictures


def test_the_legal_cards_stand_up() -> None:
    state = next(s for s in decisions("pinochlerun", seed=4, max_hands=1) if len(s.trick) == 1)
    view = pn.observe(state, state.to_act or 0)
    legal = _legal_cards(view)
    assert legal
    assert len(legal) < len(set(map(str, view.hand)))  # following suit restricts
    root = _parse(view._repr_svg_())
    raised = {e.get("data-card") for e in root.iter() if e.get("data-legal") == "true"}
    assert raised == legal
    # Another seat's picture raises nothing: its legal actions are not its to know.
    other = pn.observe(state, (view.seat + 1) % 4)
    assert not any(e.get("data-legal") for e in _parse(svg.table(other)).iter())


def test_a_hand_draws_each_card_with_rank_suit_and_colour() -> None:
    text = svg.hand("AH 10H KS 9C JD", raised=pn.parse_cards("AH KS"), trump="S")
    root = _parse(text)
    cards = [e for e in root.iter() if e.get("data-card")]
    assert [e.get("data-card") for e in cards] == ["A♥", "10♥", "K♠", "9♣", "J♦"]
    assert [e.get("data-legal") for e in cards] == ["true", None, "true", None, None]
    assert [e.get("data-trump") for e in cards] == [None, None, "true", None, None]
    for element in cards:
        card = pn.parse_cards(element.get("data-card") or "")[0]
        texts = [t.text for t in element.iter(f"{SVG}text")]
        assert card.rank.label in texts
        assert card.suit.symbol in texts
        colours = {t.get("fill") for t in element.iter(f"{SVG}text")}
        red = card.suit in (pn.Suit.HEARTS, pn.Suit.DIAMONDS)
        assert colours == ({"#c8102e"} if red else {"#111111"})
    # A raised card stands higher than the others.
    assert _y(cards[0]) < _y(cards[1])
    assert svg.hand(pn.parse_cards("AH 10H")) == svg.hand("AH TH")
    assert _parse(svg.hand([])) is not None


def _x(element: ElementTree.Element) -> float:
    transform = element.get("transform") or ""
    return float(transform.split("(")[1].split(")")[0].split()[0])


def _y(element: ElementTree.Element) -> float:
    transform = element.get("transform") or ""
    return float(transform.split("(")[1].split(")")[0].split()[1])


def test_bad_arguments_are_named() -> None:
    with pytest.raises(pn.ArgumentError, match="cards"):
        svg.hand([1, 2])  # type: ignore[list-item]
    with pytest.raises(pn.CardParseError):
        svg.hand("XX")
    with pytest.raises(pn.SuitParseError):
        svg.hand("AH", trump="X")
    with pytest.raises(pn.ArgumentError, match="observation"):
        svg.table("view")  # type: ignore[arg-type]
    with pytest.raises(pn.ArgumentError, match="meld"):
        svg.meld(3)  # type: ignore[arg-type]


def test_a_meld_draws_each_combination() -> None:
    variant = pn.load_variant("pinochlerun")
    cards = pn.parse_cards("AH TH KH QH JH 9H QS JD KD QD")
    meld = pn.score_meld(cards, trump="H", variant=variant)
    root = _parse(meld._repr_svg_())
    items = [g for g in root.iter(f"{SVG}g") if g.get("class") == "meld-item"]
    assert [g.get("data-name") for g in items] == [item.name for item in meld.items]
    for group, item in zip(items, meld.items, strict=True):
        assert _names(list(group)) == Counter(map(str, item.cards))
        assert group.get("data-points") == str(item.points)
    assert f"Meld {meld.total}" in meld._repr_svg_()
    empty = pn.score_meld(pn.parse_cards("9C"), trump="H", variant=variant)
    assert "no meld" in svg.meld(empty)


def test_a_completed_trick_marks_its_leader_and_winner() -> None:
    state = next(s for s in decisions("pinochlerun", seed=9, max_hands=1) if len(s.tricks) == 2)
    done = state.tricks[-1]
    root = _parse(done._repr_svg_())
    cards = [e for e in root.iter() if e.get("data-card")]
    assert [(e.get("data-seat"), e.get("data-card")) for e in cards] == [
        (str(s), str(c)) for s, c in done.plays
    ]
    assert cards[0].get("data-leader") == "true"
    winners = [e.get("data-seat") for e in cards if e.get("data-winner") == "true"]
    assert winners == [str(done.winner)]


def test_a_trick_puts_each_card_at_its_seat() -> None:
    state = next(s for s in decisions("pinochlerun", seed=9, max_hands=1) if len(s.trick) == 3)
    view = pn.observe(state, 0)
    cards = {e.get("data-seat"): e for e in _parse(svg.trick(view)).iter() if e.get("data-card")}
    x = {seat: _x(e) for seat, e in cards.items()}
    y = {seat: _y(e) for seat, e in cards.items()}
    # Seat 0 looks up the table: seat 1 on its left, 2 across, 3 on its right. Three cards
    # are down, so one of the two pairs is complete.
    checked = 0
    if "1" in x and "3" in x:
        assert x["1"] < x["3"]
        checked += 1
    if "0" in y and "2" in y:
        assert y["2"] < y["0"]
        checked += 1
    assert checked


def test_import_pinochle_does_not_import_the_pictures() -> None:
    code = (
        "import sys, pinochle\n"
        "assert 'pinochle.svg' not in sys.modules\n"
        "assert pinochle.svg.hand('AH').startswith('<svg')\n"
        "assert 'pinochle.svg' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    with pytest.raises(AttributeError, match="no attribute 'sgv'"):
        getattr(pn, "sgv")  # noqa: B009 (a misspelt name, which the type checker now rejects)


# --- A screenshot, where headless Chromium is installed ----------------------------------------


def _png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the raw scan lines (filter bytes undone) of an 8-bit PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, [], b""
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8, "an 8-bit image"
    assert colour in (2, 6), "an RGB or RGBA image"
    size = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * size
    rows: list[bytes] = []
    previous = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + best) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, [bytes(r[i : i + 3]) for r in rows for i in range(0, stride, size)]


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(_chromium() is None, reason="browser: headless Chromium is not installed")
def test_a_table_renders_to_a_picture_in_chromium(tmp_path: Path) -> None:
    state = next(s for s in decisions("pinochlerun", seed=4, max_hands=1) if len(s.trick) == 2)
    picture = tmp_path / "table.svg"
    picture.write_text(svg.table(pn.observe(state, state.to_act or 0)), encoding="utf-8")
    out = tmp_path / "out.png"
    browser = _chromium()
    assert browser is not None
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu"]
    command += [f"--screenshot={out}", "--window-size=900,700", picture.as_uri()]
    subprocess.run(command, cwd=tmp_path, capture_output=True, timeout=120, check=False)
    assert out.exists(), "Chromium wrote no screenshot"
    assert out.stat().st_size > 0
    width, height, pixels = _png_pixels(out.read_bytes())
    assert (width, height) == (900, 700)
    colours = Counter(pixels)
    assert len(colours) > 20  # cards, felt, text: not a single colour
    assert colours.most_common(1)[0][1] < 0.9 * len(pixels)


def test_counts_of_one_are_singular() -> None:
    # Issue 26's plural slip, every count in a picture: a trick of 1 point, a hand of 1 card.
    one = pn.CompletedTrick(((0, pn.parse_cards("JH")[0]), (1, pn.parse_cards("9H")[0])), 0, 1)
    assert ">1 point<" in svg.trick(one)
    last = next(
        pn.observe(s, 0)
        for s in decisions("pinochlerun", seed=31, max_hands=1)
        if pn.observe(s, 0).hand_sizes.count(1) == 3 and len(pn.observe(s, 0).hand) == 1
    )
    picture = svg.table(last)
    assert ">1 card<" in picture
    assert ">1 cards<" not in picture
