from django.urls import path

from games.table import consumers

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", consumers.TableConsumer.as_asgi()),
    path("ws/pit/", consumers.PitConsumer.as_asgi()),
]
