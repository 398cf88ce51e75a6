from django.urls import path

from groups.live.consumers import SeasonConsumer

websocket_urlpatterns = [
    path("ws/groups/<str:key>/", SeasonConsumer.as_asgi()),
]
