"""What the chapters allow a table's progressive: one progressive jackpot a table game (§ 605a.7(e)(2)),
only Caribbean Stud Paytable D linked across tables (§ 639a.12(d)(3)), and no option whose amounts
or rows are not in the available text; each refusal names what is wrong and its section, and
changes nothing."""

import html

import pytest
from django.urls import reverse

from games.engine.core import Refused
from games.engine.registry import GAMES
from games.models import LinkedTable, Meter, Table
from games.progressives import services as progressives
from games.table import services

# Every game whose chapter has two progressive wagers, each with a meter of its own.
TWO_PROGRESSIVES = [(slug, [w.slug for w in game.wagers if w.progressive and not w.progressive.same_meter_as])
                    for slug, game in sorted(GAMES.items())]
TWO_PROGRESSIVES = [(slug, wagers) for slug, wagers in TWO_PROGRESSIVES if len(wagers) > 1]


def test_the_games_with_two_progressives_are_the_ones_the_chapters_print():
    assert {slug for slug, _ in TWO_PROGRESSIVES} == {"crazy-4-poker", "four-card-poker", "let-it-ride",
                                                      "texas-holdem-bonus"}


@pytest.mark.parametrize(("slug", "wagers"), TWO_PROGRESSIVES, ids=[slug for slug, _ in TWO_PROGRESSIVES])
def test_a_table_offering_two_progressive_jackpots_is_refused(slug, wagers):
    game = GAMES[slug]
    # Each wager's amount on its own is accepted (the first letter of a paytable it may select).
    options = {option.key: option for option in game.rule_options}
    rules = {w.paytable_option: w.paytable.default or next(v for v, _ in options[w.paytable_option].choices if v)
             for w in game.wagers if w.slug in wagers and w.paytable}
    meters = {}
    for number, wager in enumerate(wagers, start=1):
        amount = next(letter for letter in ("5", "1") if _accepted(game, rules, wager, letter, number))
        meters[wager] = {"amount": amount, "meters": _meters(game, rules, wager, number)}
    with pytest.raises(Refused, match="may offer one progressive jackpot, not") as refusal:
        game.validate_rules({**rules, "progressives": meters})
    assert refusal.value.section == "§ 605a.7(e)(2)"
    assert game.wager_label(wagers[0]) in refusal.value.message


def _meters(game, rules, wager, number):
    from games.engine.core import progressive

    definition = game.wager(wager)
    tiers = progressive.meter_tiers(progressive.wager_paytable(game, game.validate_rules(rules), definition))
    return {tier: {"id": number * 10 + index, "name": f"M{number}{tier}"} for index, tier in enumerate(tiers)}


def _accepted(game, rules, wager, amount, number) -> bool:
    try:
        game.validate_rules({**rules, "progressives": {wager: {"amount": amount,
                                                               "meters": _meters(game, rules, wager, number)}}})
    except Refused:
        return False
    return True


@pytest.mark.django_db
def test_a_four_card_poker_table_keeps_one_progressive_through_its_meters_and_its_rules(cast):
    table = Table.objects.create(name="FC-1", game="four-card-poker", rules={})
    progressives.meter_create(user=cast["super"], name="FOUR", game="four-card-poker", wager="four_card_progressive",
                              table_id=table.id, seed="10000", reset="10000", rate="10", wager_amount="5")
    with pytest.raises(Refused, match="a table offers one progressive only") as refusal:
        progressives.meter_create(user=cast["super"], name="FIVE", game="four-card-poker",
                                  wager="five_card_progressive", table_id=table.id, seed="10000", reset="10000",
                                  rate="10", wager_amount="1")
    assert refusal.value.section == "§ 605a.7(e)(2)"
    assert list(Meter.objects.values_list("name", flat=True)) == ["FOUR"]


CS = "caribbean-stud"


def cs_table(name, letter):
    return Table.objects.create(name=name, game=CS, rules={"progressive_paytable": letter})


def cs_link_meter(cast, link):
    return progressives.meter_create(user=cast["super"], name="CS-METER", game=CS, wager="progressive",
                                     link_id=link.id, seed="10000", reset="10000", rate="10", wager_amount="5")


