"""web/invite.py in CPython: invite links and answer codes round-trip, stay short, and every damaged,
tampered, expired or foreign code fails with a readable CodeError."""

from __future__ import annotations

import dataclasses
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
    ("", "empty"), ("not a code!", "characters"), ("abc", "not an Explorers"), ("hello", "not an Explorers"),
    ("A" * 5000, "too long"),
])
def test_garbage_is_refused_clearly(bad, words):
    with pytest.raises(CodeError, match=words):
        invite.decode(bad)


@pytest.mark.parametrize("kind", ["offer", "answer"])
def test_a_truncated_link_or_code_says_it_was_cut_short(kind):
    d = offer() if kind == "offer" else dataclasses.replace(offer(), kind=ANSWER)
    code = invite.encode(d)
    for n in range(1, len(code)):
        with pytest.raises(CodeError, match="cut short"):
            invite.decode(code[:n] if n < 6 else "https://example.org/#join=" + code[:n])


def test_an_over_long_answer_code_says_it_is_too_long():
    with pytest.raises(CodeError, match=r"too long \(4001 characters; a code has at most 4000\)"):
        invite.decode("A" * 4001)


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


def forged(d: Description, monkeypatch) -> str:
    """A code packed without the encoder's checks (a hostile link has a valid CRC: anyone can compute it)."""
    with monkeypatch.context() as m:
        m.setattr(invite, "ice_ok", lambda ufrag, pwd: True)
        return invite.encode(d)


@pytest.mark.parametrize("field,value", [
    ("ufrag", "ab\r\na=candidate:1 1 udp 1 6.6.6.6 1 typ host"), ("ufrag", "abc\n"), ("ufrag", "ab cd"),
    ("ufrag", "ab-cd"), ("ufrag", "abc"), ("ufrag", "abcd\u00e9"), ("ufrag", ""),
    ("pwd", "j5AJ0II8O0E6553UGJVp2J7O\r\na=setup:passive"), ("pwd", "short+/"), ("pwd", "x" * 21),
    ("pwd", "j5AJ0II8O0E6553UGJVp2J7O="), ("pwd", "j5AJ0II8O0E6553UGJVp2J7O\x00"),
])
def test_ice_credentials_outside_the_grammar_are_refused(field, value, monkeypatch):
    d = offer(**{field: value})
    with pytest.raises(CodeError):
        invite.encode(d)
    with pytest.raises(CodeError, match="damaged"):
        invite.decode(forged(d, monkeypatch))


@pytest.mark.parametrize("old,new", [("a=ice-ufrag:/FIV", "a=ice-ufrag:/F-IV"), ("a=ice-ufrag:/FIV", "a=ice-ufrag:ab"),
                                     ("a=ice-pwd:j5AJ0II8O0E6553UGJVp2J7O", "a=ice-pwd:j5AJ0II8O0E65 53UGJVp2J7O"),
                                     ("a=ice-pwd:j5AJ0II8O0E6553UGJVp2J7O", "a=ice-pwd:short")])
def test_a_browser_description_outside_the_grammar_is_refused(old, new):
    with pytest.raises(CodeError, match="ICE grammar"):
        invite.parse_sdp(CHROMIUM_OFFER.replace(old, new), OFFER)


def test_the_grammar_accepts_real_credentials():
    assert invite.ice_ok("/FIV", "j5AJ0II8O0E6553UGJVp2J7O") and invite.ice_ok("a+b/", "A" * 256)
    d = invite.decode(invite.encode(offer()))
    assert "\r" not in invite.sdp(d).replace("\r\n", "") and d.ufrag == "/FIV"


@pytest.mark.parametrize("field,value", [("game", "Lost Cities"), ("game", "x\r\ny"), ("token", "short"),
                                         ("token", "t" * 20 + "\n"), ("token", "t" * 129)])
def test_other_offer_fields_have_fixed_alphabets(field, value, monkeypatch):
    with pytest.raises(CodeError, match="damaged"):
        invite.decode(forged(offer(**{field: value}), monkeypatch))


def test_expiry_is_the_hosts_own_clock_and_a_link_cannot_push_it():
    now = time.time()
    future = invite.encode(offer(made=int(now) + invite.MAX_AGE + 600))  # a link claiming to be made later
    with pytest.raises(CodeError, match="future"):
        invite.decode(future, now=now)
    skewed = invite.decode(invite.encode(offer(made=int(now) + 3600)), now=now)  # an hour of clock skew is fine
    assert skewed.made == int(now) + 3600
    answer = invite.parse_sdp(CHROMIUM_OFFER, ANSWER)
    answer.offer_ufrag = "/FIV"
    answer = invite.decode(invite.encode(answer))
    host_made = now - invite.MAX_AGE - 60  # the host made this offer 24 h + 1 min ago ...
    with pytest.raises(CodeError, match="expired"):
        invite.check_answer(answer, "/FIV", host_made, now=now)  # ... whatever any link says
    invite.check_answer(answer, "/FIV", now - 60, now=now)  # fresh: accepted
    with pytest.raises(CodeError, match="another invite link"):
        invite.check_answer(answer, "OTHR", now - 60, now=now)
    with pytest.raises(CodeError, match="not an answer code"):
        invite.check_answer(invite.decode(invite.encode(offer())), "/FIV", now - 60, now=now)


def test_docstring_claims_only_what_the_crc_does():
    doc = " ".join(invite.__doc__.split())
    assert "tampered" not in doc and "accidental damage only: it is no signature" in doc
