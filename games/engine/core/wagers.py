"""A wager, defined once: everything else about it (the betting form, the rules options and their
validation, the payout limit it falls under) is derived from this definition."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.core.progressive import OPTION as PROGRESSIVES
from games.engine.core.progressive import Progressive

BEFORE_DEAL, BY_DECISION = "before_deal", "by_decision"


@dataclass(frozen=True)
class Limits:
    """The table's minimum and maximum for a wager, as Rules Submission options ``min_<key>`` and
    ``max_<key>``.  Wagers that share limits (Let It Ride's three bets) share a key."""

    low: str
    high: str
    section: str
    key: str = ""  # defaults to the wager's slug
    label: str = ""  # what "Minimum ..." names, defaults to the wager's label


@dataclass(frozen=True)
class PaytableChoice:
    """The Rules Submission option that selects a wager's paytable by its letter.  The letters
    offered are those of the paytables registered for the wager (``games.engine.paytables``)."""

    default: str
    section: str
    optional: bool = True  # "" means the table does not offer the wager
    option: str = ""  # defaults to "<slug>_paytable"
    label: str = ""  # defaults to the wager's label
    help: str = ""


@dataclass(frozen=True)
class WagerDef:
    slug: str
    label: str
    section: str  # where the chapter defines the wager
    placed: str = BEFORE_DEAL  # or BY_DECISION: placed when the player decides (a Flop Wager, a Raise)
    required: bool = False  # the wager that makes a seat play (the Ante)
    equals: str = ""  # the wager it must equal (the Odds Wager equals the Ante, § 677a.7(d)(1))
    limits: Limits | None = None
    paytable: PaytableChoice | None = None
    judged_on: str = ""  # what decides it, in the chapter's words
    capped: bool = False  # covered by the chapter's aggregate payout limit
    survives_fold: bool = False  # settled although the player folds
    returns: Any = None  # how the return report values its paytables (a model of games.engine.return_models)
    # The yes/no Rules Submission option that offers an optional wager with no paytable letter to
    # choose (Match-the-Dealer, § 635a.6(e): its paytable follows the number of decks).
    offered_by: str = ""
    progressive: Progressive | None = None  # placed on a progressive table game system, fed to a meter

    @property
    def limits_key(self) -> str:
        return (self.limits.key or self.slug) if self.limits else ""

    @property
    def paytable_option(self) -> str:
        return (self.paytable.option or f"{self.slug}_paytable") if self.paytable else ""

    def offered(self, rules: Mapping[str, Any]) -> bool:
        """Whether the table offers it: an optional wager needs its paytable selected (or its yes/no
        option set), and a progressive wager a meter whose link operates (§ 605a.8(c))."""
        if self.offered_by and not rules.get(self.offered_by):
            return False
        if self.paytable and self.paytable.optional and not rules.get(self.paytable_option):
            return False
        if self.progressive:
            attached = (rules.get(PROGRESSIVES) or {}).get(self.slug)
            return bool(attached) and not attached.get("down")
        return True


def derived_rules(wagers: Iterable[WagerDef]) -> dict[str, Any]:
    """The default paytable letters and limits the wagers' definitions give."""
    rules: dict[str, Any] = {}
    for wager in wagers:
        if wager.paytable and wager.paytable_option not in rules:
            rules[wager.paytable_option] = wager.paytable.default
    for wager in wagers:
        if wager.limits and f"min_{wager.limits_key}" not in rules:
            rules[f"min_{wager.limits_key}"] = wager.limits.low
            rules[f"max_{wager.limits_key}"] = wager.limits.high
    return rules
