"""A Poker table's Rules Submission options (§ 601a.2), read once into cents and checked.

Where Chapter 637a says what a table may choose, the option cites it.  Where the text is missing
(§§ 637a.12-637a.17: Omaha, the jackpots and the rake, and § 637a.18 after (e)), the option
follows the 2012 preamble's description and the common practice of licensed card rooms, and its
help says so (docs/poker.md lists every such point).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from games.engine.core.game import ROUND_OPTIONS, RuleOption
from games.engine.core.records import Refused
from games.engine.money import Cents, MoneyError, dollars, parse_dollars
from games.engine.poker.spread import DEFAULTS as SPREAD_DEFAULTS
from games.engine.poker.spread import OPTIONS as SPREAD_OPTIONS
from games.engine.poker.spread import check_spread, spread_text
from games.engine.poker.variants import LIMIT, STRUCTURES, VARIANTS, Variant

PRACTICE = "Not in the available Pennsylvania text: as licensed card rooms do it."
NO_RAKE, PERCENT, INCREMENTAL, TIME = "none", "percent", "incremental", "time"
LEFT_OF_BUTTON, HIGH_CARD_BY_SUIT = "left_of_button", "highest_card_by_suit"
RIGHT_OF_DEALER, HIGH_CARD = "right_of_dealer", "high_card"
NOT_BINDING, BINDING_IF_UNCHANGED = "not_binding", "binding_if_unchanged"
NO_KILL, KILL, HALF_KILL = "none", "kill", "half_kill"
KILL_SECTION = "§ 637a.1"  # "Kill option", "Half-kill option" and "Qualifying pot"
# How much the limits grow in a kill hand: twice, or by half again (§ 637a.1).
KILL_FACTORS = {KILL: (2, 1), HALF_KILL: (3, 2)}
# The most a percentage rake may take: "capped in the regulation at 10% of the pot" (2012 preamble on § 637a.17).
MAX_RAKE_PERCENT = Decimal(10)
# The chip that goes to one player when a pot cannot be divided equally may not exceed $1 (§ 637a.11(k)).
MAX_ODD_CHIP = 100
BOTH, ONE = "both", "one"
LOSING_HAND, STAYS = "losing_hand", "stays"
POST, WAIT = "post", "wait"
BAD_BEAT_SECTION, HIGH_HAND_SECTION = "§ 637a.15", "§ 637a.16"
JACKPOT_PRACTICE = "Not in the available Pennsylvania text: as the jackpot is commonly played."
HOLE_CARD_CHOICES = ((BOTH, "Both of the player's own cards"), (ONE, "At least one of them"))
# The least qualifying hands offered, with the five cards that make each (games.engine.poker.jackpots).
MINIMUM_HANDS: dict[str, tuple[str, str]] = {
    "aces_full_of_tens": ("Aces full of tens or better", "AsAhAdTsTh"),
    "four_tens": ("Four tens or better", "TsThTdTc2s"),
    "four_of_a_kind": ("Four of a kind or better", "2s2h2d2c3s"),
    "straight_flush": ("A straight flush or better", "5s4s3s2sAs"),
    "royal_flush": ("A royal flush", "AsKsQsJsTs"),
}


def _hands(*keys: str) -> tuple[tuple[str, str], ...]:
    return tuple((key, MINIMUM_HANDS[key][0]) for key in keys)


# Round options the service carries from the previous hand (the seats, their stakes and the button).
POSITIONS = "positions"

DEFAULT_RULES: dict[str, Any] = {
    "variant": "holdem",
    "structure": "no_limit",
    "small_blind": "1.00",
    "big_blind": "2.00",
    "ante": "0.00",
    "big_blind_ante": False,
    "bring_in": "1.00",
    "small_bet": "2.00",
    "big_bet": "4.00",
    "max_raises": "4",
    **SPREAD_DEFAULTS,
    "straddle": False,
    "first_button": RIGHT_OF_DEALER,
    "min_buy_in": "40.00",
    "max_buy_in": "",
    "rake_method": PERCENT,
    "rake_percent": "10",
    "rake_increment": "1.00",
    "rake_every": "10.00",
    "rake_unit": "1.00",
    "rake_cap": "5.00",
    "time_charge": "6.00",
    "no_flop_no_drop": True,
    "bad_beat_drop": "0.00",
    "high_hand_drop": "0.00",
    "drop_minimum_pot": "20.00",
    "odd_chip": LEFT_OF_BUTTON,
    "chip_unit": "1.00",
    "show_all_hands": False,
    "out_of_turn": NOT_BINDING,
    "exposed_cards_misdeal": "2",
    "kill": NO_KILL,
    "kill_pot": "",
    "bad_beat_hand": "aces_full_of_tens",
    "bad_beat_hole_cards": BOTH,
    "bad_beat_min_players": "4",
    "bad_beat_losing_share": "50",
    "bad_beat_winning_share": "25",
    "bad_beat_table_share": "25",
    "bad_beat_odd_cents": LOSING_HAND,
    "high_hand_hand": "four_of_a_kind",
    "high_hand_hole_cards": BOTH,
    "dead_button": True,
    "new_player_posts": POST,
}

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("variant", "Game", "choice", "§ 637a.9(a)", tuple((key, v.label) for key, v in VARIANTS.items())),
    RuleOption("structure", "Betting structure", "choice", "§ 637a.8(k)",
               tuple((key, label) for key, (label, _) in STRUCTURES.items()),
               help="Seven-card Stud is dealt fixed-limit, as card rooms deal it."),
    RuleOption("small_blind", "Small blind (Hold'em, Omaha)", "money", "§ 637a.11(d)"),
    RuleOption("big_blind", "Big blind (Hold'em, Omaha); the minimum bet in pot and no limit", "money",
               "§ 637a.11(d)"),
    RuleOption("ante", "Ante from each player, or from the big blind for the table (0 for none)", "money",
               "§ 637a.11(b)", help="Stud's Ante is § 637a.10(b)."),
    RuleOption("big_blind_ante", "Big-blind Ante: the big blind posts one Ante for the whole table (Hold'em, Omaha)",
               "bool", "§ 637a.11(b)",
               help="The Rules Submission says how the Ante is placed (§ 637a.11(b)); the big-blind Ante is as card "
                    "rooms play it."),
    RuleOption("bring_in", "Forced Bet (Stud)", "money", "§ 637a.10(d)",
               help="The player it falls to may complete to the smaller bet instead."),
    RuleOption("small_bet", "Limit: the smaller bet (first two betting rounds)", "money", "§ 637a.8(k)"),
    RuleOption("big_bet", "Limit: the larger bet (later betting rounds)", "money", "§ 637a.8(k)"),
    RuleOption("max_raises", "Limit: most bets and raises in one betting round (before the flop the big blind is "
                             "the first bet)", "choice", "§ 637a.8(k)",
               (("3", "3"), ("4", "4"), ("5", "5"), ("", "No cap"))),
    *SPREAD_OPTIONS,
    RuleOption("straddle", "Straddle Bet offered (twice the big blind, by the player left of the big blind)", "bool",
               "§ 637a.11(e)", help="The amount is the common card-room Straddle: twice the big blind."),
    RuleOption("first_button", "Button when the table opens", "choice", "§ 637a.11(c)(1)",
               ((RIGHT_OF_DEALER, "The first player to the dealer's right"),
                (HIGH_CARD, "The player dealt the highest card"))),
    RuleOption("min_buy_in", "Smallest table stakes a player sits down with", "money", "§ 637a.8(b)(4)",
               help="At least what § 637a.8(b)(4) asks: the forced bets and one minimum bet."),
    RuleOption("max_buy_in", "Largest table stakes a player sits down with (empty for none)", "money", "",
               help=PRACTICE),
    RuleOption("rake_method", "Rake", "choice", "§ 637a.17",
               ((NO_RAKE, "None"), (PERCENT, "A percentage of each pot, capped per hand"),
                (INCREMENTAL, "An amount for every full step of the pot, capped per hand"),
                (TIME, "A time charge from each player, between hands")),
               help="§ 637a.17 is not available; the three kinds are those the 2012 preamble describes."),
    RuleOption("rake_percent", "Rake percentage (at most 10)", "number", "§ 637a.17",
               help="The 2012 preamble: the percentage rake is capped in the regulation at 10% of the pot."),
    RuleOption("rake_increment", "Incremental rake: taken for every full step", "money", "§ 637a.17"),
    RuleOption("rake_every", "Incremental rake: the step of the pot", "money", "§ 637a.17"),
    RuleOption("rake_unit", "Percentage rake: rounded down to this chip", "money", "§ 637a.17", help=PRACTICE),
    RuleOption("rake_cap", "Most rake taken from one hand, all its pots together (empty for none)", "money",
               "§ 637a.17"),
    RuleOption("time_charge", "Time charge from each player", "money", "§ 637a.17"),
    RuleOption("no_flop_no_drop", "No rake and no jackpot drop from a hand that ends in its first betting round",
               "bool", "§ 637a.17", help=PRACTICE),
    RuleOption("bad_beat_drop", "Bad Beat jackpot drop from each pot (0 for none)", "money", "§ 637a.15",
               help="§ 637a.15 is not available; the drop is taken from the pot as card rooms take it."),
    RuleOption("high_hand_drop", "High Hand jackpot drop from each pot (0 for none)", "money", "§ 637a.16",
               help="§ 637a.16 is not available; the drop is taken from the pot as card rooms take it."),
    RuleOption("drop_minimum_pot", "Jackpot drops only from pots of at least", "money", "§ 637a.15", help=PRACTICE),
    RuleOption("odd_chip", "Hold'em and Omaha: who receives the chip a tie cannot divide", "choice", "§ 637a.11(k)",
               ((LEFT_OF_BUTTON, "The first tied player clockwise from the button"),
                (HIGH_CARD_BY_SUIT, "The tied player with the highest card by suit"))),
    RuleOption("chip_unit", "The smallest chip in play (a pot is divided in these)", "money", "§ 637a.11(k)",
               help="The 2012 preamble: the lowest denomination played may be given instead of $1. The stakes, "
                    "limits, table stakes, rake and drops are whole chips of it."),
    RuleOption("show_all_hands", "Every hand at the showdown must be shown (no mucking)", "bool", "§ 637a.18(e)"),
    RuleOption("out_of_turn", "An action out of turn", "choice", "§ 637a.8(c)",
               ((NOT_BINDING, "Not binding: the player acts again in turn"),
                (BINDING_IF_UNCHANGED, "Binding when no one bets or raises before the player's turn")),
               help="§ 637a.8(c) binds an action taken in turn; the other is common card-room practice."),
    RuleOption("exposed_cards_misdeal", "Cards exposed by the dealer in the deal that make a misdeal", "choice",
               "§ 637a.18", (("1", "1"), ("2", "2"), ("3", "3")), help=PRACTICE),
    RuleOption("kill", "Omaha High-low Eight or Better, limit: the Kill option", "choice", KILL_SECTION,
               ((NO_KILL, "None"), (KILL, "Kill: twice the posted limits"),
                (HALF_KILL, "Half-kill: the posted limits and half again")),
               help="After one player wins a whole qualifying pot, until a pot is split high-low or is smaller"),
    RuleOption("kill_pot", "The qualifying pot of the Kill option", "money", KILL_SECTION),
    RuleOption("bad_beat_hand", "Bad Beat: the least losing hand that qualifies", "choice", BAD_BEAT_SECTION,
               _hands("aces_full_of_tens", "four_tens", "four_of_a_kind", "straight_flush"), help=JACKPOT_PRACTICE),
    RuleOption("bad_beat_hole_cards", "Bad Beat: the player's own cards that must play, in the losing and the "
               "winning hand (Hold'em; in Omaha two always play)", "choice", BAD_BEAT_SECTION, HOLE_CARD_CHOICES,
               help=JACKPOT_PRACTICE),
    RuleOption("bad_beat_min_players", "Bad Beat: the fewest players dealt in", "choice", BAD_BEAT_SECTION,
               tuple((str(n), str(n)) for n in range(2, 7)), help=JACKPOT_PRACTICE),
    RuleOption("bad_beat_losing_share", "Bad Beat: percent of the fund to the losing hand", "number",
               BAD_BEAT_SECTION, help=JACKPOT_PRACTICE),
    RuleOption("bad_beat_winning_share", "Bad Beat: percent to the hand that beat it", "number", BAD_BEAT_SECTION,
               help=JACKPOT_PRACTICE),
    RuleOption("bad_beat_table_share", "Bad Beat: percent shared equally by the other players dealt in", "number",
               BAD_BEAT_SECTION, help="The three shares add up to 100. " + JACKPOT_PRACTICE),
    RuleOption("bad_beat_odd_cents", "Bad Beat: the cents the shares cannot divide", "choice", BAD_BEAT_SECTION,
               ((LOSING_HAND, "Go to the losing hand"), (STAYS, "Stay in the fund")), help=JACKPOT_PRACTICE),
    RuleOption("high_hand_hand", "High Hand: the least hand that qualifies in the qualifying period", "choice",
               HIGH_HAND_SECTION, _hands("four_tens", "four_of_a_kind", "straight_flush", "royal_flush"),
               help=JACKPOT_PRACTICE),
    RuleOption("high_hand_hole_cards", "High Hand: the player's own cards that must play (Hold'em)", "choice",
               HIGH_HAND_SECTION, HOLE_CARD_CHOICES, help=JACKPOT_PRACTICE),
    RuleOption("dead_button", "Dead button: the big blind moves one player a hand; the small blind and the button "
               "follow it, and may fall on an empty seat", "bool", "§ 637a.11(c)", help=PRACTICE),
    RuleOption("new_player_posts", "A new player, or one back who missed the big blind", "choice", "§ 637a.11(d)",
               ((POST, "Posts a big blind (and a missed small blind, dead) to be dealt in at once"),
                (WAIT, "Waits for the big blind")), help=PRACTICE),
)


@dataclass(frozen=True)
class TableOptions:
    """The options a hand is dealt with, in cents and choices."""

    variant: Variant
    structure: str
    small_blind: Cents
    big_blind: Cents
    ante: Cents
    bring_in: Cents
    small_bet: Cents
    big_bet: Cents
    max_raises: int | None
    straddle: bool
    first_button: str
    min_buy_in: Cents
    max_buy_in: Cents | None
    rake_method: str
    rake_percent: Decimal
    rake_increment: Cents
    rake_every: Cents
    rake_unit: Cents
    rake_cap: Cents | None
    time_charge: Cents
    no_flop_no_drop: bool
    bad_beat_drop: Cents
    high_hand_drop: Cents
    drop_minimum_pot: Cents
    odd_chip: str
    chip_unit: Cents
    show_all_hands: bool
    out_of_turn: str
    exposed_cards_misdeal: int
    kill: str = NO_KILL
    kill_pot: Cents | None = None
    bad_beat_hand: str = "aces_full_of_tens"
    bad_beat_hole_cards: str = BOTH
    bad_beat_min_players: int = 4
    bad_beat_shares: tuple[Decimal, Decimal, Decimal] = (Decimal(50), Decimal(25), Decimal(25))
    bad_beat_odd_cents: str = LOSING_HAND
    high_hand_hand: str = "four_of_a_kind"
    high_hand_hole_cards: str = BOTH
    dead_button: bool = True
    new_player_posts: str = POST
    big_blind_ante: bool = False  # the big blind posts the one Ante of the table (§ 637a.11(b))
    # The posted spread (§ 637a.8(k)): the least and most a bet or a raise adds, and the most raises a round.
    spread_min_bet: Cents | None = None
    spread_max_bet: Cents | None = None
    spread_max_raises: int | None = None

    @property
    def stud(self) -> bool:
        return self.variant.stud

    @property
    def limit(self) -> bool:
        return self.structure == LIMIT

    @property
    def straddle_amount(self) -> Cents:
        return 2 * self.big_blind

    @property
    def minimum_bet(self) -> Cents:
        """The posted table minimum bet: the smaller bet in limit, the big blind otherwise, or the spread's
        smallest bet where it is more."""
        return max(self.small_bet if self.limit or self.stud else self.big_blind, self.spread_min_bet or 0)

    @property
    def spread(self) -> bool:
        return self.spread_min_bet is not None or self.spread_max_bet is not None

    def spread_text(self) -> str:
        return spread_text(self.spread_min_bet, self.spread_max_bet)

    @property
    def forced_bet(self) -> Cents:
        """The largest forced bet one player may have to make (the big blind or the Forced Bet)."""
        return self.bring_in if self.stud else self.big_blind

    @property
    def stake_needed(self) -> Cents:
        """What a player must have on the table to be dealt in: any Ante and forced bet, and one bet at
        the posted table minimum (§ 637a.8(b)(4)); with a big-blind Ante, the Ante too, as any player may be
        the big blind."""
        return self.ante + self.forced_bet + self.minimum_bet

    def killed(self) -> TableOptions:
        """The options of a kill hand: the posted limits twice over, or by half again (§ 637a.1)."""
        times, per = KILL_FACTORS[self.kill]
        return dataclasses.replace(self, small_bet=self.small_bet * times // per, big_bet=self.big_bet * times // per)

    def describe(self) -> str:
        """"Texas Hold'em, no limit, blinds $1.00/$2.00" for the table's header."""
        structure = STRUCTURES[self.structure][0].lower()
        if self.stud:
            stakes = f"Forced Bet {dollars(self.bring_in)}, bets {dollars(self.small_bet)}/{dollars(self.big_bet)}"
        elif self.limit:
            stakes = (f"blinds {dollars(self.small_blind)}/{dollars(self.big_blind)}, bets "
                      f"{dollars(self.small_bet)}/{dollars(self.big_bet)}")
        else:
            stakes = f"blinds {dollars(self.small_blind)}/{dollars(self.big_blind)}"
        ante = f", {'big-blind ' if self.big_blind_ante else ''}Ante {dollars(self.ante)}" if self.ante else ""
        spread = f", spread {self.spread_text()}" if self.spread else ""
        raises = self.spread_max_raises
        cap = f", {raises} raise{'s' if raises != 1 else ''}" if raises is not None else ""
        return f"{self.variant.label}, {structure}, {stakes}{ante}{spread}{cap}"


