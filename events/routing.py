from django.urls import path

from events.consumers import EventConsumer

websocket_urlpatterns = [
    path("ws/events/<str:key>/", EventConsumer.as_asgi()),
]
