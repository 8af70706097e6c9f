"""Pinochle notation: deals, positions and whole games as text people can read and paste.

Chess has FEN and PGN, bridge has PBN; this is the same for pinochle (the specification is
the Notation page of the docs, "Pinochle notation 1.0"):

- a **deal** on one line: ``pinochlerun 0 AT9.AKQJ.T.KQJ9/... scores=0,0`` (`write_deal`,
  `read_deal`, `Deal`; `Deal.start` begins a game from it);
- a **position** on one line: a deal and the moves since (`write_position`,
  `read_position`, `Position`), the whole table's or one seat's view (``seat=``: never a
  card hidden from that seat);
- a **game** in the PGN manner: tag pairs, then the moves hand by hand with
  ``{comments}`` (`write_game`, `read_game`: the same `GameRecord` out that went in);
- the **move syntax**, one token per action: ``25``, ``p``, ``trump:H``,
  ``pass:AS,TS,KS,QS``, ``AH`` (`write_move`, `read_move`).

Text that is not notation raises `NotationError`, naming the line and column.
"""

from __future__ import annotations

from pinochle.errors import NotationError
from pinochle.notation._deal import (
    Deal,
    Position,
    deal_of,
    position_of,
    read_deal,
    read_position,
    view_moves,
    write_deal,
    write_position,
)
from pinochle.notation._game import read_game, read_tags, write_game
from pinochle.notation._moves import Hidden, Move, Revealed, read_move, write_move
from pinochle.notation._profile import read_profile, write_profile
from pinochle.notation._syntax import VERSION

__all__ = [
    "VERSION",
    "Deal",
    "Hidden",
    "Move",
    "NotationError",
    "Position",
    "Revealed",
    "deal_of",
    "position_of",
    "read_deal",
    "read_game",
    "read_move",
    "read_position",
    "read_profile",
    "read_tags",
    "view_moves",
    "write_deal",
    "write_game",
    "write_move",
    "write_position",
    "write_profile",
]
