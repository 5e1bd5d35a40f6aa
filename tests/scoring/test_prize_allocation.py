"""Who gets which prize (scoring/standings/prize_allocation.py), against cases computed by hand:
ties,
a player in two categories, the higher prize taken and the other passed down, the last place,
the highest game (issue 21.3). Pure: no database."""

from decimal import Decimal

from scoring.standings.prize_allocation import Contender, Kind, Line, allocate, categories

LADY = frozenset({"lady", "member"})
MAN = frozenset({"member"})


def place(rank: int, money: int = 0, goods: str = "") -> Line:
    return Line(Kind.PLACE, rank, Decimal(money), goods)


def lady(money: int, rank: int = 1, goods: str = "") -> Line:
    return Line(Kind.CATEGORY, rank, Decimal(money), goods, "lady", "Beste Dame")


def last(goods: str, rank: int = 1, money: int = 0) -> Line:
    return Line(Kind.FROM_END, rank, Decimal(money), goods, label="Letzter")


def deal(money: int = 0, goods: str = "") -> Line:
    return Line(Kind.DEAL, 1, Decimal(money), goods, label="Höchstes Spiel")


def outcome(ranked: list[Contender[str]], lines: list[Line], **kwargs: bool) -> dict[str, str]:
    """Each player's money, goods and reasons as one short text ("" for nothing)."""
    texts = {}
    for award in allocate(ranked, lines, **kwargs):
        parts = [f"{award.money:.2f}"] if award.money else []
        parts += award.names
        parts += [f"({reason})" for reason in award.reasons]
        parts += ["shared"] if award.shared else []
        texts[award.key] = " ".join(parts)
    return texts


def test_places_alone_are_shared_by_ties_as_ever() -> None:
    ranked = [Contender("a", 1), Contender("b", 1), Contender("c", 3)]
    lines = [place(1, 50), place(2, 30), place(3, goods="Korb")]
    # a and b cover places 1 and 2: (50 + 30) / 2 = 40 each; c takes place 3's basket.
    assert outcome(ranked, lines) == {"a": "40.00 shared", "b": "40.00 shared", "c": "Korb"}


def test_the_best_lady_passes_down_to_the_next_lady_when_the_first_takes_a_higher_place() -> None:
    ranked = [
        Contender("a", 1, LADY),
        Contender("b", 2, MAN),
        Contender("c", 3, LADY),
        Contender("d", 4, LADY),
    ]
    lines = [place(1, 50), place(2, 30), lady(10)]
    # a: 50 (more than 10); the lady's prize passes to c, the next lady; d: nothing.
    assert outcome(ranked, lines) == {
        "a": "50.00",
        "b": "30.00",
        "c": "10.00 (Beste Dame)",
        "d": "",
    }


def test_a_lady_prize_higher_than_the_first_place_is_taken_and_the_places_pass_down() -> None:
    ranked = [Contender("a", 1, LADY), Contender("b", 2, MAN), Contender("c", 3, MAN)]
    lines = [place(1, 50), place(2, 30), lady(100)]
    # a takes the 100 € of the best lady; place 1's 50 € pass to b, place 2's 30 € to c.
    assert outcome(ranked, lines) == {"a": "100.00 (Beste Dame)", "b": "50.00", "c": "30.00"}


def test_with_several_allowed_a_player_takes_a_place_and_a_category() -> None:
    ranked = [Contender("a", 1, LADY), Contender("b", 2, MAN), Contender("c", 3, LADY)]
    lines = [place(1, 50), lady(10)]
    assert outcome(ranked, lines, several=True) == {
        "a": "60.00 (Beste Dame)",
        "b": "",
        "c": "",
    }


def test_a_player_taken_elsewhere_keeps_his_place_where_the_list_has_no_prize_for_it() -> None:
    ranked = [Contender(k, n, LADY if k == "b" else MAN) for n, k in enumerate("abcd", start=1)]
    lines = [place(1, 50), place(3, 20), lady(25)]
    # b (2nd, no prize for place 2) takes the lady's 25 €; place 3 stays with c, the 3rd.
    assert outcome(ranked, lines) == {
        "a": "50.00",
        "b": "25.00 (Beste Dame)",
        "c": "20.00",
        "d": "",
    }


def test_a_player_in_two_categories_takes_one_and_the_other_passes_down() -> None:
    both = frozenset({"lady", "senior", "member"})
    ranked = [
        Contender("e", 1, both),
        Contender("f", 2, LADY),
        Contender("g", 3, frozenset({"senior", "member"})),
    ]
    senior = Line(Kind.CATEGORY, 1, Decimal(10), "", "senior", "Bester Senior")
    # Equal money: the line typed first (the lady's) is e's; the senior's passes to g.
    assert outcome(ranked, [lady(10), senior]) == {
        "e": "10.00 (Beste Dame)",
        "f": "",
        "g": "10.00 (Bester Senior)",
    }
    # With several: e takes both; f and g nothing.
    assert outcome(ranked, [lady(10), senior], several=True) == {
        "e": "20.00 (Beste Dame) (Bester Senior)",
        "f": "",
        "g": "",
    }


