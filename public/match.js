// One-link matchmaking: a Trystero room (torrent strategy, ./trystero/, copied by build.py) joined through
// WebSocket rendezvous relays. Imported by web/room.py only when a table has a remote seat or a room link is
// opened, so the home page never loads it. The relays carry only Trystero's signalling, encrypted with AES-GCM
// under a key derived from the room secret (Trystero's `password`); they see a hash of the room id, never the
// secret. Every text then travels over the peers' own WebRTC data channel ("t" action). Nothing here parses
// a message: texts go to Python's bounded parsers, after a size cap and a rate cap per peer, so a flooding
// or misbehaving peer is cut off instead of freezing the page.
const MAX_TEXT = 4 * 1024 * 1024; // characters, as web/rtc.py
const RATE = 200; // messages a peer may send per second (burst); past it the peer is dropped
const APP_ID = "explorers-table";

let lib = null;
const leaving = new Map(); // roomId -> the promise of a leave still under way (a room is joined again after it)

// `host`: this page hosts, so its Trystero id sorts above any guest's (build.py: copy_trystero); decided by
// the first load of the page.
export async function load(host = false) {
  if (!lib && host) globalThis.explorersTrysteroIdPrefix = "zz";
  lib ??= await import("./trystero/torrent.mjs");
  return lib;
}

// opts: {roomId, secret, relays: JSON [url], iceServers: JSON [...], policy: "all"|"relay", passive: bool,
//        noRouteMs}
// A passive peer (the host) makes no offers of its own and answers every offer at once; the active one (a guest)
// announces offers, so a guest arriving, or coming back, is answered as soon as its offer reaches the host.
// emit(kind, peerId, text): kind in "join" | "leave" | "text" | "hello" | "error" | "flood" | "noroute"
export async function open(opts, emit) {
  const trystero = await load(Boolean(opts.passive));
  await leaving.get(opts.roomId);
  // Every RTCPeerConnection of this room, watched: once both descriptions are set (the ICE checks run) and no
  // connection comes within noRouteMs, say "noroute" (Trystero itself reports it only after 23 s).
  const checking = new Set();
  class Watched extends RTCPeerConnection {
    constructor(config) {
      super(config);
      this.addEventListener("connectionstatechange", () => {
        const state = this.connectionState;
        if (state === "connected" || state === "closed") checking.delete(this);
        if (state === "failed" && checking.delete(this)) emit("noroute", "", "");
      });
    }
    async setRemoteDescription(description) {
      const result = await super.setRemoteDescription(description);
      if (!checking.has(this) && this.connectionState !== "connected") {
        checking.add(this);
        setTimeout(() => {
          if (checking.delete(this) && this.connectionState !== "connected") emit("noroute", "", "");
        }, Number(opts.noRouteMs) || 8000);
      }
      return result;
    }
  }
  const room = trystero.joinRoom(
    {
      appId: APP_ID,
      passive: Boolean(opts.passive),
      password: opts.secret,
      relayConfig: {urls: JSON.parse(opts.relays), warnOnRelayFailure: false},
      rtcConfig: {iceServers: JSON.parse(opts.iceServers), iceTransportPolicy: opts.policy},
      rtcPolyfill: Watched,
    },
    opts.roomId,
    {onJoinError: e => emit("error", String(e && e.peerId || ""), String(e && e.error || "unknown"))},
  );
  const text = room.makeAction("t");
  const hello = room.makeAction("h");
  const buckets = new Map();
  const blocked = new Set();
  const allowed = id => {
    if (blocked.has(id)) return false;
    const now = performance.now();
    const b = buckets.get(id) || {tokens: RATE, at: now};
    b.tokens = Math.min(RATE, b.tokens + (now - b.at) * RATE / 1000);
    b.at = now;
    buckets.set(id, b);
    if (b.tokens < 1) {
      blocked.add(id);
      emit("flood", id, "");
      return false;
    }
    b.tokens -= 1;
    return true;
  };
  room.onPeerJoin = id => { if (!blocked.has(id)) emit("join", id, ""); };
  room.onPeerLeave = id => { buckets.delete(id); emit("leave", id, ""); };
  text.onMessage = (data, meta) => {
    const id = String(meta && meta.peerId);
    if (typeof data === "string" && data.length <= MAX_TEXT && allowed(id)) {
      globalThis.explorersWireTap?.(opts.roomId, id, data); // tests read what arrived on the wire (never set here)
      emit("text", id, data);
    }
  };
  hello.onMessage = (data, meta) => {
    const id = String(meta && meta.peerId);
    if (typeof data === "string" && data.length <= 200 && allowed(id)) emit("hello", id, data);
  };
  return {
    send: (id, t) => { text.send(t, {target: id}).catch(() => {}); },
    hello: (id, t) => { hello.send(t, {target: id}).catch(() => {}); },
    drop: id => { blocked.add(id); },
    relaysUp: () => Object.values(trystero.getRelaySockets()).filter(s => s && s.readyState === 1).length,
    peers: () => Object.keys(room.getPeers()),
    connecting: () => checking.size,
    leave: () => {
      const done = room.leave().catch(() => {}).finally(() => {
        if (leaving.get(opts.roomId) === done) leaving.delete(opts.roomId);
      });
      leaving.set(opts.roomId, done);
    },
  };
}
