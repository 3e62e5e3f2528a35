import { Agent, request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * An HTTP forwarding proxy on loopback that a browser is launched behind (Playwright's `proxy`
 * option, which routes loopback through it as well), forwarding only to one server. Taken `down`,
 * it drops every open connection, keep-alive ones included, and resets each new one, as a lost
 * link would: nothing the browser runs (pages, service worker, anything Playwright does or does not
 * intercept) reaches the server until it is `up` again. The browser still addresses the server by
 * its own origin, so origins, cookies and the server's origin check are those of a direct link.
 */
export class Relay {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly target: URL;
  private readonly agent = new Agent({ keepAlive: true });
  private isDown = false;

  private constructor(targetOrigin: string) {
    this.target = new URL(targetOrigin);
    this.server = createServer((req, res) => this.forward(req, res));
    this.server.on('connection', (socket) => this.accept(socket));
    this.server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => this.tunnel(req, socket, head));
  }

  /** A relay to the server at `targetOrigin` (e.g. `http://127.0.0.1:4321`), listening on a free loopback port. */
  static async start(targetOrigin: string): Promise<Relay> {
    const relay = new Relay(targetOrigin);
    await new Promise<void>((resolve, reject) => {
      relay.server.once('error', reject);
      relay.server.listen(0, '127.0.0.1', () => resolve());
    });
    return relay;
  }

  /** What a browser's `proxy.server` option takes. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  get down(): boolean {
    return this.isDown;
  }

  /** The link is gone: open connections are cut and new ones reset, until `up`. */
  takeDown(): void {
    this.isDown = true;
    for (const socket of this.sockets) socket.destroy();
  }

  bringUp(): void {
    this.isDown = false;
  }

  async close(): Promise<void> {
    this.takeDown();
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Every socket is tracked, the browser's and the server's side alike, so taking the relay down
   * leaves no half-open keep-alive connection a later request could reuse. The listener itself stays
   * open while down, so the port stays the relay's and `bringUp` cannot lose it to another process.
   */
  private accept(socket: Socket): void {
    if (this.isDown) {
      socket.resetAndDestroy();
      return;
    }
    this.track(socket);
  }

  private track(socket: Socket): void {
    if (this.sockets.has(socket)) return;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  /** Whether a request's target is the server the relay serves: it forwards nowhere else. */
  private isTarget(host: string | undefined): boolean {
    return host === this.target.host;
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    // A proxied request names its whole URL (`GET http://host:port/path`); a plain one only its path.
    const url = new URL(req.url ?? '/', this.target);
    if (this.isDown || !this.isTarget(url.host)) {
      res.socket?.destroy();
      return;
    }
    const upstream = httpRequest(
      {
        host: this.target.hostname,
        port: this.target.port,
        agent: this.agent,
        method: req.method,
        path: url.pathname + url.search,
        headers: withoutHopByHop(req.headers),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('socket', (socket) => this.track(socket));
    upstream.on('error', () => res.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  /** CONNECT (a WebSocket or TLS through the proxy): a plain tunnel, to the target only. */
  private tunnel(req: IncomingMessage, client: Socket, head: Buffer): void {
    if (this.isDown || !this.isTarget(req.url)) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(this.target.port), this.target.hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    this.track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  }
}

/** Headers that belong to one connection (RFC 9110, 7.6.1), plus the proxy's own. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

function withoutHopByHop<T extends Record<string, string | string[] | number | undefined>>(headers: T): T {
  const named = new Set([...HOP_BY_HOP, ...String(headers.connection ?? '').split(',').map((h) => h.trim().toLowerCase())]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !named.has(name.toLowerCase()))) as T;
}
