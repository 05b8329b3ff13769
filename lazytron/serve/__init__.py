"""``lazytron serve``: a local web app to play the engines with the keys, watch bots play, follow a
tournament and replay stored games (Starlette and uvicorn, with websockets).

- ``app.py``       the routes: the page, its requests, the replay pages
- ``sockets.py``   the websockets: a game's page, a page following a tournament
- ``choices.py``   what a page may ask for, checked into a game's setup (maps, players, clocks)
- ``games.py``     the games in progress, a bounded number
- ``live.py``      one game in progress: the referee in a thread, its turns queued for the page
- ``messages.py``  what the page is told, as JSON
- ``human.py``     the human's seat: keys (or a fallback) into a relay process
- ``relay.py``     that relay, run by the referee as the human's bot program
- ``thinking.py``  a bot's depth and score, read from its ``-v`` log
- ``library.py``   the stored games: records and the results database, as replay pages
- ``follow.py``    a tournament followed through its results database
- ``safety.py``    origins, the loopback, the warning when others can reach the server
- ``server.py``    uvicorn on a socket bound here
- ``static/``      the page: HTML, script, style

Nothing here is imported but by the command line (``lazytron.cli.serve``);
the package itself imports nothing, so that the relay starts quickly.
"""
