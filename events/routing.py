from django.urls import path

from events.live.consumers import EventChangesConsumer, EventConsumer

websocket_urlpatterns = [
    path("ws/events/<str:key>/", EventConsumer.as_asgi()),
    path("ws/events/<str:key>/changes/", EventChangesConsumer.as_asgi()),
]
