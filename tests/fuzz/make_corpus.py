#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from real messages in the repository.

  fuzz_request:       every JSON example of protocol/README.md, every action of the
                      scenario files (tests/scenarios/GAME/*.json) as an "action" request,
                      and one request of each type.
  fuzz_card_notation: the hands and options of the `parlor hand` tests and README, and
                      `parlor play`'s move words.
  fuzz_http_target:   the history API's targets from the tests (first byte: the prefix
                      index of fuzz_http_target.cpp; 7 = none).
  fuzz_engine:        per game, matches played by bots, by legal moves and by a mix
                      with damaged moves (the byte layout of fuzz_engine.cpp).
fuzz_journal_replay's records come from build-fuzz/bin/fuzz_corpus_maker (genuine matches
played by the bots), run by scripts/fuzz.sh --make-corpus. Usage: make_corpus.py [ROOT].
Files are named by content hash, so rerunning only adds what is new.
"""
import glob
import hashlib
import json
import os
import random
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")


def write(target, data):
    if isinstance(data, str):
        data = data.encode()
    directory = os.path.join(CORPUS, target)
    os.makedirs(directory, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(directory, name), "wb") as out:
        out.write(data)


def json_values(text):
    """Every JSON value that starts a line inside ```json blocks."""
    decoder = json.JSONDecoder()
    values = []
    for block in text.split("```json")[1:]:
        block = block.split("```")[0]
        i = 0
        while i < len(block):
            if block[i] in "{[":
                try:
                    value, end = decoder.raw_decode(block, i)
                    values.append(value)
                    i = end
                    continue
                except ValueError:
                    pass
            i += 1
    return values


def request_corpus():
    with open(os.path.join(ROOT, "protocol", "README.md")) as f:
        for value in json_values(f.read()):
            write("request", json.dumps(value, separators=(",", ":")))
            write("request", json.dumps(value))  # with blanks
    seq = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "scenarios", "*", "*.json"))):
        with open(path) as f:
            try:
                scenario = json.load(f)
            except ValueError:
                continue
        for step in scenario.get("actions", [])[:12]:
            seq += 1
            write("request", json.dumps({"type": "action", "id": seq, "room": "R5",
                                         "action": step.get("action")}, separators=(",", ":")))
    for message in [
        '{"type":"hello","id":1,"version":1,"name":"Ana","token":"t0k3n"}',
        '{"type":"ping"}', '{"type":"games","id":"g"}', '{"type":"list_rooms","game":null}',
        '{"type":"create_room","id":4,"game":"poker","seats":3,"options":{"deck":32,"jokers":1},'
        '"visibility":"private","turn_seconds":0,"bot_delay_ms":10,"sit":false}',
        '{"type":"create_room","id":5,"game":"perico","seats":4,"rated":false}',
        '{"type":"create_room","id":6,"game":"pedro","seats":4,"rated":"yes"}',
        '{"type":"join_room","room":"R1","seat":0}', '{"type":"spectate","code":"K7QM2X"}',
        '{"type":"leave_room","room":"R1"}', '{"type":"add_bot","room":"R1","seat":2,"level":"random"}',
        '{"type":"remove_bot","room":"R1","seat":2}', '{"type":"start","room":"R1"}',
        '{"type":"get_state","room":"R1"}',
        '{"type":"action","id":9,"room":"R1","ack":"update","action":{"type":"lower","melds":[["7C","7D","7H"],["KC","KD","JK"]]}}',
        '{"type":"hello","version":1,"name":"caf\\u00e9 \\ud83c\\udca1"}',
        '{"type":"hello","version":1,"name":"café"}',
        '{"type":"action","room":"R1","action":{"type":"raise","amount":-0.5e3}}',
        # the move reader's (protocol/move_reader.hpp): the load generator's and its edges
        '{"type":"action","room":"R12","ack":"update","after":41,"match":3,"id":907,'
        '"action":{"type":"take","cards":["7C","2C"]}}',
        '{"type":"action","id":null,"room":"R1","ack":null,"after":null,"match":-0,"action":{}}',
        '{"type":"action","room":"R1","room":"R2","action":{"a":1,"a":{"b":2}}}',
        '{"type":"ping","id":18446744073709551615}', '{"type":"ping","id":-9223372036854775808}',
        # accounts and operators (protocol/README.md, "Accounts and access", "Operators")
        '{"type":"hello","version":1,"name":"Fer","invite":"Q4TN-8ZRC-2XWD"}',
        '{"type":"signup","id":30,"handle":"\u00d1and\u00fa","password":"correct horse","invite":"x","token":"t"}',
        '{"type":"login","id":31,"handle":"ana","password":"pw","device":"Firefox"}',
        '{"type":"logout"}', '{"type":"sessions"}', '{"type":"end_session","session":"3f9a1c7b20de"}',
        '{"type":"change_password","password":"a","new_password":"b"}',
        '{"type":"op_overview"}', '{"type":"op_accounts","filter":"an","pending":true}',
        '{"type":"op_close_room","room":"R1","reason":"tidy"}',
        '{"type":"op_sanction","player":"p3","kind":"suspend","hours":24,"reason":"spam"}',
        '{"type":"op_lift","player":"p3"}', '{"type":"op_announce","text":""}',
        '{"type":"op_audit","before":17}', '{"type":"op_approve","player":"p3","approved":false}',
        '{"type":"op_set_role","player":"p3","role":"moderator"}', '{"type":"op_invites"}',
        '{"type":"op_make_invite","max_uses":5,"hours":168,"note":"club"}',
        '{"type":"op_revoke_invite","invite":"a1b2c3d4"}',
        '[1,2,{"a":[true,false,null]}]', '"\\"\\\\\\/\\b\\f\\n\\r\\t"', ' {"type" : "ping" } ',
    ]:
        write("request", message)


def card_corpus():
    hands = [
        "poker\n--option\ndeck=32\nAH JH 9H 8H 7H\nKS KH KD 8C 8D",
        "perico5\nAS KS QS JS TS\nJK JK 2C 3C 4C",
        "perico6\nAS AD AH AC JK JK\n2C 3D 4H 5S 6C 7D",
        "poker\n--option=jokers=2\n--option=figures=below_trio\nJK JK AS KD 2C\n10S 10D 10H 4C 4D",
        "poker\n--option\ndeck=auto\n--option\nplayers=5\n6S 7S 8S 9S TS\nAS 6D 7D 8D 9D",
        "poker\n--option\ndeck=rule_of_11\n--option\nplayers=4\n--option\nace_straight_over_flush=true\nAH 7C 8D 9S TH",
        "--help",
    ]
    moves = ["draw", "draw stock", "knock", "bid 9", "raise 2", "play AH", "discard 9C 4D",
             "take 2 7C 2C", "lower 7C 7D 7H / KC KD JK", "lay_off seat=2 meld=1 card=8S end=high",
             "trump hearts", "{\"type\":\"play\",\"card\":\"AH\"}", "play CB", "play T21",
             "play FOOL", "discard 10h", "play ks"]
    for text in hands + moves:
        write("card_notation", text)


def http_corpus():
    targets = [(0, "player=ann"), (0, "game=loc&limit=2&before=abc"), (0, "limit=abc"),
               (0, "before=not-a-cursor"), (0, "player=bo+b&game=perico&limit=100"),
               (1, "m1"), (1, "m3"), (1, "m000000000000"), (1, "%6d1"), (2, "game=perico"),
               (2, "game="), (3, "ana"), (3, "bo%20b"), (3, "caf%C3%A9"), (3, "Nobody"),
               (4, ""), (5, ""), (6, "2"), (7, "/api/matches?player=ann&game=%zz"),
               (7, "/api/players/%"), (7, "/healthz")]
    for prefix, rest in targets:
        write("http_target", bytes([prefix]) + rest.encode())


def engine_corpus():
    rng = random.Random(20)
    for game in range(5):
        for seats in (0, 1, 2):
            header = bytes([game, seats]) + rng.randbytes(8) + bytes(14)
            bots = b"".join(bytes([0, 15, rng.randrange(2), rng.randrange(256)]) for _ in range(600))
            legal = b"".join(bytes([rng.randrange(256), rng.randrange(9), rng.randrange(256)])
                             for _ in range(600))
            mixed = rng.randbytes(1500)
            for body in (bots, legal, mixed):
                write("engine", header + body)


if __name__ == "__main__":
    request_corpus()
    card_corpus()
    http_corpus()
    engine_corpus()
