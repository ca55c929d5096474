import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/*
 * A picture host for the sign-in avatar tests (issue 28): a real https server on 127.0.0.1, as the
 * product's CDN or a provider's avatar host would be. Its certificate is self-signed for 127.0.0.1
 * and localhost (valid until 2126); the test server trusts it through `avatarFetchCa`. It serves:
 *   /avatar.png    a PNG with EXIF metadata the fetch must strip (also /avatar-2.png…, counted apart)
 *   /missing.png   404
 *   /page.html     200 text/html: not an image
 *   /slow.png      headers, then never the rest (a host slower than avatarFetchTimeoutMs)
 * and counts the requests of each path.
 */

export const PICTURE_SERVER_CERT = `-----BEGIN CERTIFICATE-----
MIIBwzCCAWmgAwIBAgIUFwJQUCBKwewIc2If+hqiB4TIYIwwCgYIKoZIzj0EAwIw
KDEmMCQGA1UEAwwdZmVlZGJhY2tkIHRlc3QgcGljdHVyZSBzZXJ2ZXIwIBcNMjYx
MTI5MTEzNDMxWhgPMjEyNjExMDUxMTM0MzFaMCgxJjAkBgNVBAMMHWZlZWRiYWNr
ZCB0ZXN0IHBpY3R1cmUgc2VydmVyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
PrXHQP8XjCVXqPxn3SSoQaEBQBH3Zti6gctshCgkw8xk/r2Z82WrmS/HtIcdHKhm
Ix7ATaCak+B3K8+tvg/M1KNvMG0wHQYDVR0OBBYEFPVaMyUtwAM7HKAqU267faig
9PAcMB8GA1UdIwQYMBaAFPVaMyUtwAM7HKAqU267faig9PAcMBoGA1UdEQQTMBGH
BH8AAAGCCWxvY2FsaG9zdDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gA
MEUCIQDeDVP/lBN2Goi/MrNOZBG3OUZnHVQALG/9uTK4dC4kjAIgQUKnrdkxJyc+
lkcoA06xAvFKg1DU6BhhCofM6NwMcMo=
-----END CERTIFICATE-----
`;

// A key for a throwaway test certificate, used by nothing else.
const PICTURE_SERVER_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgAeLqRPUuT3cggNF6
r6IkwLCBSIYh80Dsr0BQ3dCGNSChRANCAAQ+tcdA/xeMJVeo/GfdJKhBoQFAEfdm
2LqBy2yEKCTDzGT+vZnzZauZL8e0hx0cqGYjHsBNoJqT4Hcrz62+D8zU
-----END PRIVATE KEY-----
`;

/** The metadata the picture carries, which must never reach the stored avatar. */
export const PICTURE_COMMENT = 'taken at 48.8584N 2.2945E';

export interface PictureServer {
  /** `https://127.0.0.1:<port>` */
  url: string;
  /** The PNG served at /avatar.png, as sent. */
  png: Buffer;
  /** Requests by path so far. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

export async function startPictureServer(): Promise<PictureServer> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2f6fdb' } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: PICTURE_COMMENT } } })
    .toBuffer();
  const requests = new Map<string, number>();
  const server: Server = createServer({ key: PICTURE_SERVER_KEY, cert: PICTURE_SERVER_CERT }, (request, response) => {
    const path = request.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (/^\/avatar(?:-\d+)?\.png$/.test(path)) response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (path === '/slow.png') response.writeHead(200, { 'content-type': 'image/png' }).write(png.subarray(0, 16));
    else if (path === '/page.html') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Not a picture</title>');
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    png,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
