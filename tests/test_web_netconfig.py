"""web/netconfig.py in CPython: connection settings are bounded, bad values are refused with a sentence for
the person, stored values that cannot be used read as the defaults, and room links round-trip and refuse
damage."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import netconfig  # noqa: E402
from netconfig import DEFAULT_RELAYS, DEFAULT_STUN, RoomInvite, SettingsError, decode_room, from_form, parse  # noqa: E402


def test_defaults_in_one_place():
    s = parse(None)
    assert s.mode == "internet" and s.stun == list(DEFAULT_STUN) and s.relays == list(DEFAULT_RELAYS)
    assert s.ice_servers() == [{"urls": u} for u in DEFAULT_STUN]
    assert s.ice_policy() == "all" and s.rendezvous() == list(DEFAULT_RELAYS)


def test_same_network_only_uses_no_third_party():
    s = from_form("local", "stun:stun.example.org:3478", "wss://t.example.org", "turn:t.example.org", "u", "p")
    assert s.ice_servers() == [] and s.rendezvous() == [] and s.ice_policy() == "all"


def test_relay_mode_uses_the_turn_server_only():
    s = from_form("relay", "stun:stun.example.org", "", "turn:turn.example.org:3478?transport=tcp", "ann", "secret")
    assert s.ice_servers() == [{"urls": "turn:turn.example.org:3478?transport=tcp", "username": "ann",
                                "credential": "secret"}]
    assert s.ice_policy() == "relay"
    assert from_form("relay", "", "").ice_servers() == []  # no route at all: the page says so


def test_form_round_trips_through_storage():
    s = from_form("internet", "stun:a.example.org:19302\n stun:b.example.org  stun:a.example.org:19302",
                  "ws://127.0.0.1:8000\nwss://t.example.org/announce", "turns:[2001:db8::1]:5349", "u", "p w")
    assert s.stun == ["stun:a.example.org:19302", "stun:b.example.org"]  # duplicates dropped
    assert parse(s.to_json()) == s
    assert from_form("internet", "", "").stun == []  # an empty list is a choice, not the default


@pytest.mark.parametrize(("field", "value", "words"), [
    ("stun", "http://stun.example.org", "is not an address like stun:"),
    ("stun", "stun:a.example.org:70000", "port 70000 is out of range"),
    ("stun", "stun:" + "a" * 300, "longer than"),
    ("stun", " ".join(f"stun:s{i}.example.org" for i in range(9)), "at most 8"),
    ("stun", "stun:bad\r\nhost", "is not an address"),
    ("relays", "https://t.example.org", "is not an address like wss://"),
    ("relays", "wss://t.example.org/<script>", "is not an address"),
    ("relays", "x" * 5000, "too long"),
])
def test_bad_servers_are_refused_with_a_clear_message(field, value, words):
    args = {"stun": "", "relays": ""}
    args[field] = value
    with pytest.raises(SettingsError, match=words):
        from_form("internet", args["stun"], args["relays"])


@pytest.mark.parametrize(("turn", "words"), [
    (("", "u", "p"), "address is missing"),
    (("stun:x.example.org", "u", "p"), "is not an address like turn:"),
    (("turn:x.example.org", "", "p"), "user name is missing"),
    (("turn:x.example.org", "u", ""), "password is missing"),
    (("turn:x.example.org", "u", "p" * 200), "at most 128"),
    (("turn:x.example.org", "u\n", "p\x00"), "plain characters"),
])
def test_bad_turn_servers_are_refused(turn, words):
    with pytest.raises(SettingsError, match=words):
        from_form("internet", "", "", *turn)


def test_unknown_mode_refused():
    with pytest.raises(SettingsError, match="unknown connection mode"):
        from_form("everything", "", "")


@pytest.mark.parametrize("saved", [
    {"mode": "warp", "stun": "stun:x", "relays": [1, 2], "turn": {"url": "http://x"}},
    {"stun": ["javascript:alert(1)"], "relays": ["wss://ok.example.org", {"a": 1}]},
    [], "text", 7,
])
def test_unusable_stored_settings_read_as_defaults(saved):
    s = parse(saved)
    assert s.mode == "internet" and s.stun == list(DEFAULT_STUN) and s.relays == list(DEFAULT_RELAYS)
    assert s.turn is None


def test_room_links_round_trip():
    secret = netconfig.new_secret()
    assert netconfig.secret_ok(secret) and len(secret) == 22  # 128 bits, base64url
    assert netconfig.new_secret() != secret
    seat = RoomInvite(secret, "0123456789abcdef", "lost-cities", 1, "A" * 22)
    assert decode_room(seat.encode()) == seat
    watch = RoomInvite(secret, "0123456789abcdef", "lost-cities")
    assert decode_room(watch.encode()) == watch and watch.seat is None
    # the relays see a hash of the secret, never the secret
    rooms = {netconfig.room_id(secret, "seat-1"), netconfig.room_id(secret, "seat-2"),
             netconfig.room_id(secret, "watch"),
             netconfig.room_id(netconfig.new_secret(), "seat-1")}
    assert len(rooms) == 4 and not any(secret in r for r in rooms)


@pytest.mark.parametrize(("code", "words"), [
    ("2.x", "another version"),
    ("1.abc", "cut short"),
    ("1.short.0123456789abcdef.lost-cities", "room secret"),
    ("1." + "A" * 22 + ".0123.lost-cities", "damaged"),
    ("1." + "A" * 22 + ".0123456789abcdef.Lost<b>", "damaged"),
    ("1." + "A" * 22 + ".0123456789abcdef.lost-cities.x.AAAAAAAAAAAAAAAAAAAA", "seat"),
    ("1." + "A" * 22 + ".0123456789abcdef.lost-cities.1.short", "seat"),
    ("1." + "A" * 500, "too long"),
])
def test_damaged_room_links_are_refused(code, words):
    with pytest.raises(SettingsError, match=words):
        decode_room(code)


def test_host_proof_needs_the_rejoin_token():
    proof = netconfig.host_proof("T" * 22, "0123456789abcdef", "ab" * 16)
    assert len(proof) == 64 and proof == netconfig.host_proof("T" * 22, "0123456789abcdef", "ab" * 16)
    assert proof != netconfig.host_proof("U" * 22, "0123456789abcdef", "ab" * 16)  # another token
    assert proof != netconfig.host_proof("T" * 22, "0123456789abcdef", "cd" * 16)  # another challenge
