"""The deal entry endpoint, fuzzed: random and malformed posts never cause a server error, and
nothing invalid is ever saved.

A hypothesis state machine plays a table: each step posts something to the captain page
(`/t/<token>/`) or its preview (`/t/<token>/preview/`) through Django's test client: a deal the
rules accept, a form with any of its fields missing, garbled, repeated, off by one or
rule-breaking, a raw body of any content type, an old form sent again; or a player leaves, or a
second player confirms. After every step the table's sheet is checked as a whole
(tests/scoring/sheet_checks.py): unbroken entries and deal numbers, every deal scores again
with fipsen_rules to what was saved, the dealers rotate, the totals are the sums. Each example
is a fresh table in its own savepoint, rolled back at the end.
"""

import html
import re
import uuid
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from fipsen_rules import PRISDORF, DealEntry, Game, GameKind, InvalidEntryError, Outcome, Result
from scoring import selectors, services
from scoring.models import Deal
from tests.scoring.helpers import playing_table
from tests.scoring.sheet_checks import assert_sheet_is_sound
from tournaments import services as tournament_services
from tournaments.draw.seats import seat_leave
from tournaments.draw.tables import seats_of
from tournaments.models import Seat
from tournaments.rule_choice import rules_of

pytestmark = pytest.mark.django_db

#: Few deals a table, so that examples reach "all deals played" too.
DEALS = 4
#: Per table kind: 12 tables of up to 12 steps; a few seconds. Without hypothesis's "explain"
#: phase, which traces every line and makes a failure take minutes to report.
FUZZ_SETTINGS = settings(
    max_examples=12,
    stateful_step_count=12,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow],
)

CONTRACT_OF_KIND = {GameKind.KIEKER: "kieker", GameKind.SIEBENER_FIPS: "siebener"}
KIND_OF_CONTRACT = {v: k for k, v in CONTRACT_OF_KIND.items()} | {"passed": GameKind.PASSED}

# What a field may hold

ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "None",
        "null",
        "true",
        "false",
        "on",
        "0",
        "-0",
        "1e3",
        "0x10",
        "3.0",
        "½",
        "٣",
        "１",
        "NaN",
        "inf",
        "-1",
        "\x00",
        "<script>",
        "3 Hand",
        "Ø" * 300,
    ]
)
GARBAGE = st.one_of(
    ODD_TEXT,
    st.text(max_size=12),
    st.integers(-(10**30), 10**30).map(str),
)
SEAT = st.one_of(st.integers(-1, 4).map(str), GARBAGE)
CONTRACT = st.one_of(
    st.sampled_from(["2", "3", "4", "5", "kieker", "siebener", "passed"]),
    st.sampled_from(["1", "6", "0", "Kieker", "kieker ", "Siebener Fips", "all passed"]),
    GARBAGE,
)
TICK = st.one_of(st.sampled_from(["on", "true", "TRUE", "false", "0", "1", ""]), GARBAGE)
RESULT = st.one_of(
    st.sampled_from([r.value for r in Result]), st.sampled_from(["Won", "+"]), GARBAGE
)
WRITTEN = st.one_of(
    st.integers(-100, 100).map(str),
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(["", " ", "+4", " -12 ", "4.0", "4.5"]),
    GARBAGE,
)
OFFSET = st.sampled_from([0, 0, 0, -1, 1, -2, 2])


