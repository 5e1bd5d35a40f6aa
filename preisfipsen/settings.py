"""Django settings for Preisfipsen.

Everything that differs between a laptop at the club and a server comes from the environment,
with defaults that are safe and need nothing installed (see README.md, "Settings"):

DATABASE_URL           unset: SQLite in var/; e.g. postgres://postgres@127.0.0.1:5432/preisfipsen
CELERY_BROKER_URL      unset: kombu's filesystem transport in var/celery/; e.g. redis://127.0.0.1:6379/0
CELERY_RESULT_BACKEND  unset: a file backend in var/celery/results, or the broker when it is Redis
CACHE_URL              unset: a file cache in var/cache/, shared by every process; e.g.
                       redis://127.0.0.1:6379/1
DJANGO_DEBUG           1 turns debugging on; anything else leaves it off
DJANGO_SECRET_KEY      unset: generated once into ~/.local/share/preisfipsen/secret_key (mode 600)
DJANGO_ALLOWED_HOSTS   comma-separated; default localhost,127.0.0.1,[::1]
PREISFIPSEN_VAR_DIR    where the app writes (SQLite file, job queue, job results); default var/
PREISFIPSEN_PUBLIC_URL where phones reach the app, for the table cards' QR codes; e.g.
                       http://192.168.1.20:8000; unset: the address the organiser's browser used
PREISFIPSEN_HTTPS      unset or 0: plain HTTP; 1: `make run` serves HTTPS with the laptop's own
                       certificate (var/tls/); proxy: a reverse proxy in front serves HTTPS.
                       Either way: secure cookies, HTTPS redirect, HSTS
PREISFIPSEN_HSTS_SECONDS  with HTTPS on: HSTS max-age; default 3600, 0 sends none
"""

import os
from datetime import timedelta
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from preisfipsen import config

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = config.var_dir(os.environ, BASE_DIR)

DEBUG = config.env_flag(os.environ, "DJANGO_DEBUG")
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or config.load_or_create_secret_key(
    config.secret_key_file(os.environ)
)
ALLOWED_HOSTS = config.env_list(os.environ, "DJANGO_ALLOWED_HOSTS", config.DEFAULT_ALLOWED_HOSTS)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "axes",
    "printing",
    "tournaments",
    "scoring",
    # The games, a package each (games/), in the order the new-tournament form offers them.
    "games.prisdorf",
    "games.thedinghausen",
    "games.grossenaspe",
    "games.mecklenburg",
    "games.tippen",
    "games.preisskat",
    "seasons",
    "evenings",
]

MIDDLEWARE = [
    # Outermost: every answer gets the header, the static files' and the error pages' too.
    "preisfipsen.middleware.ContentSecurityPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The pages, compressed (WhiteNoise serves the static files compressed already). Django's
    # GZip mitigates BREACH itself (random padding), and CSRF tokens are masked per response.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "preisfipsen.middleware.UnreadableFormMiddleware",
    "preisfipsen.middleware.NoStoreOnLiveLinksMiddleware",
    # A save that could not get the database's lock in time: 503, which the phone sends again.
    "preisfipsen.middleware.DatabaseBusyMiddleware",
    "tournaments.middleware.PasswordChangeRequiredMiddleware",
    "tournaments.middleware.ReceiptHeaderMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a refused login into its lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "preisfipsen.urls"
WSGI_APPLICATION = "preisfipsen.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": config.database_config(os.environ.get("DATABASE_URL"), VAR_DIR)}
# One cache for every process of the server: the board is computed there once for all of them.
CACHES = config.cache_config(os.environ.get("CACHE_URL"), VAR_DIR)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# A form sent with a stale token: plain words and a link back, not Django's English page.
CSRF_FAILURE_VIEW = "preisfipsen.error_views.csrf_failure"

