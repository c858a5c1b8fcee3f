import net from 'node:net';

// A TCP proxy between a client and PostgreSQL that counts the conversation on each connection, for the round-trip
// test (tests/fault/db-round-trips.test.ts) and bench/checkout-counts.ts (docs/decisions/023-fewer-round-trips.md).
// A "turn" is what the client writes before the server next answers; a "write" is one chunk the client wrote.

export interface Conversation {
  /** What the client sent, as latin1 text (statement texts and parameters can be searched in it). */
  sent: string;
  turns: number;
  writes: number;
  /** Chunks the server wrote back. */
  reads: number;
  sentBytes: number;
  receivedBytes: number;
  clientSpokeLast: boolean;
}

export interface WireProxy {
  port: number;
  conversations: Conversation[];
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1; `watch` is given every chunk a client sends, one reader per connection. */
export async function turnCountingProxy(target: URL, watch?: () => (chunk: Buffer) => void): Promise<WireProxy> {
  const conversations: Conversation[] = [];
  const server = net.createServer((client) => {
    const c: Conversation = { sent: '', turns: 0, writes: 0, reads: 0, sentBytes: 0, receivedBytes: 0, clientSpokeLast: false };
    conversations.push(c);
    const read = watch?.();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (chunk) => {
      if (!c.clientSpokeLast) c.turns++;
      c.clientSpokeLast = true;
      c.writes++;
      c.sentBytes += chunk.length;
      c.sent += chunk.toString('latin1');
      read?.(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      c.clientSpokeLast = false;
      c.reads++;
      c.receivedBytes += chunk.length;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return { port, conversations, close: () => new Promise<void>((r) => server.close(() => r())) };
}
