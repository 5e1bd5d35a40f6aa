"""Writes ``<rule set>.json`` (a night's file) and ``<rule set>.figures.json`` (its figures,
tests/scoring/night_figures_helpers.py) of a demo night of each scored rule set, by the code
before issue 27 (commit b4ec6e2, where a deal kept the declarer's score and each opponent's
gain): Großenaspe's night has a table of five. Run there, from the checkout's top:

    DJANGO_SETTINGS_MODULE=preisfipsen.settings python tests/scoring/nights_before_changes/make.py
"""

import json
import sys
from pathlib import Path

#: The players of each night: Prisdorf at a three and a four, Großenaspe at a four and a five.
NIGHTS = {"prisdorf": 7, "grossenaspe": 9, "ansegger": 8, "duttfips": 8}
HERE = Path(__file__).parent


def main() -> None:
    import django

    sys.path.insert(0, str(Path.cwd()))
    django.setup()
    from django.core.management import call_command

    from scoring.demo import demo_night_play
    from scoring.night_file.transfer import night_export_bytes
    from tests.scoring.night_figures_helpers import night_figures

    call_command("migrate", verbosity=0)
    for rule_set, players in NIGHTS.items():
        night = demo_night_play(players=players, seed=27, deals=8, rule_set=rule_set)
        (HERE / f"{rule_set}.json").write_bytes(night_export_bytes(tournament=night.tournament))
        figures = json.dumps(night_figures(night.tournament), ensure_ascii=False, indent=1)
        (HERE / f"{rule_set}.figures.json").write_text(figures + "\n")


if __name__ == "__main__":
    main()
