import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy to a database server that a test can cut (close the port and drop every open
 * connection, as a database host that goes away would) and open again on the same port, or silence
 * (nothing passes either way and nobody is told, as on a network that drops packets; what was sent
 * meanwhile arrives once it speaks again, as TCP's retransmissions would bring it).
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly pairs = new Set<[Socket, Socket]>();
  private silent = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Replaces host and port of a postgres:// URL with the proxy's. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      client.on('close', () => this.pairs.delete(pair));
      if (!this.silent) join(pair);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Nothing passes, in either direction, until `speak`; connections stay open and new ones are accepted. */
  silence(): void {
    this.silent = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  speak(): void {
    this.silent = false;
    for (const pair of this.pairs) join(pair);
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function join([client, upstream]: [Socket, Socket]): void {
  client.pipe(upstream);
  upstream.pipe(client);
}