def _money(rules: Mapping[str, Any], key: str, label: str, section: str, *,
           empty_is_none: bool = False) -> Cents | None:
    value = rules[key]
    if empty_is_none and value in ("", None):
        return None
    try:
        return parse_dollars(value)
    except MoneyError as error:
        raise Refused(f"{label}: {error}", section) from None


def _choice(rules: Mapping[str, Any], key: str) -> str:
    option = next(option for option in RULE_OPTIONS if option.key == key)
    value = rules[key]
    allowed = [choice for choice, _ in option.choices]
    if value not in allowed:
        raise Refused(f"{option.label} must be one of {', '.join(repr(c) for c in allowed)}, not {value!r}",
                      option.section)
    return value


def _flag(rules: Mapping[str, Any], key: str) -> bool:
    value = rules[key]
    if not isinstance(value, bool):
        raise Refused(f"The option {key} is true or false, not {value!r}")
    return value


def read_options(rules: Mapping[str, Any]) -> TableOptions:
    """Every option checked and converted; a refusal names the option and the section."""
    unknown = set(rules) - set(DEFAULT_RULES) - ROUND_OPTIONS - {POSITIONS}
    if unknown:
        raise Refused(f"Unknown rules option(s) for Poker: {', '.join(sorted(unknown))}")
    rules = {**DEFAULT_RULES, **rules}
    variant = VARIANTS[_choice(rules, "variant")]
    structure = _choice(rules, "structure")
    if structure not in variant.structures:
        raise Refused(f"{variant.label} is dealt {STRUCTURES[LIMIT][0].lower()} only, not "
                      f"{STRUCTURES[structure][0].lower()} (as card rooms deal it)", "§ 637a.10")
    cents = {key: _money(rules, key, option.label, option.section) for option in RULE_OPTIONS
             if (key := option.key) in ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet",
                                        "min_buy_in", "rake_increment", "rake_every", "rake_unit", "time_charge",
                                        "bad_beat_drop", "high_hand_drop", "drop_minimum_pot", "chip_unit")}
    try:
        percent = Decimal(str(rules["rake_percent"]))
    except InvalidOperation:
        raise Refused(f"The rake percentage must be a number, not {rules['rake_percent']!r}", "§ 637a.17") from None
    if not (percent.is_finite() and 0 <= percent <= MAX_RAKE_PERCENT):
        raise Refused(f"The rake percentage must be between 0 and {MAX_RAKE_PERCENT}, not {rules['rake_percent']}: "
                      "the percentage rake is capped at 10% of the pot", "§ 637a.17")
    options = TableOptions(
        variant=variant, structure=structure, **{k: cents[k] for k in (
            "small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet", "min_buy_in")},
        max_raises=int(_choice(rules, "max_raises")) if rules["max_raises"] else None,
        straddle=_flag(rules, "straddle"), first_button=_choice(rules, "first_button"),
        max_buy_in=_money(rules, "max_buy_in", "Largest table stakes", "", empty_is_none=True),
        rake_method=_choice(rules, "rake_method"), rake_percent=percent,
        **{k: cents[k] for k in ("rake_increment", "rake_every", "rake_unit", "time_charge", "bad_beat_drop",
                                 "high_hand_drop", "drop_minimum_pot", "chip_unit")},
        rake_cap=_money(rules, "rake_cap", "The rake cap", "§ 637a.17", empty_is_none=True),
        no_flop_no_drop=_flag(rules, "no_flop_no_drop"), odd_chip=_choice(rules, "odd_chip"),
        show_all_hands=_flag(rules, "show_all_hands"), out_of_turn=_choice(rules, "out_of_turn"),
        exposed_cards_misdeal=int(_choice(rules, "exposed_cards_misdeal")),
        kill=_choice(rules, "kill"), kill_pot=_money(rules, "kill_pot", "The qualifying pot", KILL_SECTION,
                                                     empty_is_none=True),
        bad_beat_hand=_choice(rules, "bad_beat_hand"), bad_beat_hole_cards=_choice(rules, "bad_beat_hole_cards"),
        bad_beat_min_players=int(_choice(rules, "bad_beat_min_players")), bad_beat_shares=_shares(rules),
        bad_beat_odd_cents=_choice(rules, "bad_beat_odd_cents"), high_hand_hand=_choice(rules, "high_hand_hand"),
        high_hand_hole_cards=_choice(rules, "high_hand_hole_cards"), dead_button=_flag(rules, "dead_button"),
        new_player_posts=_choice(rules, "new_player_posts"), big_blind_ante=_flag(rules, "big_blind_ante"),
        **{key: _money(rules, key, option.label, option.section, empty_is_none=True) for option in SPREAD_OPTIONS
           if (key := option.key) != "spread_max_raises"},
        spread_max_raises=int(_choice(rules, "spread_max_raises")) if rules["spread_max_raises"] else None,
    )
    _check_amounts(options)
    _check_kill(options)
    killed = [options.killed()] if options.kill != NO_KILL else []
    check_spread(options.spread_min_bet, options.spread_max_bet, options.minimum_bet,
                 [(o.small_bet, o.big_bet) for o in (options, *killed) if o.limit or o.stud])
    return options


