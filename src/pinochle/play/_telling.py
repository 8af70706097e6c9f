"""What happened, told to one person: each action and its public effects, hiding the rest."""

from __future__ import annotations

from collections import Counter

from pinochle._words import counted
from pinochle.actions import (
    Action,
    Bury,
    CallMisdeal,
    CallPartner,
    CallRenege,
    Concede,
    CorrectRenege,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    NameTrump,
    PassCards,
    Play,
    PlayOn,
    ShareKitty,
    ShootTheMoon,
    TakeTurnUp,
    ThrowIn,
)
from pinochle.demo import meld_text, misdeal_shown
from pinochle.engine._passing import _announced
from pinochle.play._voice import Voice, cards_text, count, join
from pinochle.state import CompletedTrick, Hand, Phase, State
from pinochle.variant import Partner, PassingOrder


class Teller:
    """Tells each step of the game as the voice's person may see it."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice

    def events(self, before: State, action: Action, after: State) -> list[str]:
        """Describe an action and its public effects, hiding what the person may not see.

        A hand's end is told up to its result (and the game's end); the next hand's opening
        is `hand_start`'s, which the table tells after any review of the hand.
        """
        ended = len(after.results) > len(before.results)
        redealt = not ended and after.hand.number != before.hand.number
        hand = after.game.last_hand if ended else after.hand
        assert hand is not None
        seat = before.to_act
        assert seat is not None
        lines = self._action_line(before, action, after)
        if redealt and isinstance(action, CallMisdeal):
            pass  # the action line says it: the same dealer deals again
        elif redealt:  # rules/auction#all-pass: everyone passed and the deal moves on
            calls = self.voice.calls(before.hand.persons, (*before.hand.auction, (seat, action)))
            lines += [f"  Auction: {calls}", "  Everyone passed: the deal moves on."]
        elif before.phase is Phase.AUCTION and (after.phase is not Phase.AUCTION or ended):
            lines += self._auction_end(hand)
        if not redealt and not any(before.hand.melds) and any(hand.melds):
            lines += self._meld_lines(hand)
        tricks = after.game.last_tricks if ended else after.tricks
        if isinstance(action, Play) and len(tricks) > len(before.tricks):
            lines.append(self._trick_line(hand, len(tricks), tricks[-1]))
        if ended:
            lines += self.hand_end(after)
        return lines  # the next deal's opening is the table's to tell (`hand_start`)

    def _share_lines(
        self, persons: tuple[int, ...], seat: int, me: int | None, action: ShareKitty, hand: Hand
    ) -> list[str]:
        """``kitty.share``: the bidder keeps one card and gives one face down to each other.

        The bidder hears every card; a receiver only its own (rules/passing-and-kitty#share).
        """
        players = len(persons)
        who = self.voice.does(persons, seat, "keeps", "keep")
        if me == seat:
            name = self.voice.name
            gifts = [
                f"{cards_text((card,), hand.trump)} to {name(persons, (seat + k) % players)}"
                for k, card in enumerate(action.cards[1:], 1)
            ]
            kept = cards_text(action.cards[:1], hand.trump)
            return [f"  {who} {kept} from the kitty and give {join(gifts)}"]
        lines = [f"  {who} one kitty card and gives one face down to each other player"]
        if me is not None:
            card = action.cards[(me - seat) % players]
            lines.append(f"  You get {cards_text((card,), hand.trump)}")
        return lines

    def _action_line(self, before: State, action: Action, after: State) -> list[str]:
        hand = before.hand
        persons = hand.persons
        seat = before.to_act
        assert seat is not None
        me = self.voice.my_seat(hand)
        if isinstance(action, NameTrump):
            who = self.voice.does(persons, seat, "names", "name")
            return [f"  {who} trump {action.suit} ({action.suit.name.lower()})"]
        if isinstance(action, PassCards):
            to = (seat + 2) % 4
            verb = ("passes", "pass") if before.phase is Phase.PASS else ("returns", "return")
            together = self.voice.variant.passing.order is PassingOrder.SIMULTANEOUS
            # Simultaneous passing: the bidder sees the partner's cards only once both chose.
            shown = me == seat or (me == to and not (together and before.phase is Phase.PASS))
            what = cards_text(action.cards, hand.trump) if shown else count(len(action.cards))
            receiver = self.voice.name(persons, to).replace("You", "you")
            lines = [f"  {self.voice.does(persons, seat, *verb)} {what} to {receiver}"]
            if together and before.phase is Phase.RETURN and me == seat:
                passed = cards_text(hand.passed_cards, hand.trump)
                lines.append(f"  {self.voice.name(persons, to)}'s cards reach you: {passed}")
            return lines
        if isinstance(action, Bury):
            what = cards_text(action.cards, hand.trump) if me == seat else count(len(action.cards))
            announced = _announced(action.cards, hand.trump, self.voice.variant)
            if announced and me != seat:  # kitty.bury_trump_aces = false: forced, and said
                what += f", announcing {cards_text(announced, hand.trump)}"
            return [f"  {self.voice.does(persons, seat, 'buries', 'bury')} {what}"]
        if isinstance(action, ShareKitty):
            return self._share_lines(persons, seat, me, action, hand)
        if isinstance(action, ThrowIn):
            return [f"  {self.voice.does(persons, seat, 'throws', 'throw')} in"]
        if isinstance(action, CallMisdeal):
            cards = cards_text(misdeal_shown(self.voice.variant, before.hands[seat]), hand.trump)
            who = self.voice.does(persons, seat, "calls", "call")
            return [f"  {who} a misdeal, showing {cards}: the same dealer deals again."]
        if isinstance(action, CallRenege):
            who = self.voice.does(persons, seat, "calls", "call")
            on = self.voice.name(persons, action.seat).replace("You", "you")
            return [f"  {who} a renege on {on}: play stops."]
        if isinstance(action, CorrectRenege):  # out of turn: the action names its seat
            wrong = next(card for who, card in before.trick if who == action.seat)
            who = self.voice.does(persons, action.seat, "corrects", "correct")
            return [
                f"  {who} a renege: {wrong} is taken back and {action.card} played instead;"
                " the cards played after it go back and are played again."
            ]
        if isinstance(action, Concede):
            return [f"  {self.voice.does(persons, seat, 'concedes', 'concede')}"]
        if isinstance(action, PlayOn):
            return [f"  {self.voice.does(persons, seat, 'plays', 'play')} on"]
        if isinstance(action, CallPartner):
            if self.voice.variant.deal.partner is Partner.ASKED:  # known at once
                who = self.voice.does(persons, seat, "asks", "ask")
                partner = after.hand.partner
                if partner is None:
                    return [f"  {who} for {action.card}: nobody else holds one, alone"]
                found = self.voice.does(persons, partner, "holds", "hold")
                return [f"  {who} for {action.card}: {found} one, the partner"]
            who = self.voice.does(persons, seat, "calls", "call")
            return [f"  {who} {action.card}: its first other player is the partner"]
        if isinstance(action, ShootTheMoon):
            who = self.voice.does(persons, seat, "shoots", "shoot")
            penalty = self.voice.variant.settlement.moon_penalty
            return [f"  {who} the moon: every trick, or set for {penalty}"]
        if isinstance(action, Declare):
            points = after.hand.shown[seat][-1].points
            who = self.voice.does(persons, seat, "declares", "declare")
            meld = cards_text(action.cards, None)  # as every meld is written: pinochle Q♠ J♦
            return [f"  {who} {action.kind} {meld}: {points}"]
        if isinstance(action, ExchangeDix):
            who = self.voice.does(persons, seat, "exchanges", "exchange")
            turned = hand.turn_up if hand.turn_up is not None else hand.turned_up
            return [f"  {who} the dix for the turned-up {turned}"]
        if isinstance(action, KeepDix):
            return [f"  {self.voice.does(persons, seat, 'keeps', 'keep')} the dix"]
        if isinstance(action, Draw | TakeTurnUp) and me is not None:
            lines = []
            if isinstance(action, TakeTurnUp):
                who = self.voice.does(persons, seat, "takes", "take")
                lines.append(f"  {who} the turned-up {hand.turn_up}")
            new = Counter(after.hands[me]) - Counter(before.hands[me])
            lines.append(f"  You draw {cards_text(new.elements(), after.hand.trump)}.")
            if after.hand.turn_up is None:
                lines.append("  The stock is used up: the melds go back to the hands.")
            return lines
        return []

    def _auction_end(self, hand: Hand) -> list[str]:
        lines = [f"  Auction: {self.voice.calls(hand.persons, hand.auction)}"]
        if hand.bidder is None:
            return lines
        lines.append(f"  {self.voice.name(hand.persons, hand.bidder)} won the bid at {hand.bid}")
        me = self.voice.my_seat(hand)
        if hand.kitty and (self.voice.variant.kitty.shown or me == hand.bidder):
            lines.append(f"  Kitty: {cards_text(hand.kitty, hand.trump)}")
        return lines

    def _meld_lines(self, hand: Hand) -> list[str]:
        return [
            f"  Meld {self.voice.name(hand.persons, seat):<6} {meld.total:>4}  {meld_text(meld)}"
            for seat, meld in enumerate(hand.melds)
            if meld is not None
        ]

    def _trick_line(self, hand: Hand, number: int, trick: CompletedTrick) -> str:
        plays = "  ".join(f"{self.voice.name(hand.persons, s)} {c}" for s, c in trick.plays)
        winner = self.voice.does(hand.persons, trick.winner, "takes", "take")
        return f"  Trick {number:>2}: {plays}  -> {winner} {trick.points}"

    def hand_end(self, after: State) -> list[str]:
        result = after.results[-1]
        side = self.voice.side
        hand = "  ".join(f"{side(i)} {s:+d}" for i, s in enumerate(result.scores))
        lines = [
            f"  Result: {result.reason}",
            f"  Hand: {hand}   Scores: {self.voice.scores(after.scores)}",
        ]
        if after.is_over and after.winner is not None:
            mine = self.voice.variant.side_of(self.voice.me)
            verdict = "You win!" if after.winner == mine else "You lose."
            if len(self.voice.people) > 1:
                won = [
                    self.voice.plain[p]
                    for p in self.voice.people
                    if self.voice.variant.side_of(p) == after.winner
                ]
                verdict = f"{won[0]} wins!" if won else "You both lose."
            lines += [
                "",
                f"Game over after {counted(len(after.results), 'hand')}:"
                f" {self.voice.side(after.winner)} won.",
                verdict,
            ]
        return lines

    def hand_start(self, hand: Hand) -> list[str]:
        dealer = self.voice.names[hand.dealer_person]
        line = f"Hand {hand.number + 1}: {dealer} deal{'s' * (dealer != 'You')}"
        out = [self.voice.names[p] for p in range(len(self.voice.names)) if p not in hand.persons]
        if out:
            verb = "sit" if len(out) > 1 or self.voice.me not in hand.persons else "sits"
            line += f"; {join(out).replace('You', 'you')} {verb} out"
        lines = ["", line]
        if hand.turned_up is not None and hand.trump is not None:
            trump = hand.trump
            lines.append(f"  Turned up {hand.turned_up}: trump {trump} ({trump.name.lower()})")
        return lines + self._meld_lines(hand)
