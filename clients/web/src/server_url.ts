// Where a cluster's `room_elsewhere` error sends the client (protocol/README.md): an
// absolute ws:// or wss:// URL, or a path such as "/n/node2/ws" on the origin the client
// is connected to (behind a proxy every node is reached through the same host).
/** The URL to reconnect to, or null when `target` is nothing a browser can open. */
export function resolveServerUrl(target: string, current: string): string | null {
  if (!target.startsWith("ws://") && !target.startsWith("wss://")) {
    if (!target.startsWith("/") || target.startsWith("//")) return null;
  }
  try {
    const url = new URL(target, current);
    return url.protocol === "ws:" || url.protocol === "wss:" ? url.href : null;
  } catch {
    return null;
  }
}
