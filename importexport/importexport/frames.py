"""The shape of every pending step ("frame") on the state's stack, written once.

A frame is a plain dict (copies, undo and save files stay cheap), and each kind of frame has its
fields described here as a ``TypedDict``: the engine registers what a kind *does* in ``flow``; this
module says what it *holds*.  ``FRAME`` validates any frame (save files use it), and a test checks
every frame seen in random games against it, so code and description cannot drift apart.

Each field name means one thing in every kind: ``seat`` is the seat that decides, ``card`` a card
id, ``ship`` a ship id, ``action`` an action type (0 Supply ... 5 Trade), ``round`` an Import
round, ``step`` the question an ability asks.
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal, NotRequired, Union

from pydantic import ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from ..bounds import MAX_CREDITS
from .cards import CARDS
from .constants import MAX_PLAYERS

MAX_SHIPS = 64
"""Ship ids (two per seat, plus the few extra ships abilities build)."""
MAX_COUNT = 99
"""Counts of actions, cards or rounds a step keeps."""

Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
CardId = Annotated[int, Field(ge=0, lt=CARDS.table_size)]
ShipId = Annotated[int, Field(ge=0, lt=MAX_SHIPS)]
ActionType = Annotated[int, Field(ge=0, le=5)]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Credits = Annotated[int, Field(ge=0, le=MAX_CREDITS)]
Seats = Annotated[list[Seat], Field(max_length=MAX_PLAYERS)]
Cards = Annotated[list[CardId], Field(max_length=CARDS.table_size)]
Name = Annotated[str, Field(min_length=1, max_length=40)]

_STRICT = ConfigDict(strict=True, extra="forbid")


# --- the turn --------------------------------------------------------------------------------

@with_config(_STRICT)
class Lead(TypedDict):
    """The active player leads a card (or draws)."""
    kind: Literal["lead"]
    seat: Seat


@with_config(_STRICT)
class Follow(TypedDict):
    """Another player follows the led action (or draws)."""
    kind: Literal["follow"]
    seat: Seat


@with_config(_STRICT)
class Declare(TypedDict):
    """A player declares how many actions to take, from ``least`` to ``most``."""
    kind: Literal["declare"]
    seat: Seat
    least: Count
    most: Count
    trade: NotRequired[Count]  # Trade crew that could stand for another action


@with_config(_STRICT)
class Execute(TypedDict):
    """The declared actions are carried out, seat after seat (automatic)."""
    kind: Literal["execute"]
    asked: NotRequired[bool]  # the players were already asked which action their Trade crew takes


@with_config(_STRICT)
class Act(TypedDict):
    """A player takes ``left`` more actions of the led type (or of ``action`` instead)."""
    kind: Literal["act"]
    seat: Seat
    left: Count
    action: NotRequired[ActionType]


@with_config(_STRICT)
class Solo(TypedDict):
    """An ability's own turn: the player plays cards alone, ``left`` more at most (no ``left``:
    as many as they like)."""
    kind: Literal["solo"]
    seat: Seat
    left: NotRequired[Count]


@with_config(_STRICT)
class Trim(TypedDict):
    """A player discards down to the crew and goods limits."""
    kind: Literal["trim"]
    seat: Seat


@with_config(_STRICT)
class Sail(TypedDict):
    """A ship with fulfilled contracts sails (automatic); it ``carried`` that many contracts."""
    kind: Literal["sail"]
    ship: ShipId
    carried: Count


@with_config(_STRICT)
class EndTurn(TypedDict):
    kind: Literal["end_turn"]


@with_config(_STRICT)
class Score(TypedDict):
    kind: Literal["score"]


# --- the Import ------------------------------------------------------------------------------

@with_config(_STRICT)
class ImportRound(TypedDict):
    """One round of an Import (automatic): the ``bidders`` bid for a ship's cargo."""
    kind: Literal["import_round"]
    round: Count
    bidders: NotRequired[Seats]
    seat: NotRequired[Seat]


@with_config(_STRICT)
class ChooseShip(TypedDict):
    """The chooser picks the ship whose cargo is bid for."""
    kind: Literal["choose_ship"]
    seat: Seat
    round: Count
    bidders: Seats


@with_config(_STRICT)
class Bid(TypedDict):
    """The sealed bids for ``ship``: one per bidder, -1 until it is made."""
    kind: Literal["bid"]
    ship: ShipId
    round: Count
    bidders: Seats
    bids: Annotated[list[Annotated[int, Field(ge=-1, le=MAX_CREDITS)]], Field(max_length=MAX_PLAYERS)]