def test_the_last_place_and_a_tie_at_the_end() -> None:
    ranked = [Contender("a", 1), Contender("b", 2), Contender("c", 3), Contender("d", 3)]
    # c and d share the last place: the consolation prize goes to both together.
    assert outcome(ranked, [place(1, 20), last("Trostpreis")]) == {
        "a": "20.00",
        "b": "",
        "c": "Trostpreis (Letzter) shared",
        "d": "Trostpreis (Letzter) shared",
    }


def test_the_last_place_passes_to_the_second_last_when_the_last_takes_a_lady_prize() -> None:
    ranked = [Contender("a", 1, MAN), Contender("b", 2, MAN), Contender("c", 3, LADY)]
    # c, the only lady and last, takes the lady's 10 € (more than the goods); b is the
    # last now without her.
    assert outcome(ranked, [lady(10), last("Kartenspiel")]) == {
        "a": "",
        "b": "Kartenspiel (Letzter)",
        "c": "10.00 (Beste Dame)",
    }


def test_the_highest_game_shared_by_two_and_never_to_a_player_who_declared_none() -> None:
    ranked = [
        Contender("a", 1, best_deal=120),
        Contender("b", 2, best_deal=200),
        Contender("c", 3, best_deal=200),
        Contender("d", 4, best_deal=None),
    ]
    lines = [place(1, 50), deal(20, "Sekt")]
    # a takes place 1; b and c share the highest game: 10 € each and the Sekt together.
    assert outcome(ranked, lines) == {
        "a": "50.00",
        "b": "10.00 Sekt (Höchstes Spiel) shared",
        "c": "10.00 Sekt (Höchstes Spiel) shared",
        "d": "",
    }


def test_the_second_lady_and_a_category_nobody_has() -> None:
    ranked = [Contender("a", 1, LADY), Contender("b", 2, MAN), Contender("c", 3, LADY)]
    second = Line(Kind.CATEGORY, 2, Decimal(5), "", "lady", "2. Beste Dame")
    youth = Line(Kind.CATEGORY, 1, Decimal(15), "", "youth", "Beste Jugend")
    awards = allocate(ranked, [lady(10), second, youth])
    assert [(a.key, a.money, a.reasons) for a in awards] == [
        ("a", Decimal(10), ("Beste Dame",)),
        ("b", Decimal(0), ()),
        ("c", Decimal(5), ("2. Beste Dame",)),
    ]  # nobody is a youth: its 15 € are not paid out


def test_three_tied_share_a_money_prize_rounded_down_to_the_cent() -> None:
    ranked = [Contender(k, 1, LADY) for k in "abc"]
    awards = allocate(ranked, [lady(10)])
    assert [a.money for a in awards] == [Decimal("3.33")] * 3


def test_the_categories_by_birth_year_the_ticks_and_the_clubs_own() -> None:
    assert "senior" in categories(year=2026, birth_year=1966)  # 60 this year
    assert "senior" not in categories(year=2026, birth_year=1967)
    assert "senior" in categories(year=2026, senior=True)
    assert "youth" in categories(year=2026, birth_year=2009)  # 17
    assert "youth" not in categories(year=2026, birth_year=2008)
    assert categories(year=2026, guest=True, own=" Kegel  Club ,") == {"guest", "own:kegel club"}


def senior(money: int) -> Line:
    return Line(Kind.CATEGORY, 1, Decimal(money), "", "senior", "Bester Senior")


def test_a_tied_player_takes_a_category_worth_more_than_his_share_of_the_places() -> None:
    """Issue 30, 8: four tied for first share places 1 and 2 (7,50 € each); the tied lady
    took her 7,50 € and "Beste Dame 15 €" went to the fifth, the tied senior's "Bester Senior
    12 €" to nobody. What each player gets is compared, not the lines: 15 € and 12 € are more
    than 7,50 €; the two left of the tie share places 1 and 2."""
    old = frozenset({"senior", "member"})
    ranked = [
        Contender("a", 1, LADY),
        Contender("b", 1, old),
        Contender("c", 1, MAN),
        Contender("d", 1, MAN),
        Contender("e", 5, LADY),
    ]
    lines = [place(1, 20), place(2, 10), lady(15), senior(12)]
    assert outcome(ranked, lines) == {
        "a": "15.00 (Beste Dame)",
        "b": "12.00 (Bester Senior)",
        "c": "15.00 shared",
        "d": "15.00 shared",
        "e": "",
    }


def test_a_category_worth_less_than_a_tied_share_passes_down() -> None:
    ranked = [Contender("a", 1, LADY), Contender("b", 1, MAN), Contender("c", 3, LADY)]
    lines = [place(1, 50), place(2, 30), lady(10)]
    # a's share of the places (40 €) is more than 10 €: the lady's prize goes to c.
    assert outcome(ranked, lines) == {
        "a": "40.00 shared",
        "b": "40.00 shared",
        "c": "10.00 (Beste Dame)",
    }
