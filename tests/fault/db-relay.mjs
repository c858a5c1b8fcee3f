// A TCP relay to PostgreSQL in a process of its own (tests/fault/rehearsal-harness.ts): killing it cuts every
// connection through it and refuses new ones, as a database restart does, without touching the shared server.
// Usage: node tests/fault/db-relay.mjs <listen port> <target host> <target port>
import net from 'node:net';

const [port, host, targetPort] = process.argv.slice(2);
const server = net.createServer((client) => {
  const upstream = net.connect(Number(targetPort), host);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  client.pipe(upstream).pipe(client);
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
