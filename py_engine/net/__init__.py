"""Host-authoritative multiplayer protocol, transport-agnostic (see DESIGN.md, "Multiplayer").

`Host` owns the State and answers each raw guest text with ``(peer_id, text)`` pairs to send;
`Guest` builds messages and keeps the latest view; `messages` is the wire format.
"""

from . import messages
from .guest import Event, Guest
from .host import Host, Out, default_token
from .messages import VERSION, ProtocolError

__all__ = ["VERSION", "Event", "Guest", "Host", "Out", "ProtocolError", "default_token", "messages"]
