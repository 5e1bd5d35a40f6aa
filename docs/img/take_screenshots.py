"""Take the screenshots in docs/img/ again: a demo night, served by runserver, photographed by
headless Chromium (the browser tests' flags).

Run from the repository's root: ``.venv/bin/python docs/img/take_screenshots.py [FOLDER]``
(default: docs/img/). A throwaway SQLite database in a temporary folder, a free port of
127.0.0.1; nothing of var/ is touched. Look at every picture before committing it, and keep each
under about 150 KB.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
PASSWORD = "Schnapszahl-2026"  # noqa: S105 (a throwaway database's organiser)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main(folder: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    var_dir = tempfile.mkdtemp(prefix="pf-screenshots-")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "CELERY_"))},
        "PREISFIPSEN_VAR_DIR": var_dir,
        "PREISFIPSEN_PUBLIC_URL": base,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "ORGANISER_PASSWORD": PASSWORD,
        "HOST": "127.0.0.1",
        "PORT": str(port),
    }

    def manage(*args: str) -> str:
        command = [PYTHON, "manage.py", *args]
        return subprocess.run(  # noqa: S603 (our own manage.py)
            command, cwd=ROOT, env=env, check=True, capture_output=True, text=True
        ).stdout

    manage("migrate", "--noinput")
    manage("ensure_organiser")
    manage("demo_night", "--players", "13", "--seed", "7", "--deals", "60")

    os.environ.update(env, DJANGO_SETTINGS_MODULE="preisfipsen.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
    from tournaments.models import Table, Tournament

    tournament = Tournament.objects.latest("pk")
    table = Table.objects.filter(tournament=tournament).earliest("number")
    # Table 1 gets 100 deals instead of 60, so that its phone shows the form for the next deal.
    Table.objects.filter(pk=table.pk).update(deals=100)

    # runserver without --insecure: WhiteNoise serves the collected (hashed) static files.
    server = subprocess.Popen(  # noqa: S603 (our own manage.py)
        [PYTHON, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/login/")  # noqa: S310 (our own local server)
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            common = {"locale": "de-DE", "base_url": base, "timezone_id": "Europe/Berlin"}
            laptop = browser.new_context(viewport={"width": 1440, "height": 900}, **common)
            page = laptop.new_page()
            page.goto("/login/")
            page.get_by_label("Benutzername").fill("organisator")
            page.get_by_label("Passwort").fill(PASSWORD)
            with page.expect_navigation():
                page.get_by_role("button", name="Anmelden").click()
            pk = tournament.pk
            pages = {
                "home": f"/tournaments/{pk}/home/",
                "dashboard": f"/tournaments/{pk}/dashboard/",
                "standings": f"/tournaments/{pk}/standings/",
                "board": f"/board/{tournament.board_token}/",
            }
            for name, url in pages.items():
                page.goto(url)
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(folder / f"{name}.png"))
            phone = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, **common
            )
            captain = phone.new_page()
            captain.goto(f"/t/{table.token}/")
            captain.wait_for_load_state("networkidle")
            captain.screenshot(path=str(folder / "captain.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent)
