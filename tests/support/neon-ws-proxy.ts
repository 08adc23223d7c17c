// A tiny WebSocket-to-TCP proxy like Neon's, so tests run the real @neondatabase/serverless driver
// against the local Postgres server: ws://127.0.0.1:PORT/v1?address=host:port <-> TCP host:port.
import net from 'node:net';
import { WebSocketServer } from 'ws';

export async function startNeonWsProxy(): Promise<{ address: string; stop(): Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (ws, req) => {
    const target = new URL(req.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const [host, port] = target.split(':');
    if (host !== '127.0.0.1' && host !== 'localhost') return ws.close(1008, 'loopback only');
    const socket = net.connect(Number(port), host);
    socket.on('data', (data) => ws.send(data));
    socket.on('close', () => ws.close());
    socket.on('error', () => ws.close());
    ws.on('message', (data) => socket.write(data as Buffer));
    ws.on('close', () => socket.destroy());
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    address: `127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => wss.close(() => resolve())),
  };
}