def _shares(rules: Mapping[str, Any]) -> tuple[Decimal, Decimal, Decimal]:
    """The Bad Beat's three shares, in percent: each from 0 to 100, and 100 together."""
    shares = []
    for key in ("bad_beat_losing_share", "bad_beat_winning_share", "bad_beat_table_share"):
        try:
            share = Decimal(str(rules[key]))
        except InvalidOperation:
            share = Decimal("NaN")
        if not (share.is_finite() and 0 <= share <= 100):
            raise Refused(f"The option {key} is a percentage from 0 to 100, not {rules[key]!r}", BAD_BEAT_SECTION)
        shares.append(share)
    if sum(shares) != 100:
        raise Refused(f"The Bad Beat's shares add up to {sum(shares).normalize():f}%, not 100% (losing hand, winning "
                      "hand, the rest of the table)", BAD_BEAT_SECTION)
    return shares[0], shares[1], shares[2]


def _check_kill(o: TableOptions) -> None:
    """The Kill and Half-kill options are Omaha High-low Eight or Better's, in a limit game, with a
    qualifying pot, and the grown limits are whole chips (§ 637a.1)."""
    if o.kill == NO_KILL:
        return
    if o.variant.key != "omaha_hilo" or not o.limit:
        raise Refused("The Kill and Half-kill options are for Omaha High-low Split Eight or Better dealt limit, "
                      f"not {o.variant.label}, {STRUCTURES[o.structure][0].lower()}", KILL_SECTION)
    if o.kill_pot is None or o.kill_pot <= 0:
        raise Refused("The Kill option needs its qualifying pot, more than $0.00", KILL_SECTION)
    times, per = KILL_FACTORS[o.kill]
    # The grown limit, amount × times / per, is a whole number of chips.
    if any(amount * times % (per * o.chip_unit) for amount in (o.small_bet, o.big_bet)):
        raise Refused(f"A kill hand's limits must be whole chips of {dollars(o.chip_unit)}: half again of "
                      f"{dollars(o.small_bet)}/{dollars(o.big_bet)} is not", KILL_SECTION)


