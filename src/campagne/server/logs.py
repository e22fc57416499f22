"""The club's log: a refused request (403, 404, 400...) is one line, the path and the status; only a server's own
error (5xx) keeps its traceback. Django logs a 403 with the exception that made it, whose traceback said nothing
but filled the log."""

from __future__ import annotations

import logging


class OneLineClientErrors(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if record.name.startswith("django.security") or (isinstance(status, int) and status < 500):
            record.exc_info = None  # the same record reaches every handler: none prints the traceback
            record.exc_text = None
            record.stack_info = None
        return True
