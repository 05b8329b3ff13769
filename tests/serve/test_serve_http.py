"""``lazytron serve``'s requests on the real server (127.0.0.1, a free port): every refusal is a
status and one line, the bounds hold, stopping the server ends its games' bots."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator

import pytest
from serving import Server, gone, wait
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from lazytron.replay.webpage import BOARD, template
from lazytron.serve.choices import MAX_MAP_CHARS
from lazytron.serve.games import MAX_GAMES

pytestmark = pytest.mark.slow  # the real server, in a subprocess
CROSSROADS = {"name": "crossroads"}


def game(map_spec: dict | None = None, *players: dict) -> dict:
    return {
        "map": map_spec or CROSSROADS,
        "players": list(players) or [{"human": True}, {"bot": "depth2"}],
    }


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("serve-http"))
    yield running
    assert running.stop() == ""  # no traceback, no warning
    assert running.bots() == []


def socket_url(server: Server, path: str) -> str:
    return server.url.replace("http://", "ws://") + path.lstrip("/")


@pytest.mark.parametrize(
    ("request_body", "status", "error"),
    [
        (
            game(None, {"human": True}, {"bot": "nobody"}),
            400,
            "no bot 'nobody' on this server (its bots: depth2)",
        ),
        (
            game(None, {"human": True}, {"engine": "alphazero"}),
            400,
            "no engine 'alphazero': choose one of zenzike, chambers",
        ),
        (
            game(None, {"human": True}, {"engine": "chambers", "options": ["DEPTH=3"]}),
            400,
            "chambers: no option DEPTH (lazytron bot --engine chambers --list-options names them)",
        ),
        (
            game(None, {"human": True}, {"command": "rm -rf /"}),
            400,
            "a player must be {'human': true}, {'bot': NAME} or {'engine': NAME}",
        ),
        (
            game(None, {"human": True}, {"human": True}),
            400,
            "one human at most: the other seat is an engine or a bot",
        ),
        (game({"name": "../../etc/passwd"}), 400, "no shipped map '../../etc/passwd'"),
        (
            game({"text": "150 150\n" + ("1" + " " * 148 + "2\n") + (" " * 150 + "\n") * 149}),
            400,
            "the map is 150x150 cells: this server takes maps of at most 100x100",
        ),
        (
            game({"text": "3 1\n" + "#" * MAX_MAP_CHARS}),
            413,
            f"the map is {MAX_MAP_CHARS + 4} characters long: "
            f"a map of at most 100x100 cells takes at most {MAX_MAP_CHARS}",
        ),
        (game({"text": "3 2\n1 2\n###\n#"}), 400, "bad map: 3 rows, expected 2"),
        (game({"text": "3 2\n1 x\n2##\n"}), 400, "bad map: row 1: unknown character 'x'"),
        (
            game({"seed": 1, "width": 1000, "height": 10}),
            400,
            "a generated map takes a seed >= 0 and sides of 4 to 100",
        ),
        ({"map": CROSSROADS}, 400, "'players' must be a list"),
        ([1, 2], 400, "the request must be a JSON object"),
    ],
)
def test_a_bad_request_is_refused_with_its_status_and_one_line(server, request_body, status, error):
    assert server.request("/api/games", request_body) == (status, {"error": error})


def test_what_is_not_a_json_request_is_refused(server):
    assert server.request("/api/games", raw=b"{not json") == (
        400,
        {"error": "the request is not JSON"},
    )
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    assert server.request("/api/games", raw=b"a=1", headers=form) == (
        415,
        {"error": "send the request as application/json"},
    )
    assert server.request("/api/games", raw=b" " * 70000) == (
        413,
        {"error": "the request is over 65536 bytes"},
    )
    assert server.request("/api/games") == (405, {"error": "Method Not Allowed"})
    assert server.request("/no/such/page") == (404, {"error": "Not Found"})
    assert server.request("/replay/records/..%2F..%2Fetc%2Fpasswd")[0] == 404
    status, body = server.request("/replay/records/nothing.tron")
    assert (status, body) == (404, {"error": "no game 'nothing.tron' in this server's records"})


def test_other_sites_pages_are_refused(server):
    evil = {"Origin": "http://evil.example"}
    assert server.request("/api/games", game(), headers=evil) == (
        403,
        {"error": "requests from pages of other sites are refused"},
    )
    with pytest.raises(InvalidStatus):
        connect(socket_url(server, "/ws/tournament"), origin="http://evil.example").close()
    status, text = server.request("/", headers={"Host": "evil.example"})  # DNS rebinding
    assert status == 400


def test_the_page_draws_the_board_with_the_replay_pages_script(server):
    status, script = server.request("/static/board.js")
    assert status == 200 and "function boardCanvas(" in script and "const COLOURS" in script
    replay = template()  # the replay page as written, its drawing inlined
    assert script in replay and BOARD not in replay
    status, page = server.request("/")
    assert status == 200 and '<script src="/static/board.js"></script>' in page


def test_a_socket_for_no_game_says_so(server):
    with connect(socket_url(server, "/ws/games/0123")) as ws:
        assert json.loads(ws.recv()) == {
            "type": "error",
            "message": "no game of that id is waiting for its page",
        }
        with pytest.raises(ConnectionClosed):
            ws.recv()
        assert ws.close_code == 4404


def test_a_key_for_another_turn_is_ignored(server):
    status, made = server.request("/api/games", game())
    assert status == 201
    with connect(socket_url(server, made["socket"])) as ws:
        assert json.loads(ws.recv())["type"] == "start"
        assert json.loads(ws.recv()) == {"type": "your-move", "turn": 1, "seconds": 10.0}
        ws.send(json.dumps({"type": "key", "turn": 2, "move": "N"}))
        assert json.loads(ws.recv()) == {"type": "ignored", "turn": 2, "move": "N"}
        ws.send("hello")
        assert json.loads(ws.recv())["type"] == "error"
        ws.send(json.dumps({"type": "key", "turn": 1, "move": "S"}))
        turn = json.loads(ws.recv())
        assert (turn["type"], turn["turn"], turn["moves"][0]) == ("turn", 1, "S")


def test_no_more_than_four_games_at_once(server):
    made = [server.request("/api/games", game()) for _ in range(MAX_GAMES)]
    assert [status for status, _ in made] == [201] * MAX_GAMES
    assert server.request("/api/games", game()) == (
        429,
        {"error": "this server plays at most 4 games at once: try again when one has ended"},
    )


def test_stopping_the_server_ends_its_games_and_their_bots(tmp_path):
    server = Server(tmp_path)
    try:
        _, made = server.request("/api/games", game())
        with connect(socket_url(server, made["socket"])) as ws:
            assert json.loads(ws.recv())["type"] == "start"
            bots = wait(lambda: len(server.bots()) == 2 and server.bots(), what="the bots")
            server.proc.send_signal(signal.SIGINT)
            assert server.proc.wait(30) == 130
            assert gone(bots)
    finally:
        server.stop()
