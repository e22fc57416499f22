"""The WSGI application (served by gunicorn under `campagne serve`: `server/processes.py`)."""

from django.core.wsgi import get_wsgi_application

from . import setup
from .secret_key import refuse_another_key

setup()
refuse_another_key()
application = get_wsgi_application()