@pytest.mark.django_db
@pytest.mark.parametrize("letter", ["A", "B", "C", "E"])
def test_only_caribbean_stud_paytable_d_may_be_linked(cast, letter):
    link = progressives.link_create(user=cast["super"], name="CS-LINK")
    cs_link_meter(cast, link)
    table = cs_table("CS-1", letter)
    with pytest.raises(Refused, match=f"Only Paytable D of the Progressive Payout Wager may be linked across "
                                      f"tables, not Paytable {letter}") as refusal:
        progressives.link_add_table(link_id=link.id, table_id=table.id, user=cast["super"])
    assert refusal.value.section == "§ 639a.12(d)(3)"
    assert not LinkedTable.objects.exists()
    # A table of its own may use the paytable: only linking is refused.
    progressives.meter_create(user=cast["super"], name="OWN", game=CS, wager="progressive", table_id=table.id,
                              seed="10000", reset="10000", rate="10", wager_amount="5")


@pytest.mark.django_db
def test_a_linked_caribbean_stud_table_keeps_paytable_d(cast):
    link = progressives.link_create(user=cast["super"], name="CS-LINK")
    table = cs_table("CS-1", "D")
    progressives.link_add_table(link_id=link.id, table_id=table.id, user=cast["super"])
    cs_link_meter(cast, link)
    with pytest.raises(Refused, match="Only Paytable D .* not Paytable A") as refusal:
        services.table_configure(table_id=table.id, user=cast["super"],
                                 rules={**table.rules, "progressive_paytable": "A"}, training=False)
    assert refusal.value.section == "§ 639a.12(d)(3)"
    table.refresh_from_db()
    assert table.rules["progressive_paytable"] == "D"
    # A meter of the link on a table of Paytable B is refused too.
    other = progressives.link_create(user=cast["super"], name="CS-LINK-2")
    progressives.link_add_table(link_id=other.id, table_id=cs_table("CS-2", "D").id, user=cast["super"])
    LinkedTable.objects.filter(link=other).update(table=cs_table("CS-3", "B"))  # as an older configuration left it
    with pytest.raises(Refused, match="not Paytable B"):
        progressives.meter_create(user=cast["super"], name="CS-2-METER", game=CS, wager="progressive",
                                  link_id=other.id, seed="10000", reset="10000", rate="10", wager_amount="5")


NOT_IN_TEXT = [(slug, missing) for slug, game in sorted(GAMES.items()) for missing in getattr(game, "not_in_text", ())]


def test_every_option_the_available_text_lacks_is_listed():
    assert {(slug, missing.label) for slug, missing in NOT_IN_TEXT} >= {
        ("mississippi-stud", "Envy Bonus"), ("ultimate-texas-holdem", "Progressive Wager"),
        ("ultimate-texas-holdem", "Bad Beat Bonus Wager"), ("four-card-poker", "Aces Up Paytables D, E and F"),
        ("caribbean-stud", "Five Card Hand Bonus Wager"), ("four-card-poker", "Five Card Hand Bonus Wager"),
        ("crazy-4-poker", "Five Card Hand Bonus Wager")}


@pytest.mark.parametrize(("slug", "missing"), [(s, m) for s, m in NOT_IN_TEXT if m.key],
                         ids=[f"{s}-{m.key}" for s, m in NOT_IN_TEXT if m.key])
def test_an_option_not_in_the_available_text_is_refused_by_name(slug, missing):
    with pytest.raises(Refused, match=f"the {missing.label} is not offered") as refusal:
        GAMES[slug].validate_rules({missing.key: "A"})
    assert refusal.value.section == missing.section


@pytest.mark.django_db
def test_the_configuration_page_says_what_is_not_offered_and_refuses_it(client, cast):
    table = Table.objects.create(name="MS-1", game="mississippi-stud", rules={})
    client.force_login(cast["super"])
    page = html.unescape(client.get(reverse("table-configure", args=[table.id])).content.decode())
    assert "Not offered: not in the available text" in page
    assert "Envy Bonus</strong>: its amounts (§ 655a.12(c)(5) of the 2014 text) are not in the available text" in page
    game = table.game_engine
    form = {option.key: str({**game.default_rules}[option.key]) for option in game.rule_options
            if option.kind != "bool"}
    page = html.unescape(client.post(reverse("table-configure", args=[table.id]),
                                     {**form, "progressive_envy": "A"}).content.decode())
    assert "Mississippi Stud: the Envy Bonus is not offered" in page and "§ 655a.12(c)(5)" in page
    table.refresh_from_db()
    assert table.rules == {}