def _check_amounts(o: TableOptions) -> None:
    if o.stud and o.big_blind_ante:
        raise Refused(f"{o.variant.label} has no big blind to post a big-blind Ante: each player's Ante is the "
                      "Stud Ante", "§ 637a.10(b)")
    if o.stud:
        if not 0 < o.bring_in < o.small_bet:
            raise Refused(f"The Forced Bet ({dollars(o.bring_in)}) must be more than $0.00 and less than the smaller "
                          f"bet ({dollars(o.small_bet)})", "§ 637a.10(d)")
    elif not 0 < o.small_blind <= o.big_blind:
        raise Refused(f"The blinds must satisfy 0 < small blind ≤ big blind ({dollars(o.small_blind)}, "
                      f"{dollars(o.big_blind)})", "§ 637a.11(d)")
    if (o.limit or o.stud) and not 0 < o.small_bet <= o.big_bet:
        raise Refused(f"The limit bets must satisfy 0 < smaller ≤ larger ({dollars(o.small_bet)}, "
                      f"{dollars(o.big_bet)})", "§ 637a.8(k)")
    if o.min_buy_in < o.stake_needed:
        raise Refused(f"The smallest table stakes ({dollars(o.min_buy_in)}) must cover the forced bets and one minimum "
                      f"bet ({dollars(o.stake_needed)})", "§ 637a.8(b)(4)")
    if o.max_buy_in is not None and o.max_buy_in < o.min_buy_in:
        raise Refused(f"The largest table stakes ({dollars(o.max_buy_in)}) are below the smallest "
                      f"({dollars(o.min_buy_in)})")
    if o.rake_method == INCREMENTAL and not (o.rake_increment > 0 and o.rake_every > 0):
        raise Refused("The incremental rake needs an amount and a step of the pot, both more than $0.00", "§ 637a.17")
    if o.rake_method == PERCENT and o.rake_unit <= 0:
        raise Refused("The percentage rake is rounded down to a chip of more than $0.00", "§ 637a.17")
    if o.rake_method == TIME and o.time_charge <= 0:
        raise Refused("The time charge must be more than $0.00", "§ 637a.17")
    if not 0 < o.chip_unit <= MAX_ODD_CHIP:
        raise Refused(f"The smallest chip in play must be more than $0.00 and at most $1.00 (the chip a tie cannot "
                      f"divide may not exceed $1), not {dollars(o.chip_unit)}", "§ 637a.11(k)")
    _check_chips(o)


