"""The WSGI application (waitress under `campagne serve`; gunicorn or uwsgi behind a reverse proxy)."""

from django.core.wsgi import get_wsgi_application

from . import setup

setup()
application = get_wsgi_application()
