from django.urls import path

from rounds.consumers import SessionConsumer

websocket_urlpatterns = [
    path("ws/sessions/<str:key>/", SessionConsumer.as_asgi()),
]
