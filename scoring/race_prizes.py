"""The prizes of a race (SPEC C4): its players ranked as the race ranks them (games won, then
money: :func:`races.selectors.ranked_players`), the tournament's prize list shared among tied
players as on any night (:func:`scoring.ranking.award`). The race's standings ask for them
through :mod:`races.prizes`; the prize page shows who gets what."""

from collections.abc import Sequence
from dataclasses import replace

from races.selectors import RacePlayer, race_players
from scoring import ranking
from scoring.models import Prize
from scoring.tables import award_text
from tournaments.models import Tournament


def race_prize_texts(tournament: Tournament, players: Sequence[RacePlayer]) -> list[str]:
    """Each of the ranked ``players``' prize as the standings write it (one query)."""
    ranked = [
        ranking.Ranked(player.place, ranking.Figures(index, player.games_won), player.shared)
        for index, player in enumerate(players)
    ]
    prizes = [
        ranking.Prize(prize.place, prize.money, prize.name)
        for prize in Prize.objects.filter(tournament=tournament).order_by()
    ]
    awards = {award.key: award for award in ranking.award(ranked, prizes)}
    return [
        award_text(awards[index].money, awards[index].names, shared=awards[index].shared)
        for index in range(len(players))
    ]


def race_awards(*, tournament: Tournament) -> list[RacePlayer]:
    """The race's players in the order of its standings, each with his prize (four queries)."""
    players = race_players(tournament=tournament)
    texts = race_prize_texts(tournament, players)
    return [replace(player, prize=text) for player, text in zip(players, texts, strict=True)]
