"""The club server's Django settings, built in code from the environment (no settings file to edit).

- `DATABASE_URL` (postgres://user:pass@host/db): a hosted club's PostgreSQL; unset, an SQLite file
  `club.sqlite3` in `CAMPAGNE_SERVER_DIR` (default: the current folder).
- `CAMPAGNE_SECRET_KEY`: Django's secret key (`campagne serve` keeps one in `club.secret` beside the database when
  it is not given, and the settings read it from there; several machines on one database are all given the same:
  `campagne serve` refuses to start with a key other than the one the database was started with). Without either,
  the settings refuse to load (ImproperlyConfigured), however the app is started (gunicorn, `django-admin`), except
  under the tests or `CAMPAGNE_DEBUG=1`, which get a fresh random key: a key made up at each start would end every
  session and reset link at each restart, and differ between the club's processes.
- `CAMPAGNE_ALLOWED_HOSTS` (comma-separated), `CAMPAGNE_DEBUG=1`, `CAMPAGNE_HTTPS=1` (secure cookies behind a
  TLS reverse proxy), `CAMPAGNE_SMTP_HOST` / `_PORT` / `_USER` / `_PASSWORD` / `CAMPAGNE_MAIL_FROM` (mail when
  configured; without them, nothing is mailed: links are handed over by the referee).
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from . import secret_key

HERE = Path(__file__).resolve().parent
DATA_DIR = Path(os.environ.get("CAMPAGNE_SERVER_DIR") or os.getcwd())

DEBUG = os.environ.get("CAMPAGNE_DEBUG") == "1"
TESTING = bool(os.environ.get("PYTEST_VERSION"))  # pytest sets it for its whole run (and its children inherit it)
SECRET_KEY = secret_key.configured(DATA_DIR) or ""
if not SECRET_KEY:
    if not (DEBUG or TESTING):
        raise ImproperlyConfigured(secret_key.MISSING)
    SECRET_KEY = secrets.token_urlsafe(50)
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("CAMPAGNE_ALLOWED_HOSTS", "").split(",") if h.strip()] or \
    ["localhost", "127.0.0.1", "[::1]", "testserver"]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CAMPAGNE_TRUSTED_ORIGINS", "").split(",") if o.strip()]

if os.environ.get("DATABASE_URL"):
    import dj_database_url
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60)}
else:
    DATABASES = {"default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(DATA_DIR / "club.sqlite3"),
        # Writers take the database's lock when their transaction begins: two orders never deadlock.
        # WAL: pages are read while an order is written.
        "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 30, "init_command": "PRAGMA journal_mode=WAL;"},
        # each of the server's threads keeps its connection (opening one, with its pragmas, cost a request more
        # than the campaign's own work)
        "CONN_MAX_AGE": 600,
    }}
    if os.environ.get("CAMPAGNE_TEST_DB"):  # a file, so that a live server's threads share it (load tests)
        DATABASES["default"]["TEST"] = {"NAME": os.environ["CAMPAGNE_TEST_DB"]}

# Sessions live in the database only: every process and every machine of the club reads the same row at every
# request, so a log-out or a revoked session ends everywhere at once (a per-machine cache kept them alive elsewhere
# for 14 days); read by one hand-written query, decoded only when the row changed (`sessions.py`).
SESSION_ENGINE = "campagne.server.sessions"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "campagne.server.apps.ClubConfig",
]
MIDDLEWARE = [
    "campagne.server.ahead.Requests",  # the requests under way, which pages drawn ahead wait for (server/ahead.py)
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # the admin's and the club's static files, from the apps
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]
# Repeated wrong passwords lock the sign-in (django-axes, its attempts kept in the database: every machine of the
# club counts them): after AXES_FAILURE_LIMIT wrong passwords for one account from one address, that account is
# refused from that address for AXES_COOLOFF_TIME, even with the right password; a right password before then
# starts the count again. The address is the connection's own (a header a client may write is never believed).
AUTHENTICATION_BACKENDS = ["campagne.server.accounts.SignInLockout", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "campagne.server.accounts.client_address"
AXES_LOCKOUT_CALLABLE = "campagne.server.accounts.locked_out"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_DISABLE_ACCESS_LOG = True  # the failures are counted; successful sign-ins are not recorded
ROOT_URLCONF = "campagne.server.urls"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": [],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.template.context_processors.i18n",
        "django.contrib.auth.context_processors.auth",
        "django.contrib.messages.context_processors.messages",
    ]},
}]
WSGI_APPLICATION = "campagne.server.wsgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [HERE / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATIC_ROOT = os.environ.get("CAMPAGNE_STATIC_ROOT") or None
WHITENOISE_USE_FINDERS = STATIC_ROOT is None  # served from the installed apps without a `collectstatic`
LOGIN_URL = "club:login"
LOGIN_REDIRECT_URL = "club:home"
LOGOUT_REDIRECT_URL = "club:login"
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = os.environ.get("CAMPAGNE_HTTPS") == "1"
if SESSION_COOKIE_SECURE:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

if os.environ.get("CAMPAGNE_SMTP_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["CAMPAGNE_SMTP_HOST"]
    EMAIL_PORT = int(os.environ.get("CAMPAGNE_SMTP_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("CAMPAGNE_SMTP_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("CAMPAGNE_SMTP_PASSWORD", "")
    EMAIL_USE_TLS = EMAIL_PORT != 25
    DEFAULT_FROM_EMAIL = os.environ.get("CAMPAGNE_MAIL_FROM", "campagne@localhost")
else:
    EMAIL_BACKEND = "django.core.mail.backends.dummy.EmailBackend"
MAIL_CONFIGURED = bool(os.environ.get("CAMPAGNE_SMTP_HOST"))

LOGGING = {"version": 1, "disable_existing_loggers": False,
           "filters": {"one_line_4xx": {"()": "campagne.server.logs.OneLineClientErrors"}},
           "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["one_line_4xx"]}},
           # on the logger too, so that every handler the record reaches sees one line
           "loggers": {"django": {"handlers": ["console"], "level": os.environ.get("CAMPAGNE_LOG_LEVEL", "WARNING")},
                       "django.request": {"filters": ["one_line_4xx"]}}}

