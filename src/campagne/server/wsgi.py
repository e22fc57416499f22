"""The WSGI application (served by gunicorn under `campagne serve`: `server/processes.py`)."""

from django.core.wsgi import get_wsgi_application

from . import setup

setup()
application = get_wsgi_application()
