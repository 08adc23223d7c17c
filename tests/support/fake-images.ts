// A fake picture host for CSV imports, on loopback: real PNG and JPEG bytes made by sharp, a redirect,
// a 404, an answer that never comes (the importer's timeout), text that claims to be an image, and one
// larger than the 5 MB limit. Every request is recorded.
import { createServer, type Server } from 'node:http';
import sharp from 'sharp';

export interface FakeImages {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeImages(): Promise<FakeImages> {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#25D366' } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#128C7E' } })
    .jpeg()
    .toBuffer();
  const requests: string[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/foto.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/foto.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (path === '/redireciona') return res.writeHead(302, { location: '/foto.jpg' }).end();
    if (path === '/lenta.png') {
      hanging.add(res); // never answers: the importer gives up on its own
      return;
    }
    if (path === '/texto.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('isto não é uma imagem');
    if (path === '/enorme.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(Buffer.alloc(6 * 1024 * 1024, 1));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('não encontrado');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