# HTTPS (PREISFIPSEN_HTTPS): the password, the session and the CSRF cookie never cross the
# club's Wi-Fi in the clear. Off by default: `make run` serves phones plain HTTP unless asked.
HTTPS = config.https_mode(os.environ)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = HTTPS != "off"
SECURE_HSTS_SECONDS = config.hsts_seconds(os.environ) if HTTPS != "off" else 0
# The laptop's host name has no subdomains that would need plain HTTP.
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
# Not for the browsers' preload list (a year's HSTS at least, for a public domain): the
# laptop's names are neither, and the deploy check's reminder of it says nothing here.
SILENCED_SYSTEM_CHECKS = ["security.W021"]
# Only behind a proxy, which sets the header itself: otherwise a client could claim HTTPS.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS == "proxy" else None
# The organiser's login lasts the night at most (a phone's browser is rarely closed), and
# ends with the browser: a laptop left open at the club is not logged in for two weeks.
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_AGE = config.SESSION_HOURS * 60 * 60

# django-axes counts wrong passwords on the login page and the admin's, per address and per account
# at that address; after AXES_FAILURE_LIMIT in a row that address (or account there) waits
# AXES_COOLOFF_TIME. Not per account alone: a player typing wrong passwords on his phone would
# then lock the organiser out on his laptop in the middle of the night. `manage.py axes_reset`
# lifts every lock at once.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["ip_address", ["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "tournaments/locked_out.html"
# Behind the reverse proxy (PREISFIPSEN_HTTPS=proxy) the phone's address, not the proxy's: else
# five wrong passwords from one phone would lock everyone out.
AXES_CLIENT_IP_CALLABLE = "preisfipsen.client_address.client_address"
AXES_VERBOSE = False  # its start-up banner would stand in every command's output
LOGIN_URL = "tournaments:login"
LOGIN_REDIRECT_URL = "tournaments:home"
LOGOUT_REDIRECT_URL = "tournaments:home"

# German first, English second. LocaleMiddleware picks the language from the switch in the page
# (a cookie set by Django's set_language), else from the browser, else German.
LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Berlin"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# WhiteNoise serves the collected files (DEBUG is off by default), compressed and with hashed
# names so that phones may cache them for good.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Files served at the site's root, where browsers look for them unasked: /favicon.ico and
# /apple-touch-icon.png (short cache: their names carry no hash).
WHITENOISE_ROOT = BASE_DIR / "public"

# A JSON backup keeps every time to the microsecond (Django's own JSON cuts it to the millisecond).
SERIALIZATION_MODULES = {"exact_json": "sitewide.exact_json"}

# Files the background jobs make (PDFs): never served as media, only through the organiser's
# download view, and removed after a day.
MEDIA_ROOT = VAR_DIR / "media"
# Django's storage sets a saved file's mode itself (644 by default), whatever the umask: the PDFs
# hold the players' names and the tables' links, so they are the laptop's user's alone.
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700

# The table cards' links: `<PUBLIC_URL>/t/<token>/`. PUBLIC_URL is where phones reach the app;
# unset, the address the organiser's request came in on. The path is this pattern, which
# the route scoring:table_entry matches (tests/project/test_layering.py checks it).
PUBLIC_URL = config.public_url(os.environ)
TABLE_ENTRY_PATH = "t/{token}/"

# Without this, errors are only mailed to ADMINS when DEBUG is off, that is: lost.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": "INFO"},
    # WeasyPrint tells every step of every PDF at INFO (and fontTools every font it unpacks).
    "loggers": {name: {"level": "WARNING"} for name in ("weasyprint", "fontTools")},
}

# Celery (read by preisfipsen/celery.py, namespace CELERY_). Tasks are sent with
# `task.delay_on_commit(...)` so that the worker sees the rows the transaction wrote.
_celery = config.celery_config(
    broker_url=os.environ.get("CELERY_BROKER_URL"),
    result_backend=os.environ.get("CELERY_RESULT_BACKEND"),
    var_dir=VAR_DIR,
)
CELERY_BROKER_URL = _celery.pop("broker_url")
CELERY_BROKER_TRANSPORT_OPTIONS = _celery.pop("broker_transport_options")
CELERY_RESULT_BACKEND = _celery.pop("result_backend")
# The rest (with a Redis broker: its short timeouts), by Celery's names.
globals().update({f"CELERY_{name.upper()}": value for name, value in _celery.items()})
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_TRACK_STARTED = True
# A worker takes one job at a time: with acks_late (printing/tasks.py) a job it holds but
# has not started goes back to the queue, not down with it.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