def _check_chips(o: TableOptions) -> None:
    """Every amount that goes into a pot or comes out of it is whole chips of the table's smallest chip:
    the stakes, the limits, the table stakes, the rake and the drops.  A pot is then whole chips, and
    divided equally among tied players but for one chip each (§ 637a.11(k)); an amount finer than the
    chip would leave a tied player ahead by more than a chip, or with nothing."""
    amounts: dict[str, tuple[str, Cents | None]] = {
        "ante": ("The Ante", o.ante), "min_buy_in": ("The smallest table stakes", o.min_buy_in),
        "max_buy_in": ("The largest table stakes", o.max_buy_in),
        "bad_beat_drop": ("The Bad Beat drop", o.bad_beat_drop), "high_hand_drop": ("The High Hand drop",
                                                                                 o.high_hand_drop)}
    amounts |= {"bring_in": ("The Forced Bet", o.bring_in)} if o.stud else {
        "small_blind": ("The small blind", o.small_blind), "big_blind": ("The big blind", o.big_blind)}
    if o.limit or o.stud:
        amounts |= {"small_bet": ("The smaller bet", o.small_bet), "big_bet": ("The larger bet", o.big_bet)}
    if o.rake_method in (PERCENT, INCREMENTAL):
        amounts |= {"rake_cap": ("The rake cap", o.rake_cap)}
        amounts |= {"rake_unit": ("The percentage rake's chip", o.rake_unit)} if o.rake_method == PERCENT else {
            "rake_increment": ("The incremental rake", o.rake_increment)}
    if o.rake_method == TIME:
        amounts |= {"time_charge": ("The time charge", o.time_charge)}
    amounts |= {"spread_min_bet": ("The spread's smallest bet", o.spread_min_bet),
                "spread_max_bet": ("The spread's largest bet", o.spread_max_bet)}
    for key, (label, amount) in amounts.items():
        if amount is not None and amount % o.chip_unit:
            raise Refused(f"{label} ({key}, {dollars(amount)}) is finer than the smallest chip in play "
                          f"({dollars(o.chip_unit)}): what goes into a pot or comes out of it is whole chips, so "
                          "that a pot is divided in them", "§ 637a.11(k)")