@with_config(_STRICT)
class Tie(TypedDict):
    """The active player breaks a tie among the ``tied`` highest bidders."""
    kind: Literal["tie"]
    seat: Seat
    tied: Seats
    ship: ShipId
    amount: Credits


@with_config(_STRICT)
class Take(TypedDict):
    """The winner takes cards from ``ship``: ``left`` more must, ``optional`` more may."""
    kind: Literal["take"]
    seat: Seat
    ship: ShipId
    left: Count
    optional: Count
    crew: bool  # a card went to the crew already


@with_config(_STRICT)
class AfterImport(TypedDict):
    """What follows a won Import (automatic)."""
    kind: Literal["after_import"]
    ship: ShipId
    seat: Seat
    paid_26: NotRequired[bool]


# --- container tokens ------------------------------------------------------------------------

@with_config(_STRICT)
class TokenColour(TypedDict):
    """A grey card becomes a token: the player names its colour."""
    kind: Literal["token_colour"]
    seat: Seat
    card: CardId
    to: Literal["ship", "crew", "goods"]
    ship: Annotated[int, Field(ge=-1, lt=MAX_SHIPS)]
    action: Annotated[int, Field(ge=-1, le=5)]


# --- card abilities --------------------------------------------------------------------------

@with_config(_STRICT)
class Instant(TypedDict):
    """A card's ability when its contract is fulfilled (automatic)."""
    kind: Literal["instant"]
    seat: Seat
    card: CardId
    ship: ShipId


@with_config(_STRICT)
class Ask(TypedDict):
    """A question a card's ability puts to ``seat``: ``options_<step>`` lists the answers.

    The other fields are what the ability keeps between questions; each means the same in
    every ability."""
    kind: Literal["ask"]
    seat: Seat
    card: CardId
    step: Name
    round_step: NotRequired[Name]  # the step a round of questions, seat after seat, asks
    queue: NotRequired[Seats]  # seats still to be asked in the round
    me: NotRequired[CardId]  # the asking card (where it differs from ``card``)
    owner: NotRequired[Seat]  # the seat the ability works for
    holder: NotRequired[Seat]
    victim: NotRequired[Seat]
    payee: NotRequired[Seat]
    left: NotRequired[Count]  # answers still due from this seat
    ship: NotRequired[ShipId]
    ships: NotRequired[Annotated[list[ShipId], Field(max_length=MAX_SHIPS)]]
    src: NotRequired[Annotated[int, Field(ge=-1, lt=MAX_SHIPS)]]  # where a card comes from (-1: the Supply Island)
    want: NotRequired[Annotated[int, Field(ge=0, le=6)]]  # a colour
    drawn: NotRequired[CardId]
    held: NotRequired[Cards]
    chosen: NotRequired[Cards]
    cards: NotRequired[Cards]
    before: NotRequired[Cards]


@with_config(_STRICT)
class ResumeExtra(TypedDict):
    """An ability's extra action resumes after an inner step (automatic)."""
    kind: Literal["resume_extra"]
    card: CardId
    step: Name
    queue: Seats


@with_config(_STRICT)
class EndStep(TypedDict):
    """An ability's step at the end of the game, run in ``phase``, seat ``order``, ``queued`` order."""
    kind: Literal["end_step"]
    seat: Seat
    card: CardId
    phase: Annotated[int, Field(ge=0, le=2)]
    order: Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
    queued: Annotated[int, Field(ge=0, le=1000)]


@with_config(_STRICT)
class GpsHome(TypedDict):
    kind: Literal["gps_home"]
    ship: ShipId
    card: CardId


@with_config(_STRICT)
class LoneContainer(TypedDict):
    kind: Literal["lone_container"]
    ship: ShipId


KINDS: dict[str, type] = {
    typing.get_args(typing.get_type_hints(t)["kind"])[0]: t
    for t in (Lead, Follow, Declare, Execute, Act, Solo, Trim, Sail, EndTurn, Score, ImportRound, ChooseShip,
              Bid, Tie, Take, AfterImport, TokenColour, Instant, Ask, ResumeExtra, EndStep, GpsHome, LoneContainer)
}
"""Each kind of frame and its description."""

AnyFrame = Annotated[Union[tuple(KINDS.values())], Field(discriminator="kind")]  # noqa: UP007
FRAME: TypeAdapter[dict] = TypeAdapter(AnyFrame)
"""Validates one frame (``FRAME.validate_python(frame, strict=True)``)."""
