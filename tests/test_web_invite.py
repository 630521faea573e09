"""web/invite.py in CPython: invite links and answer codes round-trip, stay short, and every damaged,
tampered, expired or foreign code fails with a readable CodeError."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import invite  # noqa: E402
from invite import ANSWER, OFFER, CodeError, Description  # noqa: E402

CHROMIUM_OFFER = """v=0\r
o=- 4660249337081473216 2 IN IP4 127.0.0.1\r
s=-\r
t=0 0\r
a=group:BUNDLE 0\r
m=application 52193 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 192.0.2.2\r
a=candidate:1221124589 1 udp 2113937151 192.0.2.2 52193 typ host generation 0 network-cost 999\r
a=candidate:1337625949 1 udp 2113942271 fd00::2 34059 typ host generation 0 network-cost 999\r
a=candidate:3511549145 1 udp 2113937151 02f5243b-ba37-4610-8b5c-3dafd4b35a99.local 40702 typ host generation 0\r
a=candidate:9 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0\r
a=candidate:842163049 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0 generation 0\r
a=ice-ufrag:/FIV\r
a=ice-pwd:j5AJ0II8O0E6553UGJVp2J7O\r
a=ice-options:trickle\r
a=fingerprint:sha-256 B4:B5:CD:B3:D7:92:9B:85:28:82:EF:E9:34:D2:7F:5D:45:68:3F:50:17:A3:AE:30:1B:C4:43:2E:92:E4:67:F2\r
a=setup:actpass\r
a=mid:0\r
a=sctp-port:5000\r
a=max-message-size:262144\r
"""


def offer(**kw) -> Description:
    d = invite.parse_sdp(CHROMIUM_OFFER, OFFER)
    d.game, d.seat, d.table, d.token, d.made = "lost-cities", 1, b"\x01" * 8, "t" * 22, int(time.time())
    for k, v in kw.items():
        setattr(d, k, v)
    return d


def test_parse_keeps_only_what_matters():
    d = invite.parse_sdp(CHROMIUM_OFFER, OFFER)
    assert (d.ufrag, d.pwd, len(d.fingerprint)) == ("/FIV", "j5AJ0II8O0E6553UGJVp2J7O", 32)
    assert d.candidates == [("192.0.2.2", 52193, "host"), ("fd00::2", 34059, "host"),
                            ("02f5243b-ba37-4610-8b5c-3dafd4b35a99.local", 40702, "host"),
                            ("203.0.113.7", 61000, "srflx")]  # the TCP candidate is dropped


def test_offer_and_answer_round_trip_and_are_short():
    d = offer()
    code = invite.encode(d)
    assert invite.decode(code) == d and len(code) < 220
    a = invite.parse_sdp(CHROMIUM_OFFER, ANSWER)
    a.offer_ufrag = "/FIV"
    assert invite.decode(invite.encode(a)) == a
    link = invite.invite_link("https://example.org/games/table/index.html#old", d)
    assert link.startswith("https://example.org/games/table/index.html#join=")
    assert invite.decode(link) == d  # a whole pasted link works too


def test_rebuilt_sdp_has_the_template_and_roles():
    text = invite.sdp(offer())
    assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in text and "a=setup:actpass" in text
    assert "a=fingerprint:sha-256 B4:B5:CD" in text and "a=ice-ufrag:/FIV" in text
    assert "typ srflx raddr 0.0.0.0 rport 0" in text
    a = invite.parse_sdp(CHROMIUM_OFFER, ANSWER)
    assert "a=setup:active" in invite.sdp(a)
    assert invite.parse_sdp(text, OFFER).candidates == offer().candidates


@pytest.mark.parametrize("bad, words", [
    ("", "empty"), ("not a code!", "characters"), ("abc", "cut short"), ("A" * 5000, "not an Explorers"),
])
def test_garbage_is_refused_clearly(bad, words):
    with pytest.raises(CodeError, match=words):
        invite.decode(bad)


def test_tampering_every_position_is_detected():
    code = invite.encode(offer())
    for i in range(len(code) - 1):  # the last character may carry only padding bits
        swapped = "B" if code[i] != "B" else "C"
        with pytest.raises(CodeError):
            invite.decode(code[:i] + swapped + code[i + 1:])


def test_expired_and_future_versions():
    old = invite.encode(offer(made=int(time.time()) - invite.MAX_AGE - 60))
    with pytest.raises(CodeError, match="expired"):
        invite.decode(old)
    code = invite.encode(offer())
    blob = invite.base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    head = bytes([blob[0] + 1]) + blob[1:-4]
    newer = invite._b64(head + invite.zlib.crc32(head).to_bytes(4, "big"))
    with pytest.raises(CodeError, match="another version"):
        invite.decode(newer)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash(data):
    try:
        invite.decode(invite._b64(data))
    except CodeError:
        pass
