from django.urls import path

from groups.consumers import SeasonConsumer

websocket_urlpatterns = [
    path("ws/groups/<str:key>/", SeasonConsumer.as_asgi()),
]
