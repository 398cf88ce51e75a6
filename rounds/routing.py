from django.urls import path

from rounds.live.consumers import SessionConsumer

websocket_urlpatterns = [
    path("ws/sessions/<str:key>/", SessionConsumer.as_asgi()),
]
