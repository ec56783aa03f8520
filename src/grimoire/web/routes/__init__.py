"""The web app's routes, one ``APIRouter`` per job; ``app.create_app`` includes them all.

- ``lobby``: the catalogue, creating a table, the lists of games;
- ``seats``: joining, rejoining, leaving, bots for seats, pause and resume;
- ``play``: a seat's view, its actions and undo, hints, the drawing, the rules of the step;
- ``replay``: the game at any earlier step;
- ``sockets``: the live updates (WebSocket);
- ``pages``: the HTML pages and the games' own page assets.

What they share (the hub, the settings, the page's language, the seat of the caller) comes from
``deps``, through the app's state; the API's models are in ``models``.
"""
