import type { WebSocket } from 'ws';
import { LiveEventsCloseCode } from '../../api/contract';
import type { LiveEventMessage } from './liveEventChannel';

/** Sockets one customer may hold open on one instance (tabs, devices); the oldest goes beyond it. */
export const MAX_SOCKETS_PER_CUSTOMER = 10;
/** Pause between the server's pings; a socket that has not answered the previous one is dropped. */
export const HEARTBEAT_INTERVAL_MS = 30_000;

/**
 * The open event sockets of this instance, by customer. An event reaches only the sockets of the customer
 * it names; it arrives here from the database notification, whichever instance published it.
 */
export class LiveEventHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private heartbeat: NodeJS.Timeout | null = null;

  add(userId: string, socket: WebSocket): void {
    const own = this.sockets.get(userId) ?? new Set<WebSocket>();
    this.sockets.set(userId, own);
    own.add(socket);
    this.alive.set(socket, true);
    socket.on('pong', () => this.alive.set(socket, true));
    socket.once('close', () => this.remove(userId, socket));
    if (own.size > MAX_SOCKETS_PER_CUSTOMER) {
      const [oldest] = own;
      this.remove(userId, oldest);
      oldest.close(LiveEventsCloseCode.TOO_MANY_SOCKETS, 'too many event sockets');
    }
  }

  /** Open sockets of every customer on this instance. */
  size(): number {
    let total = 0;
    for (const own of this.sockets.values()) total += own.size;
    return total;
  }

  /** Open sockets of one customer on this instance. */
  count(userId: string): number {
    return this.sockets.get(userId)?.size ?? 0;
  }

  deliver(message: LiveEventMessage): void {
    const own = this.sockets.get(message.userId);
    if (!own) return;
    const text = JSON.stringify(message.event);
    for (const socket of own) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  /** Every socket is closed with `code`; clients reconnect (to this instance or another) and reload. */
  closeAll(code: number, reason: string): void {
    for (const [userId, own] of this.sockets) {
      for (const socket of own) socket.close(code, reason);
      this.sockets.delete(userId);
    }
  }

  startHeartbeat(intervalMs = HEARTBEAT_INTERVAL_MS): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.beat(), intervalMs);
    this.heartbeat.unref();
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private beat(): void {
    for (const [userId, own] of this.sockets) {
      for (const socket of own) {
        if (!this.alive.get(socket)) {
          this.remove(userId, socket);
          socket.terminate();
          continue;
        }
        this.alive.set(socket, false);
        socket.ping();
      }
    }
  }

  private remove(userId: string, socket: WebSocket): void {
    const own = this.sockets.get(userId);
    if (!own) return;
    own.delete(socket);
    if (own.size === 0) this.sockets.delete(userId);
  }
}