def one_or_many(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A field's value, sometimes sent several times (the last one counts), sometimes a file."""
    return st.one_of(
        values,
        st.lists(values, min_size=2, max_size=3),
        st.builds(lambda text: SimpleUploadedFile("x.txt", text.encode()), st.text(max_size=5)),
    )


def ticked(value: object) -> bool:
    """How Django's CheckboxInput reads a checkbox: off when absent, empty or "false" (so "0"
    is on: a checkbox that is sent at all is ticked)."""
    if isinstance(value, list):
        value = value[-1]
    return isinstance(value, str) and value not in ("",) and value.lower() != "false"


def submission_variants(submission: uuid.UUID) -> st.SearchStrategy[str]:
    """Ways of writing the same UUID that Django's UUIDField reads as that UUID."""
    return st.sampled_from(
        [
            str(submission),
            submission.hex,
            str(submission).upper(),
            f"{{{submission}}}",
            f"urn:uuid:{submission}",
            f" {submission} ",
        ]
    )


class DealEntryFuzz(RuleBasedStateMachine):
    """One table, posted at by a careless, a malicious and an ordinary captain in turn."""

    def __init__(self, client: Client, players: int, min_bid: int, confirmation: bool) -> None:
        super().__init__()
        self._savepoint = transaction.atomic()
        self._savepoint.__enter__()
        self.table = playing_table(players=players, deals=DEALS, rule_options={"min_bid": min_bid})
        tournament_services.tournament_update(
            tournament=self.table.tournament, confirmation_required=confirmation
        )
        self.rules = rules_of(self.table.tournament)
        self.games = [*self.rules.games(), Game.passed()]
        self.client = client
        self.entry_url = reverse("scoring:table_entry", args=[self.table.token])
        self.preview_url = reverse("scoring:table_preview", args=[self.table.token])
        self.saved_posts: list[dict[str, Any]] = []
        self.submissions: list[uuid.UUID] = [uuid.uuid4()]

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self._savepoint.__exit__(None, None, None)

    # Helpers

    def upcoming(self) -> selectors.NextDeal:
        return selectors.next_deal(table=self.table)

    def deals(self) -> int:
        return Deal.objects.filter(table=self.table).count()

    def post(self, url: str, data: Any, **options: Any) -> HttpResponse:
        response: HttpResponse = self.client.post(url, data, **options)
        assert response.status_code < 500, response
        return response

    def must_refuse(self, upcoming: selectors.NextDeal) -> str | None:
        """Why a deal the rules accept is refused now, in the page's words; None: saved."""
        if upcoming.number is None:  # the page has no form left to show the reason on
            return "Alle Spiele sind gespielt."
        if self.table.tournament.confirmation_required and upcoming.waiting_for_confirmation:
            return "Das letzte Spiel muss erst ein zweiter Spieler bestätigen."
        return None

    # Steps

    @rule(data=st.data())
    def a_deal_the_rules_accept(self, data: st.DataObject) -> None:
        """An ordinary captain: saved when the table may go on, refused with a reason if not."""
        upcoming = self.upcoming()
        game = data.draw(st.sampled_from(self.games), label="game")
        passed = game.kind is GameKind.PASSED
        declarer = None if passed else data.draw(st.sampled_from(upcoming.seats), "declarer")
        written = data.draw(st.booleans(), label="write the value")
        fields = {
            "sequence": upcoming.sequence,
            "submission": uuid.uuid4(),
            "declarer": "" if declarer is None else declarer,
            "contract": CONTRACT_OF_KIND.get(game.kind, str(game.tricks))
            if not passed
            else "passed",
            "result": game.result.value if game.result else "",
            **{flag: "on" for flag in ("hand", "ruten", "durch") if getattr(game, flag)},
        }
        if written and not passed:
            fields["written_value"] = self.rules.score(game)
        before = self.deals()

        response = self.post(self.entry_url, fields)

        refused = self.must_refuse(upcoming)
        if refused is None:
            assert response.status_code == 302, response.content.decode()
            assert self.deals() == before + 1
            deal = Deal.objects.get(table=self.table, sequence=upcoming.sequence)
            assert Game.parse(deal.game) == game
            assert deal.declarer == declarer
            self.saved_posts.append(fields)
            self.submissions.append(fields["submission"])
        else:
            assert response.status_code == 200
            assert refused in " ".join(response.content.decode().split())
            assert self.deals() == before

    @rule(data=st.data(), offset=st.sampled_from([-3, -2, -1, 1, 2]))
    def a_deal_for_another_entry(self, data: st.DataObject, offset: int) -> None:
        """A form made for an earlier entry (another phone entered it) or a later one: never
        saved; an earlier one says what was entered."""
        upcoming = self.upcoming()
        sequence = upcoming.sequence + offset
        fields = {
            "sequence": sequence,
            "submission": uuid.uuid4(),
            "declarer": data.draw(st.sampled_from(upcoming.seats), label="declarer"),
            "contract": "4",
            "result": "lost",
        }
        before = self.deals()

        response = self.post(self.entry_url, fields, follow=True)

        assert self.deals() == before
        page = html.unescape(" ".join(response.content.decode().split()))
        if sequence < 1:  # a hidden field's error shows in the preview box
            assert response.redirect_chain == []
            if upcoming.number is None:  # no form on the page to show the reason on
                assert "Alle Spiele sind gespielt." in page
            else:
                assert 'class="preview preview-problem"' in page
            return
        # The table has moved on: the phone is told why and gets a form for the next deal (or
        # none left). Another phone entered this one: answered at once, so that its taps,
        # kept for the next deal, are not lost in a redirect.
        if offset < 0:
            assert response.redirect_chain == []
            entered = Deal.objects.get(table=self.table, sequence=sequence)
            words = services.deal_words(entered, seats_of(table=self.table))
            assert re.search(
                f"Dieses Spiel ist schon (genau so )?eingetragen: {re.escape(words)}\\.", page
            )
        else:
            assert [status for _url, status in response.redirect_chain] == [302]
            assert "Diese Eingabe war veraltet und wurde nicht gespeichert." in page
        refused = self.must_refuse(upcoming)
        if refused is None:  # a fresh form for the next deal
            assert f'name="sequence" value="{upcoming.sequence}"' in page
        else:  # no form, and why
            assert refused in page
            assert 'name="sequence"' not in page

    @rule(data=st.data(), preview=st.booleans())
    def a_form_with_anything_in_it(self, data: st.DataObject, preview: bool) -> None:
        """Each field missing, garbled, repeated or a file; sequence and submission near the
        right ones or not. A deal saved from it must be exactly what was posted."""
        upcoming = self.upcoming()
        sequence = st.one_of(OFFSET.map(lambda offset: upcoming.sequence + offset), GARBAGE)
        submission = st.one_of(
            st.uuids().flatmap(submission_variants),
            st.sampled_from(self.submissions).flatmap(submission_variants),
            GARBAGE,
        )
        fields = data.draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "sequence": one_or_many(sequence.map(str)),
                    "submission": one_or_many(submission),
                    "declarer": one_or_many(SEAT),
                    "contract": one_or_many(CONTRACT),
                    "hand": one_or_many(TICK),
                    "ruten": one_or_many(TICK),
                    "durch": one_or_many(TICK),
                    "result": one_or_many(RESULT),
                    "written_value": one_or_many(WRITTEN),
                    "csrfmiddlewaretoken": GARBAGE,
                    "unknown": GARBAGE,
                },
            ),
            label="fields",
        )
        before = list(Deal.objects.filter(table=self.table).values_list("pk", flat=True))

        response = self.post(self.preview_url if preview else self.entry_url, fields)

        assert response.status_code in ((200,) if preview else (200, 302))
        after = list(Deal.objects.filter(table=self.table).values_list("pk", flat=True))
        new = [pk for pk in after if pk not in before]
        if preview or response.status_code == 200:
            assert new == []
        for deal in Deal.objects.filter(pk__in=new):
            self.assert_saved_as_posted(deal, fields, upcoming)
            self.submissions.append(deal.submission)

    def assert_saved_as_posted(
        self, deal: Deal, fields: dict[str, Any], upcoming: selectors.NextDeal
    ) -> None:
        def last(name: str) -> Any:
            value = fields.get(name, "")
            return value[-1] if isinstance(value, list) else value

        assert deal.sequence == upcoming.sequence
        assert deal.submission == uuid.UUID(str(last("submission")).strip())
        game = Game.parse(deal.game)
        contract = last("contract")
        if contract in ("2", "3", "4", "5"):
            assert (game.kind, game.tricks) == (GameKind.NUMBER, int(contract))
        else:
            assert game.kind is KIND_OF_CONTRACT[contract]
        if contract == "passed":
            assert deal.declarer is None
        else:
            assert deal.declarer == int(last("declarer"))
        assert (game.hand, game.ruten) == (ticked(fields.get("hand")), ticked(fields.get("ruten")))
        assert game.durch == (ticked(fields.get("durch")) or game.tricks == 5)
        assert (game.result.value if game.result else "") == last("result")
        written = last("written_value")
        assert (deal.written_value is None) == (not isinstance(written, str) or not written.strip())

    @rule(data=st.data())
    def any_combination_of_the_tiles(self, data: st.DataObject) -> None:
        """What a captain can tap, in any combination, rule-breaking ones included: saved
        exactly when fipsen_rules accepts the game (asked here directly) and the table may go
        on, and then as posted; refused otherwise, with the reason on the page."""
        upcoming = self.upcoming()
        seats = len(seats_of(table=self.table))
        declarer = data.draw(st.one_of(st.none(), st.integers(0, seats)), label="declarer")
        contract = data.draw(
            st.sampled_from([tile.value for tile in PRISDORF.vocabulary.contracts]),
            label="contract",
        )
        flags = {flag: data.draw(st.booleans(), label=flag) for flag in ("hand", "ruten", "durch")}
        result = data.draw(st.sampled_from(["", *(r.value for r in Result)]), label="result")
        written = data.draw(
            st.one_of(
                st.none(), st.sampled_from(self.rules.possible_scores()), st.integers(-99, 99)
            ),
            label="written value",
        )
        fields = {
            "sequence": upcoming.sequence,
            "submission": uuid.uuid4(),
            "declarer": "" if declarer is None else declarer,
            "contract": contract,
            "result": result,
            "written_value": "" if written is None else written,
            **{flag: "on" for flag, on in flags.items() if on},
        }
        choices = self.form_offers(upcoming, declarer, contract)
        expected = (
            self.rules_verdict(upcoming, declarer, contract, flags, result, written)
            if choices
            else None
        )
        before = self.deals()

        response = self.post(self.entry_url, fields)

        # The form checks its choices, then deal_record whether the table may go on, then
        # the rules: the first refusal is the one shown (a full table shows no form at all).
        refused = self.must_refuse(upcoming) if choices or upcoming.number is None else None
        page = " ".join(response.content.decode().split())
        if not choices or refused is not None or expected is None:
            assert response.status_code == 200
            assert self.deals() == before
            if refused is not None:
                assert refused in page
            else:
                # The reason stands in words in the box above the save button.
                assert 'class="preview preview-problem" role="alert"' in page
            return
        assert response.status_code == 302, page
        deal = Deal.objects.get(table=self.table, sequence=upcoming.sequence)
        assert (deal.declarer, deal.game, deal.score, deal.written_value) == (
            None if expected.declarer is None else upcoming.seats[expected.declarer],
            str(expected.game),
            expected.declarer_score,
            written,
        )
        self.submissions.append(deal.submission)

    def form_offers(
        self, upcoming: selectors.NextDeal, declarer: int | None, contract: str
    ) -> bool:
        """The form offers only the playing seats, and the contracts from the minimum bid on."""
        if declarer is not None and declarer not in upcoming.seats:
            return False
        return not (contract.isdigit() and int(contract) < self.rules.min_bid)

    def rules_verdict(
        self,
        upcoming: selectors.NextDeal,
        declarer: int | None,
        contract: str,
        flags: dict[str, bool],
        result: str,
        written: int | None,
    ) -> Outcome | None:
        """What fipsen_rules makes of the tiles, or None if it refuses them."""
        kind = KIND_OF_CONTRACT.get(contract, GameKind.NUMBER)
        game = Game(
            kind,
            int(contract) if kind is GameKind.NUMBER else None,
            result=Result(result) if result else None,
            **flags,
        )
        entry = DealEntry(
            game,
            declarer=None if declarer is None else upcoming.seats.index(declarer),
            captain_value=written,
        )
        try:
            return self.rules.evaluate(entry, players=len(upcoming.seats))
        except InvalidEntryError:
            return None

    @rule(
        body=st.binary(max_size=200),
        content_type=st.sampled_from(
            [
                "application/x-www-form-urlencoded",
                "application/x-www-form-urlencoded; charset=latin-1",
                "multipart/form-data; boundary=xyz",
                "multipart/form-data",
                "application/json",
                "text/plain",
                "",
            ]
        ),
        preview=st.booleans(),
    )
    def a_raw_body(self, body: bytes, content_type: str, preview: bool) -> None:
        before = self.deals()

        url = self.preview_url if preview else self.entry_url
        response = self.client.generic("POST", url, body, content_type=content_type)

        assert response.status_code < 500

        assert self.deals() == before

    @precondition(lambda self: self.saved_posts)
    @rule(data=st.data())
    def an_old_form_again(self, data: st.DataObject) -> None:
        """A form sent again after a dropped connection: "saved", and saved only once.

        Unless its declarer has left the table since: the form then refuses him as a choice
        before the submission is looked at (and saves nothing either).
        """
        fields = data.draw(st.sampled_from(self.saved_posts), label="old form")
        before = self.deals()

        response = self.post(self.entry_url, fields)

        declarer = fields["declarer"]
        if declarer == "" or declarer in self.upcoming().seats:
            assert response.status_code == 302
        assert self.deals() == before

    @precondition(lambda self: len(self.upcoming().seats) == 4)
    @rule(seat=st.integers(0, 3))
    def a_player_leaves(self, seat: int) -> None:
        """The table of four plays on as a table of three from the next deal."""
        after = (self.upcoming().number or DEALS + 1) - 1
        seat_leave(seat=Seat.objects.get(table=self.table, position=seat), after_deal=after)

    @rule(seat=one_or_many(SEAT))
    def a_second_player_confirms(self, seat: Any) -> None:
        last = self.upcoming().last
        if last is None:
            return
        url = reverse("scoring:table_confirm", args=[self.table.token, last.pk])

        response = self.post(url, {"seat": seat})

        assert response.status_code == 302
        last.refresh_from_db()
        value = seat[-1] if isinstance(seat, list) else seat
        if last.confirmed_by is not None:
            assert 0 <= last.confirmed_by < len(seats_of(table=self.table))
            assert last.confirmed_by != last.declarer, "a second person, never the declarer"
        confirmer = value.strip() if isinstance(value, str) else None
        if confirmer in ("0", "1", "2") and int(confirmer) != last.declarer:
            # A player who left before this deal did not play it: he cannot confirm it.
            number = last.number or self.upcoming().number or 0
            playing = selectors.playing_seats(self.table, seats_of(table=self.table), number)
            if int(confirmer) in playing:
                assert last.confirmed_by is not None
            else:
                assert last.confirmed_by != int(confirmer)

    @rule()
    def the_page_shows_the_totals(self) -> None:
        response = self.client.get(self.entry_url)
        assert response.status_code == 200
        page = response.content.decode()
        totals_shown = re.findall(r'class="total-points"[^>]*>([\u2212-]?\d+)<', page)
        shown = [int(t.replace("\u2212", "-")) for t in totals_shown]  # a true minus on screen
        totals = [0] * len(shown)
        for deal in Deal.objects.filter(table=self.table, declarer__isnull=False):
            totals[deal.declarer] += deal.score  # type: ignore[index]
        assert shown == totals
        if self.upcoming().number is None:
            assert "Alle Spiele sind gespielt." in page

    @invariant()
    def the_sheet_is_sound(self) -> None:
        assert_sheet_is_sound(self.table)


@pytest.mark.parametrize(
    ("players", "min_bid", "confirmation"),
    [(4, 2, False), (3, 3, True)],
    ids=["4 players, min bid 2", "3 players, min bid 3, confirmation"],
)
def test_posts_to_the_entry_form(players: int, min_bid: int, confirmation: bool) -> None:
    client = Client()  # one for all examples: each new one sets up WhiteNoise again (0.3 s)
    run_state_machine_as_test(
        lambda: DealEntryFuzz(client, players, min_bid, confirmation), settings=FUZZ_SETTINGS
    )
