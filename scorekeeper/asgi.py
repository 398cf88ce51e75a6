"""ASGI entry point: HTTP to Django (a body past REQUEST_BODY_MAX_BYTES refused unread), WebSockets
to the session, season and event consumers (origin-checked, in the page's language, at most
SOCKETS_PER_ADDRESS from one address)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402  (needs Django set up)
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from events.routing import websocket_urlpatterns as event_sockets  # noqa: E402
from groups.routing import websocket_urlpatterns as group_sockets  # noqa: E402
from rounds.routing import websocket_urlpatterns  # noqa: E402
from scorekeeper.body_limit import BodyLimit  # noqa: E402
from scorekeeper.languages import SocketLanguage  # noqa: E402
from scorekeeper.socket_limits import SocketsPerAddress  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": BodyLimit(django_application),
        "websocket": AllowedHostsOriginValidator(
            SocketLanguage(
                SocketsPerAddress(URLRouter(websocket_urlpatterns + group_sockets + event_sockets))
            )
        ),
    }
)
