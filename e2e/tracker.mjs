// A local WebSocket BitTorrent tracker for the one-link e2e tests (bittorrent-tracker's Server, the kind of
// relay public/match.js uses): ws only, on 127.0.0.1, a random port printed as the first line of stdout.
// Runs until its stdin closes (the test process ended) or it is killed.
import Server from "bittorrent-tracker/server"; // the server alone (the package index loads a WebRTC client)

const server = new Server({udp: false, http: false, ws: true, stats: false, trustProxy: false});
server.on("error", err => { console.error(String(err)); process.exit(1); });
server.on("warning", () => {});
server.listen(0, "127.0.0.1", () => {
  const {port} = server.ws.address();
  console.log(`ws://127.0.0.1:${port}`);
});
process.stdin.resume();
process.stdin.on("end", () => server.close(() => process.exit(0)));
