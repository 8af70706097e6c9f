"""Hand settlement and game end (rules/settlement, rules/game-end): pure functions of the profile.

`settle_hand` turns what happened in a hand (the bid, each side's meld, trick points and
tricks) into a `HandResult` that says both the numbers and why: `Outcome.MADE`,
`Outcome.SET`, `Outcome.NOT_ON_BOARD`, ... and for each side whether its meld was saved.
`game_end` says whether the running scores end the game and who won.

A *side* is a team of partners (four, six or eight hands) and a single player otherwise; sides are
numbered like the scores they own. Every rule difference is one small function chosen by a
profile key (tables of rules such as the saving rules and the set rules), not a scattering
of ifs.

Every public name is here; the package's private modules hold the parts, each importing
only those before it: ``_results`` (the values returned), ``_saving`` (whether a side's
meld counts), ``_chips`` (chip payments), ``_checks`` (check pinochle's checks),
``_settle`` (`settle_hand` and the ways a hand ends), ``_renege`` (`settle_renege`: a hand
ended by a called renege, one function per renege table) and ``_game_end`` (`game_end`).
"""

from pinochle.errors import SettlementError
from pinochle.scoring._checks import with_game_checks
from pinochle.scoring._chips import chip_payment
from pinochle.scoring._game_end import failed_bids, game_end
from pinochle.scoring._renege import settle_renege
from pinochle.scoring._results import GameEnd, HandResult, MeldStatus, Outcome, SideResult
from pinochle.scoring._settle import is_out_of_reach, settle_hand, wins_on_meld

__all__ = [
    "GameEnd",
    "HandResult",
    "MeldStatus",
    "Outcome",
    "SettlementError",
    "SideResult",
    "chip_payment",
    "failed_bids",
    "game_end",
    "is_out_of_reach",
    "settle_hand",
    "settle_renege",
    "wins_on_meld",
    "with_game_checks",
]
