"""WSGI entry point (the app is served by daphne over ASGI; this is for tools that want WSGI)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()
